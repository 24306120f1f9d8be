import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRuleSet, playTranscript } from '../src/index.ts';
import { type GameRecord, MINBET_PREFIXED, readGame, readLines, total } from './transcript-reader.ts';

const classic = findRuleSet('classic')!;
const minbet = findRuleSet('minbet')!;

interface Args {
  bankroll: number;
  minimum: number;
  hands: number;
  type: 'simple' | 'counting';
  seed: number;
  cuts?: number[] | undefined;
}

const typeArb = fc.constantFrom('simple' as const, 'counting' as const);
const classicArgsArb: fc.Arbitrary<Args> = fc.record({
  bankroll: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 3000 })),
  minimum: fc.constant(5),
  hands: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 400 })),
  type: typeArb,
  seed: fc.oneof(fc.constant(0), fc.nat({ max: 0xffffffff })),
});
const minbetArgsArb: fc.Arbitrary<Args> = fc.record({
  bankroll: fc.integer({ min: 1, max: 3000 }),
  minimum: fc.integer({ min: 1, max: 60 }),
  hands: fc.integer({ min: 1, max: 300 }),
  type: typeArb,
  seed: fc.nat({ max: 0xffffffff }),
  cuts: fc.option(fc.array(fc.integer({ min: 0, max: 52 }), { minLength: 1, maxLength: 12 }), {
    nil: undefined,
  }),
});

function play(args: Args): { game: GameRecord; text: string } {
  if (args.cuts === undefined && args.minimum === 5) {
    const { text } = playTranscript(classic, [`${args.bankroll}`, `${args.hands}`, args.type], {
      seed: args.seed,
      readFile: () => '',
    });
    return { game: readGame(readLines(text)), text };
  }
  const words = [`${args.bankroll}`, `${args.minimum}`, `${args.hands}`, args.type];
  if (args.cuts !== undefined) words.push('cuts');
  const { text } = playTranscript(minbet, words, {
    seed: args.seed,
    readFile: () => (args.cuts ?? []).join(' '),
  });
  return { game: readGame(readLines(text, MINBET_PREFIXED)), text };
}

const settle = (hand: GameRecord['hands'][number]): number => {
  switch (hand.outcome) {
    case 'natural':
      return Math.floor((3 * hand.wager) / 2);
    case 'playerBusts':
    case 'dealerWins':
      return -hand.wager;
    case 'dealerBusts':
    case 'playerWins':
      return hand.wager;
    case 'push':
      return 0;
  }
};

describe.each([
  ['classic', classicArgsArb],
  ['minbet', minbetArgsArb],
])('%s games over random argument sets', (_, argsArb) => {
  it('every line matches the output grammar, in the order of the rules', () => {
    fc.assert(
      fc.property(argsArb, (args) => {
        expect(() => play(args)).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it('each hand moves the bankroll by exactly its settlement, and the summary agrees', () => {
    fc.assert(
      fc.property(argsArb, (args) => {
        const { game } = play(args);
        let bankroll = args.bankroll;
        for (const hand of game.hands) {
          expect(hand.bankroll).toBe(bankroll);
          bankroll += settle(hand);
        }
        expect(game.finalBankroll).toBe(bankroll);
      }),
      { numRuns: 150 },
    );
  });

  it('plays min(hands, until the bankroll is below the minimum) hands, numbered from 1', () => {
    fc.assert(
      fc.property(argsArb, (args) => {
        const { game } = play(args);
        game.hands.forEach((hand, i) => {
          expect(hand.number).toBe(i + 1);
          expect(hand.bankroll).toBeGreaterThanOrEqual(args.minimum);
        });
        expect(game.handsPlayed).toBe(game.hands.length);
        const stoppedEarly = game.hands.length < args.hands;
        if (stoppedEarly) expect(game.finalBankroll).toBeLessThan(args.minimum);
        else expect(game.hands.length).toBe(args.hands);
      }),
      { numRuns: 150 },
    );
  });

  it('reshuffles at the start of a hand exactly when fewer than 20 cards are left', () => {
    fc.assert(
      fc.property(argsArb, (args) => {
        const { game } = play(args);
        for (const hand of game.hands) expect(hand.reshuffled).toBe(hand.cardsLeftAtStart < 20);
      }),
      { numRuns: 150 },
    );
  });

  it('deals no card twice between shuffles, and the first shuffle uses the cuts file when given', () => {
    fc.assert(
      fc.property(argsArb, (args) => {
        const { game } = play(args);
        if (args.cuts !== undefined) expect(game.initialCuts).toEqual(args.cuts);
        else expect(game.initialCuts).toHaveLength(7);
        let seen = new Set<string>();
        for (const hand of game.hands) {
          if (hand.reshuffled) seen = new Set();
          for (const card of hand.shown) {
            expect(seen.has(card)).toBe(false);
            seen.add(card);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('totals, the dealer hitting below 17, results and bets follow from the cards', () => {
    fc.assert(
      fc.property(argsArb, (args) => {
        const { game } = play(args);
        for (const hand of game.hands) {
          const doubled = 2 * args.minimum;
          if (args.type === 'simple') expect(hand.wager).toBe(args.minimum);
          else
            expect(hand.wager === args.minimum || (hand.wager === doubled && hand.bankroll >= doubled)).toBe(
              true,
            );
          const player = total(hand.playerCards);
          if (hand.outcome === 'natural') {
            expect(player.count).toBe(21);
            expect(hand.playerCards).toHaveLength(2);
            continue;
          }
          expect(total(hand.playerCards.slice(0, 2)).count).not.toBe(21);
          expect(hand.playerTotal).toBe(player.count);
          // The player never hits once over 21.
          expect(total(hand.playerCards.slice(0, -1)).count).toBeLessThanOrEqual(21);
          if (hand.outcome === 'playerBusts') {
            expect(player.count).toBeGreaterThan(21);
            continue;
          }
          expect(player.count).toBeLessThanOrEqual(21);
          const dealer = total(hand.dealerCards);
          expect(hand.dealerTotal).toBe(dealer.count);
          expect(dealer.count).toBeGreaterThanOrEqual(17);
          expect(total(hand.dealerCards.slice(0, -1)).count < 17 || hand.dealerCards.length === 2).toBe(true);
          const expected =
            dealer.count > 21
              ? 'dealerBusts'
              : dealer.count > player.count
                ? 'dealerWins'
                : player.count > dealer.count
                  ? 'playerWins'
                  : 'push';
          expect(hand.outcome).toBe(expected);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('the opening of a game', () => {
  it('uses the course cuts for seed 0 and other cuts for other seeds', () => {
    const course = play({ bankroll: 100, minimum: 5, hands: 1, type: 'simple', seed: 0 }).game;
    expect(course.initialCuts).toEqual([39, 22, 33, 37, 38, 37, 38]);
    const other = play({ bankroll: 100, minimum: 5, hands: 1, type: 'simple', seed: 1 }).game;
    expect(other.initialCuts).not.toEqual(course.initialCuts);
  });

  it('still shuffles, and reports 0 hands, when the bankroll starts below the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 100 }),
        typeArb,
        (minimum, hands, type) => {
          fc.pre(minimum > 1);
          const bankroll = minimum - 1;
          const { game, text } = play({ bankroll, minimum, hands, type, seed: 0 });
          expect(game.hands).toHaveLength(0);
          expect(text.endsWith(`has ${bankroll} after 0 hands\n`)).toBe(true);
        },
      ),
    );
  });
});
