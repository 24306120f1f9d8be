// One round: the deal, who opens, whose turn it is, and when the round is over.
import { type Card, SEVEN_OF_SPADES, sameCard } from './card.ts';
import { type Deck, PLAYERS } from './deck.ts';
import type { Move } from './rules.ts';
import { EMPTY_TABLE, placeCard, type Table } from './table.ts';

/** A round in play. Seats are numbered from 0 (Player1 is seat 0). */
export interface Round {
  /** What each seat still holds, in deal order (played and discarded cards are taken out). */
  readonly hands: Card[][];
  /** What each seat has discarded this round, in the order discarded. */
  readonly discards: Card[][];
  table: Table;
  /** The seat to move. */
  current: number;
}

/** Deals 13 cards to each seat from this round's shuffled deck; the holder of the seven of spades opens. */
export function startRound(deck: Deck): Round {
  const hands = deck.deal();
  return { hands, discards: hands.map(() => []), table: EMPTY_TABLE, current: openingSeat(hands) };
}

/** The seat holding the seven of spades (every deal gives it to someone). */
export function openingSeat(hands: readonly (readonly Card[])[]): number {
  const seat = hands.findIndex((hand) => hand.some((card) => sameCard(card, SEVEN_OF_SPADES)));
  if (seat < 0) throw new RangeError('openingSeat: no hand holds the seven of spades');
  return seat;
}

/**
 * Makes the current seat's move (already known to be allowed: rules.ts) and passes the turn on:
 * Player1, 2, 3, 4, then Player1 again.
 */
export function makeMove(round: Round, move: Move): void {
  const hand = round.hands[round.current]!;
  const card = 'play' in move ? move.play : move.discard;
  hand.splice(
    hand.findIndex((held) => sameCard(held, card)),
    1,
  );
  if ('play' in move) round.table = placeCard(round.table, card);
  else round.discards[round.current]!.push(card);
  round.current = (round.current + 1) % PLAYERS;
}

/** A round ends when every card has been played or discarded. */
export function isRoundOver(round: Round): boolean {
  return round.hands.every((hand) => hand.length === 0);
}
