// The cards on the table: one pile per suit, built outwards from its seven. It imports only card.ts,
// so it can be handed to students with it (the `Table` that `legalPlays` and `computerMove` read).
import type { Card, Rank, Suit } from './card.ts';

/** The ranks played in one suit, ascending and without gaps (`[6, 7, 8]`); empty before its seven. */
export type Pile = readonly Rank[];

/** The four piles, indexed by Suit: `table[Suit.SPADES]`. */
export type Table = readonly [Pile, Pile, Pile, Pile];

export const EMPTY_TABLE: Table = [[], [], [], []];

/** Whether nothing has been played yet this round (only the seven of spades may open). */
export function isTableEmpty(table: Table): boolean {
  return table.every((pile) => pile.length === 0);
}

/** The pile of one suit. */
export function pileOf(table: Table, suit: Suit): Pile {
  return table[suit];
}

/**
 * The table after `card` is laid on its pile: at the low end, the high end, or as the pile's seven.
 * It checks nothing (rules.ts says what may be played); it keeps the pile in ascending order.
 */
export function placeCard(table: Table, card: Card): Table {
  const pile = table[card.suit];
  const low = pile[0];
  const grown: Pile = low !== undefined && card.rank < low ? [card.rank, ...pile] : [...pile, card.rank];
  const piles = [...table] as [Pile, Pile, Pile, Pile];
  piles[card.suit] = grown;
  return piles;
}

/** The table with exactly these cards played, in any order (for tests and graders that build tables). */
export function tableOf(cards: readonly Card[]): Table {
  const piles: [Rank[], Rank[], Rank[], Rank[]] = [[], [], [], []];
  for (const card of cards) piles[card.suit].push(card.rank);
  for (const pile of piles) pile.sort((a, b) => a - b);
  return piles;
}
