import { type Card, Spot } from '@pitboss/deck';

export interface HandValue {
  /** The highest total not over 21 if there is one; otherwise every Ace counted as 1. */
  count: number;
  /** True iff an Ace is counted as 11 in `count`. */
  soft: boolean;
}

export interface HandADT {
  discardAll(): void;
  addCard(card: Card): void;
  handValue(): HandValue;
}

/** What a card adds to a hard total: Two..Ten their spot, faces 10, an Ace 1 (it may later count 11). */
export function hardWorth(card: Card): number {
  if (card.spot === Spot.ACE) return 1;
  if (card.spot >= Spot.TEN) return 10;
  return card.spot + 2;
}

/** Counting one Ace as 11 instead of 1 adds this much; two Aces as 11 would always bust. */
const SOFT_BONUS = 10;
const BLACKJACK = 21;

/**
 * The course's Hand keeps no cards, only what its value needs: the hard total (Aces as 1)
 * and whether it holds an Ace.
 */
export class Hand implements HandADT {
  #hard = 0;
  #hasAce = false;

  discardAll(): void {
    this.#hard = 0;
    this.#hasAce = false;
  }

  addCard(card: Card): void {
    this.#hard += hardWorth(card);
    if (card.spot === Spot.ACE) this.#hasAce = true;
  }

  handValue(): HandValue {
    if (this.#hasAce && this.#hard + SOFT_BONUS <= BLACKJACK) {
      return { count: this.#hard + SOFT_BONUS, soft: true };
    }
    return { count: this.#hard, soft: false };
  }
}
