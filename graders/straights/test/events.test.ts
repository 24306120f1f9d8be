// Straights' game events (events.ts, SPEC section 9): the reference's own outputs read as the same game
// under every change of format real students make (whitespace, case, no prompts, their own wording of
// moves and scores), and as another game under a change of a rule (a card, a total, a winner, a game
// that goes on). Outputs are the reference's, for the graded cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStraightsEvents, straightsEvents, straightsHint } from '../events.ts';
import { expectedTranscript, transcriptCases } from '../transcripts.ts';

const keys = (output: string) => readStraightsEvents(output).map((event) => event.key);

// A few whole games of every group: the first course, edge and generated cases.
const outputs = ['course', 'edge', 'generated'].flatMap((group) =>
  transcriptCases
    .filter((each) => each.group === group)
    .slice(0, 3)
    .map((each) => expectedTranscript(each)),
);

type Perturb = (output: string, rng: () => number) => string;

/** Format-only changes, each as a real CS246 program makes it. */
const FORMAT: Readonly<Record<string, Perturb>> = {
  whitespace: (output, rng) =>
    output
      .split('\n')
      .map((line) => (rng() < 0.3 ? `  ${line.replaceAll(' ', rng() < 0.5 ? '\t' : '   ')} ` : line))
      .join(rng() < 0.5 ? '\n' : '\n\n'),
  case: (output, rng) =>
    output
      .split('\n')
      .map((line) => (rng() < 0.5 ? line.toUpperCase() : line.toLowerCase()))
      .join('\n'),
  prompts: (output) => output.replace(/^>/gm, ''),
  'own wording': (output) =>
    output
      .replace(/Player(\d)/g, 'Player $1')
      .replace(/ plays (\w\w)\./g, ' plays card $1')
      .replace(/ discards (\w\w)\./g, ' discards card $1')
      .replace(/score: (\d+) \+ (\d+) = (\d+)/g, 'score: $1+$2=$3'),
  'spelled-out cards': (output) =>
    output.replace(
      /(plays|discards) ([A2-9TJQK])([CDHS])\./g,
      (_, verb: string, rank: string, suit: string) => {
        const ranks: Record<string, string> = { A: 'Ace', T: '10', J: 'Jack', Q: 'Queen', K: 'King' };
        const suits: Record<string, string> = { C: 'Clubs', D: 'Diamonds', H: 'Hearts', S: 'Spades' };
        return `${verb} the ${ranks[rank] ?? rank} of ${suits[suit]}`;
      },
    ),
};

/** Changes of a rule, each in one place of the output: the game must read as another. */
const RULES: Readonly<Record<string, (output: string, at: number) => string>> = {
  'another card': (output, at) => {
    const moves = [...output.matchAll(/ (plays|discards) ([A2-9TJQK][CDHS])\./g)];
    const move = moves[at % moves.length]!;
    const other = move[2] === 'AS' ? 'KH' : 'AS';
    return `${output.slice(0, move.index)} ${move[1]} ${other}.${output.slice(move.index! + move[0].length)}`;
  },
  'another total': (output, at) => {
    const totals = [...output.matchAll(/ = (\d+)\n/g)];
    const total = totals[at % totals.length]!;
    return `${output.slice(0, total.index)} = ${Number(total[1]) + 1}\n${output.slice(total.index! + total[0].length)}`;
  },
  'a winner left out': (output) => output.replace(/Player\d wins!\n(?![\s\S]*wins!)/, ''),
  'the game goes on': (output) => `${output}Player1 plays 7S.\n`,
};

describe('Straights game events', () => {
  it('read every move, round total and winner of a reference game', () => {
    const events = readStraightsEvents(outputs[0]!);
    const moves = events.filter((event) => /^(plays|discards) /.test(event.key));
    expect(moves.length % 52).toBe(0);
    const rounds = moves.length / 52;
    expect(events.filter((event) => event.key.startsWith('score ')).length).toBe(4 * rounds);
    expect(events.at(-1)?.key).toMatch(/^wins Player[1-4]$/);
    expect(events.at(-1)?.round).toBe(rounds);
    expect(events[0]!.say('you')).toMatch(/^you have Player[1-4] play the Seven of Spades$/);
  });

  it.each(Object.keys(FORMAT))('are the same game under a format-only change: %s', (name) => {
    fc.assert(
      fc.property(fc.constantFrom(...outputs.keys()), fc.integer(), (which, seed) => {
        let state = seed >>> 0 || 1;
        const rng = () => {
          state = (state * 48271) % 2147483647;
          return state / 2147483647;
        };
        const output = outputs[which]!;
        expect(keys(FORMAT[name]!(output, rng))).toEqual(keys(output));
      }),
      { numRuns: 20 },
    );
  });

  it.each(Object.keys(RULES))('are another game under a change of a rule: %s', (name) => {
    fc.assert(
      fc.property(fc.constantFrom(...outputs.keys()), fc.nat(), (which, at) => {
        const output = outputs[which]!;
        const changed = RULES[name]!(output, at);
        expect(changed).not.toBe(output);
        expect(keys(changed)).not.toEqual(keys(output));
      }),
      { numRuns: 20 },
    );
  });

  it('never throw on arbitrary text, and read a list of discards as no move', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        readStraightsEvents(text);
        straightsEvents.withoutPrompts?.(text);
      }),
    );
    expect(keys("Player1's discards: 5H 4H KH\nLegal plays: 7S\n")).toEqual([]);
  });

  it('hint at a re-seeded shuffle when a later round differs from its first move', () => {
    const output = outputs[0]!;
    const course = readStraightsEvents(output);
    const second = course.findIndex((event) => event.round === 2);
    expect(second).toBeGreaterThan(0);
    const hint = straightsHint({
      index: second,
      yours: course[0],
      course: course[second],
      yoursAll: course,
      courseAll: course,
    });
    expect(hint).toContain('re-seeded');
  });
});
