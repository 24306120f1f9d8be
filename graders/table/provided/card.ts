// Cards as the CMSC 202 table names them (provided: do not edit; grading replaces it with this copy).
// A card is plain data, a spot and a suit; `cardName` prints it as the table does: `10 of Clubs`,
// `Ace of Diamonds`. This file imports nothing.

/** Suits; the numbers are the same in every Pitboss edition (Clubs lead the table's new deck). */
export const Suit = { SPADES: 0, HEARTS: 1, CLUBS: 2, DIAMONDS: 3 } as const;
export type Suit = (typeof Suit)[keyof typeof Suit];

/** Spots from Two to Ace, so that `card.spot >= Spot.TEN` reads as in the C++. */
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

/** Printed suit names, indexed by Suit. */
export const SuitNames: readonly string[] = ['Spades', 'Hearts', 'Clubs', 'Diamonds'];

/** Printed ranks, indexed by Spot: `2`..`10`, then the faces and the Ace spelled out. */
export const RankNames: readonly string[] = [
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  'Jack',
  'Queen',
  'King',
  'Ace',
];

/** A card as the table prints it: `<rank> of <suit>`. */
export function cardName(card: Card): string {
  return `${RankNames[card.spot]} of ${SuitNames[card.suit]}`;
}

export const DECK_SIZE = 52;

/** Thrown by `deal()` when every card of the deck has been dealt. */
export class DeckEmpty extends Error {
  constructor() {
    super('the deck is empty');
    this.name = 'DeckEmpty';
  }
}
