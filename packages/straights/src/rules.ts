// What may be played and discarded, and what a computer does. Pure functions of a hand and the table:
// a grader tests `legalPlays` and `computerMove` alone, against a student's.
import { type Card, Rank, SEVEN_OF_SPADES, sameCard } from './card.ts';
import { isTableEmpty, type Table } from './table.ts';

/** One turn's move: every turn is exactly one play or one discard. */
export type Move = { readonly play: Card } | { readonly discard: Card };

/**
 * A card may be played when it is the seven of spades on an empty table (the round's first move may be
 * nothing else), a seven of a suit not yet started, or the next rank at either end of its suit's pile.
 * An Ace and a King are not adjacent: a pile never wraps around.
 */
export function isLegalPlay(card: Card, table: Table): boolean {
  if (isTableEmpty(table)) return sameCard(card, SEVEN_OF_SPADES);
  const pile = table[card.suit];
  const low = pile[0];
  const high = pile[pile.length - 1];
  if (low === undefined || high === undefined) return card.rank === Rank.SEVEN;
  return card.rank === low - 1 || card.rank === high + 1;
}

/** The legal plays in `hand`, in hand order (the order `Legal plays:` prints and a computer looks in). */
export function legalPlays(hand: readonly Card[], table: Table): Card[] {
  return hand.filter((card) => isLegalPlay(card, table));
}

/**
 * The computer player (and a player who ragequit): the first legal play in its hand, else a discard of
 * the first card in its hand. REQUIRES a hand that is not empty (a player to move always holds a card).
 */
export function computerMove(hand: readonly Card[], table: Table): Move {
  const play = hand.find((card) => isLegalPlay(card, table));
  if (play !== undefined) return { play };
  const first = hand[0];
  if (first === undefined) throw new RangeError('computerMove: the hand is empty');
  return { discard: first };
}

/** Why a human's move is refused; each prints its own message (display.ts). */
export type Refusal = 'illegal play' | 'must play';

/**
 * Checks a human's move. A play must be a legal play of a card in the hand. A discard is allowed only
 * with no legal play in the hand (the handout), and only of a card in the hand; discarding a card one
 * does not hold gets the same refusal as discarding with a legal play, as the course's program says
 * (compat/straights README section 4, which SPEC section 9 adopts).
 */
export function refusal(hand: readonly Card[], table: Table, move: Move): Refusal | undefined {
  if ('play' in move) {
    const held = hand.some((card) => sameCard(card, move.play));
    return held && isLegalPlay(move.play, table) ? undefined : 'illegal play';
  }
  const held = hand.some((card) => sameCard(card, move.discard));
  return held && legalPlays(hand, table).length === 0 ? undefined : 'must play';
}
