// The submission contract's types (provided; replaced by a pristine copy before grading).
import type { Card } from './card';

export interface HandValue {
  count: number;
  soft: boolean;
}

export interface DeckADT {
  /** Restores the newly opened order. */
  reset(): void;
  /** REQUIRES 0 <= n <= 52. */
  shuffle(n: number): void;
  /** Throws DeckEmpty when every card has been dealt since the last reset or shuffle. */
  deal(): Card;
  cardsLeft(): number;
}

export interface HandADT {
  discardAll(): void;
  addCard(card: Card): void;
  handValue(): HandValue;
}

export interface Player {
  /** REQUIRES bankroll >= minimum. */
  bet(bankroll: number, minimum: number): number;
  draw(dealerUp: Card, hand: HandADT): boolean;
  expose(card: Card): void;
  shuffled(): void;
}
