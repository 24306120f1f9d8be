import { type Card, Spot } from '@pitboss/deck';
import { SimplePlayer } from './simple.ts';

/** The running count's step for a card seen: +1 for Two..Six, -1 for Ten..Ace, 0 otherwise. */
export function countStep(card: Card): number {
  if (card.spot <= Spot.SIX) return 1;
  if (card.spot >= Spot.TEN) return -1;
  return 0;
}

/** When the course's counting player bets double: a count of +2 or more. */
export const doublesAtPlusTwo = (count: number): boolean => count >= 2;

/**
 * Simple's strategy (inherited, not copied) plus a running count that sizes the bet: double the
 * minimum when `doublesWhen(count)` and the bankroll covers it. Characters of the crusaders edition
 * differ only in that test.
 */
export class CountingPlayer extends SimplePlayer {
  #count = 0;
  readonly #doublesWhen: (count: number) => boolean;

  constructor(doublesWhen: (count: number) => boolean = doublesAtPlusTwo) {
    super();
    this.#doublesWhen = doublesWhen;
  }

  override bet(bankroll: number, minimum: number): number {
    const double = 2 * minimum;
    return this.#doublesWhen(this.#count) && bankroll >= double ? double : minimum;
  }

  override expose(card: Card): void {
    this.#count += countStep(card);
  }

  override shuffled(): void {
    this.#count = 0;
  }
}
