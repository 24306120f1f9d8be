import { type Card, DECK_SIZE, DeckEmpty, type Spot, type Suit } from './card';
import type { DeckADT } from './contract';

export class Deck implements DeckADT {
  private cards: Card[] = [];
  private next = 0;

  constructor() {
    this.reset();
  }

  // A newly opened deck: Two to Ace of Spades, then Hearts, then Clubs, then Diamonds.
  reset(): void {
    this.cards = [];
    for (let suit = 0; suit < 4; suit++) {
      for (let spot = 0; spot < 13; spot++) {
        this.cards.push({ spot: spot as Spot, suit: suit as Suit });
      }
    }
    this.next = 0;
  }

  // Every card comes back, in the order of the last reset or shuffle; then the riffle: the first of
  // the right part, the first of the left part, and so on.
  shuffle(n: number): void {
    const left = this.cards.slice(0, n);
    const right = this.cards.slice(n);
    const riffled: Card[] = [];
    for (let i = 0; i < DECK_SIZE; i++) {
      if (i < right.length) riffled.push(right[i]!);
      if (i < left.length) riffled.push(left[i]!);
    }
    this.cards = riffled;
    this.next = 0;
  }

  deal(): Card {
    if (this.next === DECK_SIZE) throw new DeckEmpty();
    const card = this.cards[this.next]!;
    this.next++;
    return card;
  }

  cardsLeft(): number {
    return DECK_SIZE - this.next;
  }
}
