import type { Card } from '@pitboss/deck';
import { Hand, type HandADT, type HandValue } from './hand.ts';

const BLACKJACK = 21;

/**
 * A hand at the `table` (SPEC section 8): it counts as the course's Hand does (an Ace 11 unless that
 * busts the hand, at most one Ace 11) and also keeps its cards, which the table prints.
 */
export class TableHand implements HandADT {
  readonly #cards: Card[] = [];
  readonly #value = new Hand();

  discardAll(): void {
    this.#cards.length = 0;
    this.#value.discardAll();
  }

  addCard(card: Card): void {
    this.#cards.push(card);
    this.#value.addCard(card);
  }

  handValue(): HandValue {
    return this.#value.handValue();
  }

  /** The cards in the order dealt (a copy: the hand goes on changing). */
  cards(): readonly Card[] {
    return [...this.#cards];
  }

  /** Exactly two cards worth 21: it beats any other 21. */
  isBlackjack(): boolean {
    return this.#cards.length === 2 && this.handValue().count === BLACKJACK;
  }

  isBusted(): boolean {
    return this.handValue().count > BLACKJACK;
  }
}
