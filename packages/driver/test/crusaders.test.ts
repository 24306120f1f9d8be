import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../scripts/transcript-fixtures.ts';
import { findRuleSet, playTranscript } from '../src/index.ts';
import { emptyReport, referee } from './crusaders-referee.ts';

const crusaders = findRuleSet('crusaders')!;

interface Args {
  bankroll: number;
  hands: number;
  type: 'simple' | 'counting';
  dealers: 'sc' | 'sos';
  seed: number;
}

const argsArb: fc.Arbitrary<Args> = fc.record({
  bankroll: fc.oneof(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1, max: 2000 })),
  hands: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 300 })),
  type: fc.constantFrom('simple' as const, 'counting' as const),
  dealers: fc.constantFrom('sc' as const, 'sos' as const),
  seed: fc.oneof(fc.constant(0), fc.nat({ max: 0xffffffff })),
});

const play = (args: Args) =>
  playTranscript(crusaders, [`${args.bankroll}`, `${args.hands}`, args.type, args.dealers], {
    seed: args.seed,
    readFile: () => '',
  }).text;

const COMPAT = join(REPO_ROOT, 'fixtures/compat/crusaders');
const grid = readFileSync(join(COMPAT, 'cases.txt'), 'utf8')
  .split('\n')
  .filter((line) => /^\d/.test(line))
  .map((line) => line.split(' '));

describe('crusaders games', () => {
  it('the referee, written from the rules, accepts every course-grid output and sees every special rule', () => {
    const seen = emptyReport();
    for (const words of grid) {
      const text = readFileSync(join(COMPAT, `${words.join('_')}.txt`), 'utf8');
      const report = referee(text, Number(words[0]), Number(words[1]), words[3] as 'sc' | 'sos');
      for (const key of ['rounds', 'hands', 'timeStops', 'usedUp', 'escapes', 'cheers'] as const)
        seen[key] += report[key];
    }
    // The counts compat/crusaders/README.md gives for this grid.
    expect(seen.timeStops).toBe(7291);
    expect(seen.usedUp).toBe(461);
    expect(seen.escapes).toBe(70);
  });

  it('the referee rejects a transcript with one line changed', () => {
    const text = readFileSync(join(COMPAT, '100_10_counting_sc.txt'), 'utf8');
    const lines = text.split('\n');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: lines.length - 2 }), (index) => {
        const changed = [...lines];
        changed[index] = `${changed[index]} `;
        expect(() => referee(changed.join('\n'), 100, 10, 'sc')).toThrow(`line ${index + 1}`);
      }),
      { numRuns: 50 },
    );
  });

  it('every game over random argument sets and seeds passes the referee, line by line', () => {
    fc.assert(
      fc.property(argsArb, (args) => {
        referee(play(args), args.bankroll, args.hands, args.dealers);
      }),
      { numRuns: 120 },
    );
  });

  it('a game ends with one whole team kicked out, after at most 9 rounds', () => {
    fc.assert(
      fc.property(argsArb, (args) => {
        const report = referee(play(args), args.bankroll, args.hands, args.dealers);
        expect(report.rounds).toBeGreaterThanOrEqual(5);
        expect(report.rounds).toBeLessThanOrEqual(9);
      }),
      { numRuns: 60 },
    );
  });

  it('the deck running out on an ordinary card restarts the hand too (a seed the grid never reaches)', () => {
    // Seed 2: Jotaro as dealer draws an ordinary card, then the deck runs out on the next one.
    const args: Args = { bankroll: 1000, hands: 200, type: 'simple', dealers: 'sc', seed: 2 };
    const lines = play(args).split('\n');
    const usedUp = lines.findIndex(
      (line, i) =>
        line.endsWith('card used up, this hand will start again') && !lines[i - 1]!.includes('Za Warudo'),
    );
    expect(lines[usedUp - 1]).toBe('Dealer: Kujo Jotaro dealt Seven of Hearts');
    referee(lines.join('\n'), args.bankroll, args.hands, args.dealers);
  });
});

describe('crusaders golden transcripts', () => {
  const GOLDEN = join(REPO_ROOT, 'fixtures/transcripts/crusaders');
  const cases = readFileSync(join(GOLDEN, 'cases.txt'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(' '));
  it.each(cases.map((words) => [words.join(' '), words] as const))('%s passes the referee', (_, words) => {
    const name = words.map((word) => word.replace(/^-+/, '')).join('_');
    const [bankroll, hands, , dealers] = words.slice(words[0] === '--seed' ? 2 : 0);
    referee(
      readFileSync(join(GOLDEN, `${name}.txt`), 'utf8'),
      Number(bankroll),
      Number(hands),
      dealers as 'sc',
    );
  });
});
