// The C++ edition's unit tests read as a game (events.ts, the harness's output): the calls, their
// answers and each card the first time a call shows it since the deal. How a class lays its cards out
// is the format: a DealerPlay that prints its hand without the `Hand: ` label, says whose turn it is
// before each look at the hand, shows a hand again or words a dealt card its own way plays the same
// game, on every unit script, as the oracle's own text. A card shown that the course's class does not
// show (the hole card at `> dealer`, a card dealt to a player already bust), a wrong card or wrong funds
// is another game.
import { backtrackingOutput, readingCost } from '@pitboss/grader/kit';
import { describe, expect, it } from 'vitest';
import { unitCases, unitExpected } from '../cpp-units.ts';
import { readTableEvents, tableEvents } from '../events.ts';

const keys = (output: string) => readTableEvents(output).map((event) => event.key);
const scripts = unitCases.map((each) => ({ name: each.input ?? '', text: unitExpected(each) }));
const script = (name: string) => scripts.find((each) => each.name === `${name}.calls`)!.text;

/** The text of each call: the harness's `> ` line, then what the class printed and the answer. */
const calls = (text: string) => text.split(/\n(?=> |end\n)/);

/** A DealerPlay in a student's own layout: `Dealer's turn:` and the bare hand before each choice, the hand again at the end. */
function ownDealerLayout(text: string): string {
  return calls(text)
    .map((call) => {
      if (!call.startsWith('> dealerplay')) return call;
      const lines = call.split('\n');
      const hands = lines.filter((line) => line.startsWith('Hand: '));
      const out = lines.flatMap((line) =>
        line.startsWith('Hand: ')
          ? ["Dealer's turn:", line.slice('Hand: '.length)]
          : line.startsWith("Dealer's play: ")
            ? ['', line, '']
            : [line],
      );
      return [...out, `The dealer's final hand: ${hands.at(-1)!.slice('Hand: '.length)}`].join('\n');
    })
    .join('\n');
}

/** A HitPlayer that prints a blank line and its own words around the card it deals. */
function ownHitWords(text: string): string {
  return calls(text)
    .map((call) => {
      if (!call.startsWith('> hit ')) return call;
      const [head, ...rest] = call.split('\n');
      return [
        head,
        ...rest.map((line) =>
          line.startsWith('= ') || line === '' ? line : `\nYou were dealt the ${line}.`,
        ),
      ].join('\n');
    })
    .join('\n');
}

describe("the harness's output as a game: the cards a class shows, whatever their layout", () => {
  it('every unit script is read to calls, answers and cards', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(8);
    for (const { name, text } of scripts) {
      const read = keys(text);
      expect(
        read.some((key) => key.startsWith('card ')),
        name,
      ).toBe(true);
      expect(
        read.some((key) => key.startsWith('= ')),
        name,
      ).toBe(true);
      expect(
        read.some((key) => key.startsWith('> ')),
        name,
      ).toBe(true);
    }
  });

  it('a DealerPlay without the `Hand: ` label, saying whose turn it is before each choice and showing its hand again, is the same game on every script', () => {
    let changed = 0;
    for (const { name, text } of scripts) {
      const own = ownDealerLayout(text);
      if (own !== text) changed++;
      expect(keys(own), name).toEqual(keys(text));
    }
    expect(changed).toBeGreaterThanOrEqual(5);
  });

  it('a HitPlayer that words the card it deals its own way is the same game on every script', () => {
    let changed = 0;
    for (const { name, text } of scripts) {
      const own = ownHitWords(ownDealerLayout(text));
      if (own !== text) changed++;
      expect(keys(own), name).toEqual(keys(text));
    }
    expect(changed).toBeGreaterThanOrEqual(5);
  });

  it('a hand shown again shows no card twice', () => {
    const text = script('hit-player-bust');
    const again = text.replace('> hand 1\n', '> hand 1\nAce of Clubs, 6 of Clubs\n');
    expect(again).not.toBe(text);
    expect(keys(again)).toEqual(keys(text));
  });

  it('the hole card shown at `> dealer` is another game, told at its line', () => {
    const text = script('set-player-bet');
    const shown = text.replace('10 of Spades, [hidden card]', '10 of Spades, 7 of Spades');
    const difference = tableEvents.read(shown);
    expect(keys(shown)).not.toEqual(keys(text));
    const at = difference.findIndex((event, i) => event.key !== keys(text)[i]);
    expect(difference[at]!.key).toBe('card Seven of Spades');
    expect(difference[at]!.say('you')).toBe('your class shows the Seven of Spades');
  });

  it('a card dealt to a player already bust, a wrong card dealt, and wrong funds are other games', () => {
    const bust = script('hit-player-already-bust');
    expect(keys(bust.replace('> hit 0\n= true\n', '> hit 0\n2 of Clubs\n= true\n'))).not.toEqual(keys(bust));
    const hit = script('hit-player-bust');
    expect(keys(hit.replace('King of Clubs\n= true', 'Queen of Clubs\n= true'))).not.toEqual(keys(hit));
    const settle = script('settle-player-bet');
    // Cy's 18 in three cards against the dealer's 18 in two: a tie, not a loss for having more cards;
    // told as the answer to the call it answers.
    const lost = readTableEvents(
      settle.replace('Cy has 18--Tie\n> funds 2\n= 100', 'Cy has 18--Dealer wins\n> funds 2\n= 70'),
    );
    const first = lost.findIndex((event, i) => event.key !== keys(settle)[i]);
    expect(lost[first]!.say('you')).toBe('your class answers 70 to `funds 2`');
    expect(
      keys(settle.replace('Cy has 18--Tie\n> funds 2\n= 100', 'Cy has 18--Dealer wins\n> funds 2\n= 70')),
    ).not.toEqual(keys(settle));
  });

  it('a new deal shows its cards again: the second deal of the same stacked deck is read in full', () => {
    const text = script('new-deal-order');
    const read = keys(text);
    const deals = read.filter((key) => key === '> deal').length;
    expect(deals).toBe(2);
    const after = read.slice(read.lastIndexOf('> deal'));
    expect(after.filter((key) => key.startsWith('card ')).length).toBeGreaterThanOrEqual(3);
  });

  it("reads a class's lines built to backtrack at about the oracle's cost per byte", () => {
    const course = scripts.map((each) => each.text).join('');
    const hostile = `${script('set-player-bet').split('\n')[0]}\n${backtrackingOutput(800)}`;
    const read = readingCost(readTableEvents, hostile, course);
    expect(read.ratio, JSON.stringify(read)).toBeLessThan(4);
  });
});
