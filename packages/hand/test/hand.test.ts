import { type Card, Spot, Suit } from '@pitboss/deck';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Hand, type HandValue } from '../src/index.ts';

const spotArb = fc.integer({ min: 0, max: 12 }).map((n) => n as Spot);
const cardArb: fc.Arbitrary<Card> = fc.record({
  spot: spotArb,
  suit: fc.integer({ min: 0, max: 3 }).map((n) => n as Suit),
});

/** Brute force: try every way of counting each Ace as 1 or 11 and keep the best total not over 21. */
function bruteForceValue(cards: readonly Card[]): HandValue {
  const aces = cards.filter((card) => card.spot === Spot.ACE).length;
  const others = cards
    .filter((card) => card.spot !== Spot.ACE)
    .reduce((sum, card) => sum + (card.spot >= Spot.TEN ? 10 : card.spot + 2), 0);
  let best: HandValue | undefined;
  for (let elevens = 0; elevens <= aces; elevens++) {
    const count = others + aces + 10 * elevens;
    if (count <= 21 && (best === undefined || count > best.count)) best = { count, soft: elevens > 0 };
  }
  // Over 21 whatever the Aces count: the transcripts print every Ace as 1.
  return best ?? { count: others + aces, soft: false };
}

const handValueOf = (cards: readonly Card[]): HandValue => {
  const hand = new Hand();
  for (const card of cards) hand.addCard(card);
  return hand.handValue();
};

function* permutations<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) yield [items[i]!, ...tail];
  }
}

/** Every multiset of `size` spots, each spot in 0..12, in non-decreasing order. */
function* spotMultisets(size: number, from = 0): Generator<Spot[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let spot = from; spot <= Spot.ACE; spot++) {
    for (const rest of spotMultisets(size - 1, spot)) yield [spot as Spot, ...rest];
  }
}

const cardOf = (spot: Spot, suit: Suit = Suit.SPADES): Card => ({ spot, suit });

describe('Hand.handValue()', () => {
  it('is {0, false} for a new hand', () => {
    expect(new Hand().handValue()).toEqual({ count: 0, soft: false });
  });

  it('equals brute force for every multiset of up to 4 spots in every order', () => {
    let checked = 0;
    for (let size = 1; size <= 4; size++) {
      for (const spots of spotMultisets(size)) {
        const cards = spots.map((spot) => cardOf(spot));
        const expected = bruteForceValue(cards);
        for (const order of permutations(cards)) {
          expect(handValueOf(order), spots.join(',')).toEqual(expected);
          checked++;
        }
      }
    }
    // 13 + 91 x 2! + 455 x 3! + 1820 x 4! orders.
    expect(checked).toBe(13 + 91 * 2 + 455 * 6 + 1820 * 24);
  });

  it('equals brute force for random multisets of cards in random orders', () => {
    fc.assert(
      fc.property(
        fc
          .array(cardArb, { minLength: 0, maxLength: 12 })
          .chain((cards) =>
            fc.tuple(fc.constant(cards), fc.shuffledSubarray(cards, { minLength: cards.length })),
          ),
        ([cards, reordered]) => {
          expect(handValueOf(reordered)).toEqual(bruteForceValue(cards));
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    [[Spot.ACE, Spot.ACE], { count: 12, soft: true }],
    [[Spot.ACE, Spot.ACE, Spot.ACE], { count: 13, soft: true }],
    [[Spot.ACE, Spot.ACE, Spot.ACE, Spot.EIGHT], { count: 21, soft: true }],
    [[Spot.ACE, Spot.ACE, Spot.ACE, Spot.NINE], { count: 12, soft: false }],
    [[Spot.ACE, Spot.KING], { count: 21, soft: true }],
    [[Spot.SEVEN, Spot.SEVEN, Spot.SEVEN], { count: 21, soft: false }],
    [[Spot.KING, Spot.QUEEN, Spot.TWO], { count: 22, soft: false }],
    [[Spot.ACE, Spot.KING, Spot.QUEEN, Spot.ACE], { count: 22, soft: false }],
    [[Spot.ACE, Spot.SIX], { count: 17, soft: true }],
    [[Spot.ACE, Spot.SIX, Spot.TEN], { count: 17, soft: false }],
  ] as const)('%j counts as %j', (spots, expected) => {
    expect(handValueOf(spots.map((spot) => cardOf(spot)))).toEqual(expected);
  });
});

describe('Hand.discardAll()', () => {
  it('empties the hand whatever it held, and the hand counts afresh after it', () => {
    fc.assert(
      fc.property(
        fc.array(cardArb, { maxLength: 10 }),
        fc.array(cardArb, { maxLength: 10 }),
        (before, after) => {
          const hand = new Hand();
          for (const c of before) hand.addCard(c);
          hand.discardAll();
          expect(hand.handValue()).toEqual({ count: 0, soft: false });
          for (const c of after) hand.addCard(c);
          expect(hand.handValue()).toEqual(bruteForceValue(after));
        },
      ),
    );
  });
});
