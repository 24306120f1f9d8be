import { type Card, DECK_SIZE, DeckEmpty, type Spot, type Suit } from './card';
import type { DeckADT } from './contract';

function newDeck(): Card[] {
  const cards: Card[] = [];
  for (let suit = 0; suit < 4; suit++) {
    for (let spot = 0; spot < 13; spot++) {
      cards.push({ spot: spot as Spot, suit: suit as Suit });
    }
  }
  return cards;
}

export class Deck implements DeckADT {
  private cards: Card[] = newDeck();
  private next = 0;

  reset(): void {
    this.cards = newDeck();
    this.next = 0;
  }

  shuffle(n: number): void {
    const left = this.cards.slice(0, n);
    const right = this.cards.slice(n);
    const shuffled: Card[] = [];
    let i = 0;
    while (i < left.length || i < right.length) {
      if (i < right.length) shuffled.push(right[i]!);
      if (i < left.length) shuffled.push(left[i]!);
      i++;
    }
    this.cards = shuffled;
    this.next = 0;
  }

  deal(): Card {
    if (this.next >= DECK_SIZE) {
      throw new DeckEmpty();
    }
    return this.cards[this.next++]!;
  }

  cardsLeft(): number {
    return DECK_SIZE - this.next;
  }
}
