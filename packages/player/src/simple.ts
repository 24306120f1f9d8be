import { type Card, Spot } from '@pitboss/deck';
import type { HandADT } from '@pitboss/hand';
import type { Player } from './player.ts';

const upCardIsOneOf = (dealerUp: Card, spots: readonly Spot[]): boolean => spots.includes(dealerUp.spot);

const FOUR_TO_SIX: readonly Spot[] = [Spot.FOUR, Spot.FIVE, Spot.SIX];
const TWO_TO_SIX: readonly Spot[] = [Spot.TWO, Spot.THREE, Spot.FOUR, Spot.FIVE, Spot.SIX];
const TWO_SEVEN_EIGHT: readonly Spot[] = [Spot.TWO, Spot.SEVEN, Spot.EIGHT];

/**
 * The course's basic strategy: true means hit.
 * Hard: <= 11 hit; 12 stands on 4-6; 13-16 stand on 2-6; >= 17 stand.
 * Soft: <= 17 hit; 18 stands on 2, 7 or 8; >= 19 stand.
 */
export function basicStrategyHits(dealerUp: Card, hand: HandADT): boolean {
  const { count, soft } = hand.handValue();
  if (soft) {
    if (count <= 17) return true;
    if (count === 18) return !upCardIsOneOf(dealerUp, TWO_SEVEN_EIGHT);
    return false;
  }
  if (count <= 11) return true;
  if (count === 12) return !upCardIsOneOf(dealerUp, FOUR_TO_SIX);
  if (count <= 16) return !upCardIsOneOf(dealerUp, TWO_TO_SIX);
  return false;
}

/** Always bets the minimum and plays the basic strategy; sees nothing. */
export class SimplePlayer implements Player {
  bet(_bankroll: number, minimum: number): number {
    return minimum;
  }

  draw(dealerUp: Card, hand: HandADT): boolean {
    return basicStrategyHits(dealerUp, hand);
  }

  expose(_card: Card): void {}

  shuffled(): void {}
}
