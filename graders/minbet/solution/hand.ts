import { type Card, Spot } from './card';
import type { HandADT, HandValue } from './contract';

// This hand keeps its cards and counts them when asked.
export class Hand implements HandADT {
  private cards: Card[] = [];

  discardAll(): void {
    this.cards = [];
  }

  addCard(card: Card): void {
    this.cards.push(card);
  }

  handValue(): HandValue {
    let hard = 0;
    let holdsAce = false;
    for (const card of this.cards) {
      if (card.spot === Spot.ACE) holdsAce = true;
      hard += card.spot === Spot.ACE ? 1 : Math.min(card.spot + 2, 10);
    }
    // One Ace counts 11 when that keeps the hand at 21 or less: the hand is soft.
    if (holdsAce && hard <= 11) return { count: hard + 10, soft: true };
    return { count: hard, soft: false };
  }
}
