// The Blackjack editions' game events (events.ts): each edition's reference outputs read as the same
// game under every format-only change (whitespace, case, minbet's `# ` prefixes, `Ten` spelled `10`),
// and as another game under a change of a rule (a bet, a card, an outcome, a bankroll).
import { findRuleSet, playTranscript } from '@pitboss/driver';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackjackHint, readBlackjackEvents } from '../events.ts';

const keys = (output: string) => readBlackjackEvents(output).map((event) => event.key);

const play = (rules: string, words: readonly string[]): string =>
  playTranscript(findRuleSet(rules)!, words, {
    readFile: () => {
      throw new Error('no files');
    },
  }).text;

const OUTPUTS: Readonly<Record<string, string[]>> = {
  classic: [play('classic', ['100', '40', 'counting']), play('classic', ['50', '20', 'simple'])],
  minbet: [play('minbet', ['200', '10', '40', 'counting']), play('minbet', ['30', '7', '20', 'simple'])],
  crusaders: [
    play('crusaders', ['1000', '30', 'counting', 'sc']),
    play('crusaders', ['300', '30', 'simple', 'sos']),
  ],
};
const all = Object.entries(OUTPUTS).flatMap(([edition, outputs]) =>
  outputs.map((output) => ({ edition, output })),
);

const rngOf = (seed: number) => {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
};

const FORMAT: Readonly<Record<string, (output: string, rng: () => number) => string>> = {
  whitespace: (output, rng) =>
    output
      .split('\n')
      .map((line) => (rng() < 0.3 ? ` ${line.replaceAll(' ', '  ')}\t` : line))
      .join('\n'),
  case: (output, rng) =>
    output
      .split('\n')
      .map((line) => (rng() < 0.5 ? line.toUpperCase() : line.toLowerCase()))
      .join('\n'),
  'prefixes added or dropped': (output) =>
    output.includes('# ') ? output.replace(/^# /gm, '') : output.replace(/^/gm, '# '),
  'spots as numbers': (output) => output.replace(/\bTen of\b/g, '10 of').replace(/\bTwo of\b/g, '2 of'),
};

const RULES: Readonly<Record<string, (output: string, at: number) => string>> = {
  'another bet': (output, at) => nth(output, /bets (\d+)/g, at, (m) => `bets ${Number(m[1]) + 5}`),
  'another card': (output, at) =>
    nth(output, /dealt (\w+) of (\w+)/g, at, (m) => `dealt ${m[1] === 'Ace' ? 'King' : 'Ace'} of ${m[2]}`),
  'an outcome turned': (output, at) => nth(output, /wins\b/g, at, () => 'busts'),
  'another bankroll': (output, at) =>
    nth(output, /bankroll (\d+)/g, at, (m) => `bankroll ${Number(m[1]) + 1}`),
};

/** `output` with the `at`-th match of `pattern` (cycling) replaced. */
function nth(output: string, pattern: RegExp, at: number, replace: (m: RegExpExecArray) => string): string {
  const found = [...output.matchAll(pattern)];
  const m = found[at % found.length] as RegExpExecArray;
  return `${output.slice(0, m.index)}${replace(m)}${output.slice(m.index + m[0].length)}`;
}

describe('Blackjack game events', () => {
  it('read each hand, bet, card shown and outcome of a reference game, in its round', () => {
    const events = readBlackjackEvents(OUTPUTS.classic![0]!);
    expect(events[0]!.key).toBe('hand 1 bankroll 100');
    expect(events[1]!.key).toBe('bet player 5');
    expect(events[2]!.say('the course')).toMatch(/^the course deals the player the \w+ of \w+$/);
    expect(events.at(-1)!.key).toMatch(/^final player \d+ \d+$/);
    expect(Math.max(...events.map((event) => event.round))).toBeGreaterThan(1);
    const crusaders = readBlackjackEvents(OUTPUTS.crusaders![0]!);
    expect(crusaders[2]!.say('you')).toMatch(/^you deal .+ \(the player\) the \w+ of \w+$/);
  });

  it.each(Object.keys(FORMAT))('are the same game under a format-only change: %s', (name) => {
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.integer(), ({ output }, seed) => {
        expect(keys(FORMAT[name]!(output, rngOf(seed)))).toEqual(keys(output));
      }),
      { numRuns: 12 },
    );
  });

  it.each(Object.keys(RULES))('are another game under a change of a rule: %s', (name) => {
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.nat(), ({ output }, at) => {
        const changed = RULES[name]!(output, at);
        expect(keys(changed)).not.toEqual(keys(output));
      }),
      { numRuns: 12 },
    );
  });

  it('never throw on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        readBlackjackEvents(text);
      }),
    );
  });

  it('hint at the dealer 17 when a dealer card is missing or extra', () => {
    const course = readBlackjackEvents(OUTPUTS.classic![0]!);
    const at = course.findIndex((event) => event.key.startsWith('card dealer'));
    const hint = blackjackHint({
      index: at,
      yours: course.find((event) => event.key.startsWith('wins')),
      course: course[at],
      yoursAll: course,
      courseAll: course,
    });
    expect(hint).toContain('17');
  });
});
