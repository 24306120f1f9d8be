// The call check's two sides: the calls the reference driver makes (reference-calls.ts), which must
// agree with its transcript, and the recorders' wrappers (calls.ts), which must be the reference and
// tell nothing of what a driver hands them but a few fixed words.
import { Deck, NEW_DECK_ORDER } from '@pitboss/deck';
import { findRuleSet, playTranscript } from '@pitboss/driver';
import { createPlayer, createRoster } from '@pitboss/player';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callWords, recordingDeckClass, recordingPlayers } from '../calls.ts';
import { expectedCalls } from '../reference-calls.ts';
import { gameWordArbs } from '../transcripts.ts';

const noFiles = (path: string): string => {
  throw new Error(`no file ${path}`);
};

/** Words of a classic game, small and large. */
const classicWordsArb = fc
  .record(gameWordArbs({ bankroll: [30, 600], hands: [8, 80] }))
  .map(({ bankroll, hands, type }) => [`${bankroll}`, `${hands}`, type]);

describe('the reference driver calls', () => {
  const classic = findRuleSet('classic');

  it('every shuffle is the transcript cuts, in order, then the player told once', () => {
    fc.assert(
      fc.property(classicWordsArb, (words) => {
        const calls = expectedCalls(classic, { group: 'test', words }, noFiles).map((each) => each.call);
        const text = playTranscript(classic, words, {}).text;
        const cuts = [...text.matchAll(/^cut at (\d+)$/gm)].map((match) =>
          callWords.shuffle(Number(match[1])),
        );
        expect(calls.filter((call) => call.startsWith('deck.'))).toEqual(cuts);
        const shuffles = text.split('\n').filter((line) => line === 'Shuffling the deck').length;
        expect(calls.filter((call) => call === 'player.shuffled()')).toHaveLength(shuffles);
        calls.forEach((call, i) => {
          if (call === 'player.shuffled()')
            expect(calls.slice(i - 7, i).every((before) => before.startsWith('deck.shuffle('))).toBe(true);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('each call comes after the transcript line that shows it: a bet after its hand, a card after it is shown', () => {
    fc.assert(
      fc.property(classicWordsArb, (words) => {
        const lines = playTranscript(classic, words, {}).text.split('\n');
        for (const { call, line } of expectedCalls(classic, { group: 'test', words }, noFiles)) {
          const shown = lines[line - 1]!;
          const bet = /^player\.bet\((\d+), 5\)$/.exec(call);
          const card = /^player\.expose\((.+)\)$/.exec(call);
          if (bet !== null) expect(shown).toMatch(new RegExp(`^Hand \\d+ bankroll ${bet[1]}$|^cut at`));
          else if (card !== null) expect(shown.endsWith(card[1]!)).toBe(true);
          else if (call === 'player.shuffled()') expect(shown).toMatch(/^cut at \d+$/);
          else expect(shown).toMatch(/^Shuffling the deck$|^cut at \d+$/);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a game of characters tells each character of the shuffles it plays through', () => {
    const calls = expectedCalls(
      findRuleSet('crusaders'),
      { group: 'test', words: ['100', '30', 'simple', 'sc'] },
      noFiles,
    );
    expect(calls.filter((each) => each.call === 'player.shuffled()').length).toBeGreaterThan(0);
    expect(calls.some((each) => each.call.startsWith('player.expose('))).toBe(true);
  });
});

describe('the recorders wrappers', () => {
  it('a recording deck deals as the reference deck does, and records its shuffles and resets', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 52 }), { maxLength: 10 }), (cuts) => {
        const calls: string[] = [];
        const recording = new (recordingDeckClass(Deck, (call) => calls.push(call)))();
        const reference = new Deck();
        for (const cut of cuts) {
          recording.shuffle(cut);
          reference.shuffle(cut);
        }
        recording.reset();
        reference.reset();
        expect(calls).toEqual([...cuts.map(callWords.shuffle), 'deck.reset()']);
        expect(Array.from({ length: 52 }, () => recording.deal())).toEqual(
          Array.from({ length: 52 }, () => reference.deal()),
        );
        expect(recording.cardsLeft()).toBe(0);
      }),
    );
    expect(NEW_DECK_ORDER).toHaveLength(52);
  });

  it('a recording player is the same object each time, answers as the player does, and keeps its other members', () => {
    const calls: string[] = [];
    const recording = recordingPlayers((call) => calls.push(call));
    const player = createPlayer('counting');
    expect(recording(player)).toBe(recording(player));
    expect(recording(player).bet(100, 5)).toBe(player.bet(100, 5));
    const character = createRoster()('sc', 'simple', 1);
    expect(recording(character).getName()).toBe(character.getName());
    recording(player).shuffled();
    expect(calls).toEqual(['player.bet(100, 5)', 'player.shuffled()']);
  });

  it('tells what a driver hands the player in fixed words only, whatever it is', () => {
    const hostile = {
      get spot(): never {
        throw new Error('boom');
      },
    };
    expect(callWords.expose(hostile)).toBe('player.expose(not a card)');
    expect(callWords.expose({ spot: 12, suit: 0 })).toBe('player.expose(Ace of Spades)');
    expect(callWords.expose({ spot: 13, suit: 0 })).toBe('player.expose(not a card)');
    expect(callWords.expose('Ace of Spades')).toBe('player.expose(not a card)');
    expect(callWords.bet('export const secret', null)).toBe('player.bet(a string, a null)');
  });
});
