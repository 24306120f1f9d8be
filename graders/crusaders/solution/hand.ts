import { type Card, Spot } from './card';
import type { HandADT, HandValue } from './contract';

// Like the course's Hand, only the value is kept: the total with every Ace as 1, and whether an Ace is held.
export class Hand implements HandADT {
  private total = 0;
  private aces = 0;

  discardAll(): void {
    this.total = 0;
    this.aces = 0;
  }

  addCard(card: Card): void {
    if (card.spot === Spot.ACE) {
      this.total += 1;
      this.aces++;
    } else if (card.spot >= Spot.TEN) {
      this.total += 10;
    } else {
      this.total += card.spot + 2;
    }
  }

  // One Ace may count 11 instead of 1, if that does not go over 21; the hand is then soft.
  handValue(): HandValue {
    if (this.aces > 0 && this.total + 10 <= 21) {
      return { count: this.total + 10, soft: true };
    }
    return { count: this.total, soft: false };
  }
}
