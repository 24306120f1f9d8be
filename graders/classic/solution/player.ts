import { type Card, Spot } from './card';
import type { HandADT, Player } from './contract';

class SimplePlayer implements Player {
  bet(_bankroll: number, minimum: number): number {
    return minimum;
  }

  draw(dealerUp: Card, hand: HandADT): boolean {
    const value = hand.handValue();
    const up = dealerUp.spot;
    if (!value.soft) {
      if (value.count <= 11) return true;
      if (value.count === 12) return !(up >= Spot.FOUR && up <= Spot.SIX);
      if (value.count <= 16) return !(up >= Spot.TWO && up <= Spot.SIX);
      return false;
    }
    if (value.count <= 17) return true;
    if (value.count === 18) return !(up === Spot.TWO || up === Spot.SEVEN || up === Spot.EIGHT);
    return false;
  }

  expose(_card: Card): void {}

  shuffled(): void {}
}

class CountingPlayer extends SimplePlayer {
  private count = 0;

  override bet(bankroll: number, minimum: number): number {
    if (this.count >= 2 && bankroll >= 2 * minimum) return 2 * minimum;
    return minimum;
  }

  override expose(card: Card): void {
    if (card.spot <= Spot.SIX) this.count++;
    else if (card.spot >= Spot.TEN) this.count--;
  }

  override shuffled(): void {
    this.count = 0;
  }
}

const simple = new SimplePlayer();
const counting = new CountingPlayer();

export function getSimple(): Player {
  return simple;
}

export function getCounting(): Player {
  return counting;
}
