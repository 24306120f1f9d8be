// The table's game events (events.ts): the reference's outputs of the graded cases read as the same
// game under every format-only change (whitespace, case, the prompts reworded or left out, the cards
// shown in another layout), and as another game under a change of a rule (a card, the funds, a
// settling, a bet refused).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTableEvents, tableEvents, tableHint } from '../events.ts';
import { referenceOf, transcriptCases } from '../transcripts.ts';

const keys = (output: string) => readTableEvents(output).map((event) => event.key);

const outputs = transcriptCases.slice(0, 8).map((each) => referenceOf(each).text);
const withRounds = outputs.filter((output) => /now has \$/.test(output));

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
      .map((line) => (rng() < 0.3 ? `  ${line.replaceAll(' ', '  ')} ` : line))
      .join('\n'),
  case: (output, rng) =>
    output
      .split('\n')
      .map((line) => (rng() < 0.5 ? line.toUpperCase() : line.toLowerCase()))
      .join('\n'),
  'prompts left out': (output) => tableEvents.withoutPrompts!(output),
  'prompts reworded': (output) =>
    output
      .replace(/How much does (\w+) bet\? /g, '$1, place your bet: ')
      .replace(/Another round\? /g, 'Play again (y/n)? '),
  'hands in its own layout': (output) =>
    output.replace(
      /^(\w+): (.*)$/gm,
      (_, who: string, cards: string) => `${who} holds ${cards.replaceAll(', ', ' and ')}`,
    ),
};

const RULES: Readonly<Record<string, (output: string, at: number) => string>> = {
  // Another card dealt shows as that card wherever the round shows it again (its hand, the dealer's
  // turn): one showing alone changed would only misdraw a hand, a format fault.
  'another card': (output, at) => {
    const found = [...output.matchAll(/(\w+) of (Clubs|Diamonds|Hearts|Spades)/g)];
    const m = found[at % found.length] as RegExpExecArray;
    const start = Math.max(0, output.lastIndexOf('Round ', m.index));
    const next = output.indexOf('Round ', m.index);
    const end = next < 0 ? output.length : next;
    const other = `${m[1] === 'Ace' ? 'King' : 'Ace'} of ${m[2]}`;
    const round = output.slice(start, end).replaceAll(new RegExp(`\\b${m[0]}\\b`, 'g'), other);
    return `${output.slice(0, start)}${round}${output.slice(end)}`;
  },
  'other funds': (output, at) => nth(output, /now has \$(\d+)/g, at, (m) => `now has $${Number(m[1]) + 10}`),
  'another settling': (output, at) =>
    nth(output, /--(Dealer wins|Dealer loses|Tie)/g, at, (m) => (m[1] === 'Tie' ? '--Dealer wins' : '--Tie')),
};

/** `output` with the `at`-th match of `pattern` (cycling) replaced. */
function nth(output: string, pattern: RegExp, at: number, replace: (m: RegExpExecArray) => string): string {
  const found = [...output.matchAll(pattern)];
  const m = found[at % found.length] as RegExpExecArray;
  return `${output.slice(0, m.index)}${replace(m)}${output.slice(m.index + m[0].length)}`;
}

describe('table game events', () => {
  it('read the cards with whom they went to, the settling and the funds of a reference game', () => {
    const output = withRounds[0]!;
    const events = readTableEvents(output);
    const first = /^(\w+): (\w+ of \w+)/m.exec(output)!;
    expect(events[0]!.key).toMatch(new RegExp(`^card ${first[1]!.toLowerCase()} \\w+ of \\w+$`));
    expect(events.some((event) => event.key.startsWith('settle '))).toBe(true);
    expect(events.at(-1)!.say('the course')).toMatch(/^the course leaves \w+ with \$\d+$/);
  });

  it.each(Object.keys(FORMAT))('are the same game under a format-only change: %s', (name) => {
    fc.assert(
      fc.property(fc.constantFrom(...outputs), fc.integer(), (output, seed) => {
        expect(keys(FORMAT[name]!(output, rngOf(seed)))).toEqual(keys(output));
      }),
      { numRuns: 16 },
    );
  });

  it.each(Object.keys(RULES))('are another game under a change of a rule: %s', (name) => {
    fc.assert(
      fc.property(fc.constantFrom(...withRounds), fc.nat(), (output, at) => {
        expect(keys(RULES[name]!(output, at))).not.toEqual(keys(output));
      }),
      { numRuns: 16 },
    );
  });

  it('a refused bet is an event of its own', () => {
    const output = outputs.find((each) => each.includes('Illegal bet'));
    expect(output).toBeDefined();
    expect(keys(output!.replace('Illegal bet--changing to $0\n', ''))).not.toEqual(keys(output!));
  });

  it('never throw on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        readTableEvents(text);
        tableEvents.withoutPrompts?.(text);
      }),
    );
  });

  it('hint at a deck not fresh each round when a later round differs from its first card', () => {
    const events = readTableEvents(withRounds.find((output) => /Round 2:/.test(output))!);
    const at = events.findIndex((event) => event.round === 2 && event.key.startsWith('card '));
    expect(at).toBeGreaterThan(0);
    expect(
      tableHint({ index: at, yours: undefined, course: events[at], yoursAll: [], courseAll: events }),
    ).toContain('fresh deck');
  });
});
