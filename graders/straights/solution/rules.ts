// What may be played, and what a computer player does: pure functions of a hand and the table.
import { type Card, Rank, Suit } from './card';
import type { Table } from './table';

export type Move = { play: Card } | { discard: Card };

function tableIsEmpty(table: Table): boolean {
  return table.every((pile) => pile.length === 0);
}

function isLegal(card: Card, table: Table): boolean {
  // The round opens with the seven of spades, and with nothing else.
  if (tableIsEmpty(table)) return card.rank === Rank.SEVEN && card.suit === Suit.SPADES;
  const pile = table[card.suit];
  if (pile.length === 0) return card.rank === Rank.SEVEN;
  const lowest = pile[0]!;
  const highest = pile[pile.length - 1]!;
  return card.rank === lowest - 1 || card.rank === highest + 1;
}

/** The cards of `hand` that may be played on `table`, in hand order. */
export function legalPlays(hand: readonly Card[], table: Table): Card[] {
  return hand.filter((card) => isLegal(card, table));
}

/** The computer's move: its first legal play, else a discard of its first card. */
export function computerMove(hand: readonly Card[], table: Table): Move {
  for (const card of hand) {
    if (isLegal(card, table)) return { play: card };
  }
  return { discard: hand[0]! };
}
