import { type Card, Spot } from '@pitboss/deck';
import { SimplePlayer } from './simple.ts';

/** The running count's step for a card seen: +1 for Two..Six, -1 for Ten..Ace, 0 otherwise. */
export function countStep(card: Card): number {
  if (card.spot <= Spot.SIX) return 1;
  if (card.spot >= Spot.TEN) return -1;
  return 0;
}

/** Bets double when the count is high enough and the bankroll can cover it. */
const DOUBLE_AT_COUNT = 2;

/** Simple's strategy (inherited, not copied) plus a running count that sizes the bet. */
export class CountingPlayer extends SimplePlayer {
  #count = 0;

  override bet(bankroll: number, minimum: number): number {
    const double = 2 * minimum;
    return this.#count >= DOUBLE_AT_COUNT && bankroll >= double ? double : minimum;
  }

  override expose(card: Card): void {
    this.#count += countStep(card);
  }

  override shuffled(): void {
    this.#count = 0;
  }
}
