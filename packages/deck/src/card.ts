// Cards as the course defines them. This file imports nothing: it is also handed to students,
// unchanged, as the provided `card.ts` of a submission.

/** Suits in the course's order; the numbers are the order of a newly opened deck. */
export const Suit = { SPADES: 0, HEARTS: 1, CLUBS: 2, DIAMONDS: 3 } as const;
export type Suit = (typeof Suit)[keyof typeof Suit];

/** Spots in the course's order, so that `card.spot >= Spot.TEN` reads as in the C++. */
export const Spot = {
  TWO: 0,
  THREE: 1,
  FOUR: 2,
  FIVE: 3,
  SIX: 4,
  SEVEN: 5,
  EIGHT: 6,
  NINE: 7,
  TEN: 8,
  JACK: 9,
  QUEEN: 10,
  KING: 11,
  ACE: 12,
} as const;
export type Spot = (typeof Spot)[keyof typeof Spot];

export interface Card {
  readonly spot: Spot;
  readonly suit: Suit;
}

export const SuitNames: readonly string[] = ['Spades', 'Hearts', 'Clubs', 'Diamonds'];

export const SpotNames: readonly string[] = [
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
  'Ace',
];

export const DECK_SIZE = 52;

/** Thrown by `deal()` when every card has been dealt since the last reset or shuffle. */
export class DeckEmpty extends Error {
  constructor() {
    super('the deck is empty');
    this.name = 'DeckEmpty';
  }
}
