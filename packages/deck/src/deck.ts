import { type Card, DECK_SIZE, DeckEmpty, type Spot, type Suit } from './card.ts';

export interface DeckADT {
  /** Restores the newly opened order: Spades Two..Ace, then Hearts, Clubs, Diamonds. */
  reset(): void;
  /** REQUIRES 0 <= n <= 52. One riffle of all 52 cards in their current order, cut after n. */
  shuffle(n: number): void;
  /** The next card; throws DeckEmpty when all 52 have been dealt since the last reset or shuffle. */
  deal(): Card;
  cardsLeft(): number;
}

/** The 52 cards in newly opened order; shared, frozen, so a deck only ever reorders them. */
export const NEW_DECK_ORDER: readonly Card[] = Object.freeze(
  Array.from({ length: DECK_SIZE }, (_, i) =>
    Object.freeze({ spot: (i % 13) as Spot, suit: Math.floor(i / 13) as Suit }),
  ),
);

export class Deck implements DeckADT {
  #cards: Card[] = [...NEW_DECK_ORDER];
  // A shuffle riffles into this spare array and swaps: a long game shuffles thousands of times.
  #spare: Card[] = [...NEW_DECK_ORDER];
  #next = 0;

  reset(): void {
    this.#cards = [...NEW_DECK_ORDER];
    this.#next = 0;
  }

  shuffle(n: number): void {
    // Cards already dealt go back in where they lie: a shuffle never resets the order.
    riffle(this.#cards, n, this.#spare);
    [this.#cards, this.#spare] = [this.#spare, this.#cards];
    this.#next = 0;
  }

  deal(): Card {
    const card = this.#cards[this.#next];
    if (card === undefined) throw new DeckEmpty();
    this.#next++;
    return card;
  }

  cardsLeft(): number {
    return DECK_SIZE - this.#next;
  }
}

/**
 * The course's shuffle, written into `out`: left = the first n cards, right = the rest, dealt back
 * as right[0], left[0], right[1], left[1], ...; the longer side's remainder follows.
 */
function riffle(cards: readonly Card[], n: number, out: Card[]): void {
  const rightLength = cards.length - n;
  let o = 0;
  for (let i = 0; i < Math.max(n, rightLength); i++) {
    if (i < rightLength) out[o++] = cards[n + i]!;
    if (i < n) out[o++] = cards[i]!;
  }
}
