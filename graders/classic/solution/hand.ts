import { type Card, Spot } from './card';
import type { HandADT, HandValue } from './contract';

// The course's design: the hand keeps only what its value needs, not its cards.
export class Hand implements HandADT {
  private hard = 0;
  private hasAce = false;

  discardAll(): void {
    this.hard = 0;
    this.hasAce = false;
  }

  addCard(card: Card): void {
    if (card.spot === Spot.ACE) {
      this.hard += 1;
      this.hasAce = true;
    } else if (card.spot >= Spot.TEN) {
      this.hard += 10;
    } else {
      this.hard += card.spot + 2;
    }
  }

  handValue(): HandValue {
    if (this.hasAce && this.hard + 10 <= 21) {
      return { count: this.hard + 10, soft: true };
    }
    return { count: this.hard, soft: false };
  }
}
