// Cards, hands and tables written as the game prints cards: `7S`, `TD`, `AC`.
import type { Card, Rank, Suit } from '../card';
import { type Table, tableOf } from '../table';

export const card = (name: string): Card => ({
  rank: ('A23456789TJQK'.indexOf(name.charAt(0)) + 1) as Rank,
  suit: 'CDHS'.indexOf(name.charAt(1)) as Suit,
});

/** `'7S 8H'` as cards; `''` is no card. */
export const cards = (names: string): Card[] => (names === '' ? [] : names.split(' ').map(card));

/** The table with exactly these cards played. */
export const table = (names: string): Table => tableOf(cards(names));
