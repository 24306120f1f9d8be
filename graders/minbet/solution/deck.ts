import { type Card, DECK_SIZE, DeckEmpty, type Spot, type Suit } from './card';
import type { DeckADT } from './contract';

// The deck keeps card numbers: 0 is Two of Spades, 12 Ace of Spades, 13 Two of Hearts, ..., 51 Ace of
// Diamonds, the order of a newly opened deck.
const cardOf = (number: number): Card => ({
  spot: (number % 13) as Spot,
  suit: Math.floor(number / 13) as Suit,
});

export class Deck implements DeckADT {
  private order: number[] = [];
  private dealt = 0;

  constructor() {
    this.reset();
  }

  reset(): void {
    this.order = Array.from({ length: DECK_SIZE }, (_, number) => number);
    this.dealt = 0;
  }

  shuffle(n: number): void {
    const left = this.order.slice(0, n);
    const right = this.order.slice(n);
    this.order = [];
    while (left.length > 0 || right.length > 0) {
      const fromRight = right.shift();
      if (fromRight !== undefined) this.order.push(fromRight);
      const fromLeft = left.shift();
      if (fromLeft !== undefined) this.order.push(fromLeft);
    }
    this.dealt = 0;
  }

  deal(): Card {
    const number = this.order[this.dealt];
    if (number === undefined) throw new DeckEmpty();
    this.dealt++;
    return cardOf(number);
  }

  cardsLeft(): number {
    return this.order.length - this.dealt;
  }
}
