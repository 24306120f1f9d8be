// The generators every Blackjack suite draws from: one card arbitrary, the cuts, the minimum bets.
import { type Card, DECK_SIZE, type Spot, type Suit } from '@pitboss/deck';
import fc from 'fast-check';

/** Any of the 52 cards. */
export const cardArb: fc.Arbitrary<Card> = fc.record({
  spot: fc.integer({ min: 0, max: 12 }).map((n) => n as Spot),
  suit: fc.integer({ min: 0, max: 3 }).map((n) => n as Suit),
});

/** A cut for shuffle(n): 0 to 52, both ends included. */
export const cutArb = fc.integer({ min: 0, max: DECK_SIZE });

/** A minimum bet: mostly one of the `usual` ones (the first is what shrinking goes to), else 1 to 500. */
export const minimumArb = (usual: readonly number[]): fc.Arbitrary<number> =>
  fc.oneof(fc.constantFrom(...usual), fc.integer({ min: 1, max: 500 }));

/**
 * Cards one deck can deal into one hand: no card twice. A counterexample is then a hand a game can
 * reach (never the Ace of Spades twice), and shrinking keeps it one.
 */
export const handArb = (constraints: { minLength?: number; maxLength: number }): fc.Arbitrary<Card[]> =>
  fc.uniqueArray(cardArb, { ...constraints, selector: (card) => card.suit * 13 + card.spot });
