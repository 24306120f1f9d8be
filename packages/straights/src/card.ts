// Straights' cards, as the handout prints them. This file imports nothing: it is meant to be handed
// to students, unchanged, as the provided `card.ts` of a Straights submission.

/** Suits in the handout's deck order (clubs first); the numbers index the table's piles. */
export const Suit = { CLUBS: 0, DIAMONDS: 1, HEARTS: 2, SPADES: 3 } as const;
export type Suit = (typeof Suit)[keyof typeof Suit];

/** Ranks as the handout counts them: the Ace is 1 and lowest, the King 13. A rank is also its points. */
export const Rank = {
  ACE: 1,
  TWO: 2,
  THREE: 3,
  FOUR: 4,
  FIVE: 5,
  SIX: 6,
  SEVEN: 7,
  EIGHT: 8,
  NINE: 9,
  TEN: 10,
  JACK: 11,
  QUEEN: 12,
  KING: 13,
} as const;
export type Rank = (typeof Rank)[keyof typeof Rank];

export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
}

/** Every suit, in deck order. */
export const SUITS: readonly Suit[] = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES];

/** Every rank, Ace to King. */
export const RANKS: readonly Rank[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

export const DECK_SIZE = 52;

/** The suit names of the table's pile lines (`Clubs:`), indexed by Suit. */
export const SuitNames: readonly string[] = ['Clubs', 'Diamonds', 'Hearts', 'Spades'];

/** The one-letter suits of card names (`7S`), indexed by Suit. */
export const SuitLetters: readonly string[] = ['C', 'D', 'H', 'S'];

/** The one-character ranks of card names and piles, indexed by Rank (index 0 is unused): T is Ten. */
export const RankLetters: readonly string[] = [
  '',
  'A',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  'T',
  'J',
  'Q',
  'K',
];

/** A card as the handout writes it: rank then suit, `7S`, `TD`, `AC`. */
export function cardName(card: Card): string {
  return `${RankLetters[card.rank]}${SuitLetters[card.suit]}`;
}

export function sameCard(a: Card, b: Card): boolean {
  return a.rank === b.rank && a.suit === b.suit;
}

/** The seven of spades: whoever holds it opens the round, with it. */
export const SEVEN_OF_SPADES: Card = { rank: Rank.SEVEN, suit: Suit.SPADES };
