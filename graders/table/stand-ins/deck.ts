// A stacked deck: what the unit tests stage in place of the provided deck.ts (ProvidedFile's
// unitTestSource), so that a test deals exactly the cards a rule needs. The same exports as deck.ts,
// and `stackCards`, which a test calls first: every Deck opened after it deals those cards, top
// first, and `shuffle()` leaves them as they are. Imports only card.ts, like deck.ts.
import { type Card, DeckEmpty } from './card';

let stacked: readonly Card[] = [];

/** The cards every Deck opened from now on deals, top first. */
export function stackCards(cards: readonly Card[]): void {
  stacked = [...cards];
}

/** The game's random source is not used: a stacked deck is never mixed. */
export function seedShuffles(_seed: number): void {}

export class Deck {
  readonly #cards: readonly Card[] = stacked;
  #next = 0;

  /** Leaves the stack as it is (and where it is: a deck used again goes on from its next card). */
  shuffle(): void {}

  deal(): Card {
    const card = this.#cards[this.#next];
    if (card === undefined) throw new DeckEmpty();
    this.#next++;
    return card;
  }

  cardsLeft(): number {
    return this.#cards.length - this.#next;
  }
}
