import fc from 'fast-check';
import { type Card, DECK_SIZE, type Spot, type Suit } from '../src/card.ts';

export const cutArb = fc.integer({ min: 0, max: DECK_SIZE });
export const spotArb = fc.integer({ min: 0, max: 12 }).map((n) => n as Spot);
export const suitArb = fc.integer({ min: 0, max: 3 }).map((n) => n as Suit);
export const cardArb: fc.Arbitrary<Card> = fc.record({ spot: spotArb, suit: suitArb });
