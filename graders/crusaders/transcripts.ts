// The driver's transcript cases: the program run with these words, compared with the reference.
// Line numbers are those of the course-grid outputs in fixtures/compat/crusaders/ (the same text).
import type { TranscriptCase } from '@pitboss/grader/kit';
import fc from 'fast-check';

const fixed = (group: string, lines: readonly string[]): TranscriptCase[] =>
  lines.map((line) => ({ group, words: line.split(' ') }));

/** Argument sets drawn once from a fixed seed: the same on every run and machine. */
const GENERATED_SEED = 2021;
const generated: TranscriptCase[] = fc
  .sample(
    fc.record({
      bankroll: fc.oneof(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1, max: 2000 })),
      hands: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 300 })),
      type: fc.constantFrom('simple', 'counting'),
      dealers: fc.constantFrom('sc', 'sos'),
    }),
    { seed: GENERATED_SEED, numRuns: 12 },
  )
  .map(({ bankroll, hands, type, dealers }) => ({
    group: 'generated',
    words: [`${bankroll}`, `${hands}`, type, dealers],
  }));

export const transcriptCases: readonly TranscriptCase[] = [
  // The course's pretests (project3_io case1..8).
  ...fixed('course', [
    '4 2 simple sc',
    '4 2 counting sc',
    '4 2 simple sos',
    '4 2 counting sos',
    '5 1 simple sc',
    '5 1 counting sc',
    '5 1 simple sos',
    '5 1 counting sos',
  ]),
  // One case for each special rule, the first place it shows.
  ...fixed('special', [
    // Time stop as player (SOS deals): Jotaro's hit would bust, line 263; five stops in a row.
    '19 5 simple sos',
    // Time stop as dealer: Jotaro draws to a bust at line 57, four stops in a row.
    '19 1 simple sc',
    // The most stops in a row, 12 as dealer (lines 7424-7435), then the deck runs out (line 7436);
    // and it runs out twice in one hand: hand 99 starts again at lines 7727 and 7755.
    '300 200 counting sc',
    // The most stops in a row as player, 11 (lines 2520-2530); card used up during his time stop, line 986.
    '19 50 simple sos',
    // Card used up during the dealer's time stop: hand 2 starts again, line 67.
    '100 2 simple sc',
    // Joseph escapes after his first hand with 2, below 5 too: the escape line comes first, line 41.
    '6 1 counting sos',
    // Joseph escapes with 5, the minimum, with hands left: below half of 20, line 215.
    '20 5 simple sos',
    // "Nice!" as player: Joseph kicks out the dealer Haruhi, line 21.
    '9 1 counting sos',
    // "Nice!" as dealer: Joseph kicks out Haruhi, line 21.
    '10 10 counting sc',
    // "rerorerorero rerorerorero" as player: Kakyoin kicks out a dealer, line 386.
    '10 5 simple sos',
    // "rerorerorero rerorerorero" as dealer: Kakyoin kicks out a player, line 225.
    '10 2 counting sc',
    // A player entering below the minimum: Haruhi with 2 plays no hand (line 9), and the dealer Joseph cheers.
    '2 5 simple sc',
    // Haruhi bets 10 from 6 and goes negative: "has -4 after 1 hands", line 19.
    '6 1 counting sc',
    // Joseph entering below the minimum: twice 1 is 2, no hand and no escape, line 9.
    '1 1 simple sos',
    // The same with twice 2, line 9.
    '2 3 counting sos',
    // Itzuki as a counting player doubles his bet, line 516 (as a simple one he never does).
    '20 10 counting sc',
  ]),
  // Made by the reference where the course grid has no case: what the grid leaves open (SPEC section 6).
  ...fixed('edge', [
    // Joseph at exactly half of an odd bankroll argument, rounded down: 6 - 5 = 1 is not below 3 / 2
    // in integer halving, so no escape line; he is simply kicked out below the minimum.
    '3 2 simple sos',
  ]),
  // 200 hands a round: bankrolls carried over, many reshuffles, and the deck running out twice in one
  // of Jotaro's hands as player (hand 144: lines 7494 and 7520 of 19 200, lines 7503 and 7529 of 20 200).
  ...fixed('long', ['19 200 simple sos', '20 200 counting sos', '1000 200 counting sc']),
  ...generated,
];
