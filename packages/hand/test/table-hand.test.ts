import { type Card, Spot, Suit } from '@pitboss/deck';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TableHand } from '../src/index.ts';

const cardArb: fc.Arbitrary<Card> = fc.record({
  spot: fc.integer({ min: 0, max: 12 }).map((n) => n as Spot),
  suit: fc.integer({ min: 0, max: 3 }).map((n) => n as Suit),
});

/** SPEC section 8 in its own words: 2..10 their rank, faces 10, an Ace 11 unless that busts, then 1. */
function specValue(cards: readonly Card[]): number {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    if (card.spot === Spot.ACE) aces++;
    else total += card.spot >= Spot.TEN ? 10 : card.spot + 2;
  }
  // At most one Ace counts 11: two would be 22.
  total += aces;
  return aces > 0 && total + 10 <= 21 ? total + 10 : total;
}

const handOf = (cards: readonly Card[]): TableHand => {
  const hand = new TableHand();
  for (const card of cards) hand.addCard(card);
  return hand;
};

const cardOf = (spot: Spot): Card => ({ spot, suit: Suit.CLUBS });

describe('TableHand', () => {
  it('any cards: the value is the SPEC total, the cards are kept in order, blackjack is exactly two cards worth 21', () => {
    fc.assert(
      fc.property(fc.array(cardArb, { maxLength: 12 }), (cards) => {
        const hand = handOf(cards);
        const value = specValue(cards);
        expect(hand.handValue().count).toBe(value);
        expect(hand.cards()).toEqual(cards);
        expect(hand.isBlackjack()).toBe(cards.length === 2 && value === 21);
        expect(hand.isBusted()).toBe(value > 21);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    [[Spot.ACE, Spot.KING], 21, true],
    [[Spot.TEN, Spot.ACE], 21, true],
    [[Spot.ACE, Spot.FIVE, Spot.FIVE], 21, false],
    [[Spot.SEVEN, Spot.SEVEN, Spot.SEVEN], 21, false],
    [[Spot.ACE, Spot.ACE], 12, false],
    [[Spot.ACE, Spot.TEN, Spot.SEVEN], 18, false],
    [[Spot.ACE, Spot.TEN, Spot.SEVEN, Spot.FOUR], 22, false],
    [[Spot.ACE, Spot.SIX], 17, false],
  ] as const)('%j is worth %i (blackjack: %s)', (spots, value, blackjack) => {
    const hand = handOf(spots.map(cardOf));
    expect(hand.handValue().count).toBe(value);
    expect(hand.isBlackjack()).toBe(blackjack);
  });

  it('discardAll empties it, and what it handed out before does not change', () => {
    const hand = handOf([cardOf(Spot.ACE), cardOf(Spot.KING)]);
    const before = hand.cards();
    hand.discardAll();
    expect(hand.cards()).toEqual([]);
    expect(hand.handValue()).toEqual({ count: 0, soft: false });
    expect(hand.isBlackjack()).toBe(false);
    expect(before).toHaveLength(2);
  });
});
