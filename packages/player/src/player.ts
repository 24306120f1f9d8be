import type { Card } from '@pitboss/deck';
import type { HandADT } from '@pitboss/hand';

export interface Player {
  /** REQUIRES bankroll >= minimum. The wager for the next hand. */
  bet(bankroll: number, minimum: number): number;
  /** True to hit, false to stand, given the dealer's up card and the player's hand. */
  draw(dealerUp: Card, hand: HandADT): boolean;
  /** The player sees a card dealt face up, or the dealer's hole card when it is turned. */
  expose(card: Card): void;
  /** The deck has just been shuffled. */
  shuffled(): void;
}
