// The driver's transcript cases: the program run with these words, compared with the reference.
import type { TranscriptCase } from '@pitboss/grader/kit';
import fc from 'fast-check';

const fixed = (group: string, lines: readonly string[]): TranscriptCase[] =>
  lines.map((line) => ({ group, words: line.split(' ') }));

/** Argument sets drawn once from a fixed seed: the same on every run and machine. */
const GENERATED_SEED = 280;
const generated: TranscriptCase[] = fc
  .sample(
    fc.record({
      bankroll: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 2000 })),
      hands: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 600 })),
      type: fc.constantFrom('simple', 'counting'),
    }),
    { seed: GENERATED_SEED, numRuns: 12 },
  )
  .map(({ bankroll, hands, type }) => ({ group: 'generated', words: [`${bankroll}`, `${hands}`, type] }));

export const transcriptCases: readonly TranscriptCase[] = [
  // The course's published cases.
  ...fixed('course', [
    '100 3 simple',
    '100 3 counting',
    '3 2 simple',
    '5 10 simple',
    '5 5 counting',
    '1 10 counting',
  ]),
  ...fixed('edge', [
    // A bankroll below the minimum: the shuffle still prints, then 0 hands.
    '4 1 simple',
    // Exactly the minimum, a single hand.
    '5 1 simple',
    // Reshuffles: fewer than 20 cards left at a hand's start, several times.
    '100 30 simple',
    // The first natural 21 of the course's cut sequence comes in hand 52.
    '100 60 simple',
    '1000 60 counting',
    // The counting player at 2 x minimum.
    '10 40 counting',
  ]),
  ...fixed('long', ['5000 5000 counting']),
  ...generated,
];
