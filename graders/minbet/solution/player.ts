import { type Card, Spot } from './card';
import type { HandADT, Player } from './contract';

/** The dealer's up card is one of the spots from `low` to `high`. */
const shows = (up: Card, low: Spot, high: Spot) => up.spot >= low && up.spot <= high;

/** The basic strategy: true to hit, false to stand. */
function basicStrategy(dealerUp: Card, hand: HandADT): boolean {
  const { count, soft } = hand.handValue();
  if (soft) {
    if (count <= 17) return true;
    if (count === 18) return !(dealerUp.spot === Spot.TWO || shows(dealerUp, Spot.SEVEN, Spot.EIGHT));
    return false;
  }
  if (count <= 11) return true;
  if (count === 12) return !shows(dealerUp, Spot.FOUR, Spot.SIX);
  if (count <= 16) return !shows(dealerUp, Spot.TWO, Spot.SIX);
  return false;
}

const simple: Player = {
  bet: (_bankroll, minimum) => minimum,
  draw: basicStrategy,
  expose: () => {},
  shuffled: () => {},
};

// The counting player plays as the simple one does, and keeps the running count.
let runningCount = 0;
const counting: Player = {
  bet: (bankroll, minimum) => (runningCount >= 2 && bankroll >= 2 * minimum ? 2 * minimum : minimum),
  draw: (dealerUp, hand) => simple.draw(dealerUp, hand),
  expose: (card) => {
    if (card.spot <= Spot.SIX) runningCount++;
    else if (card.spot >= Spot.TEN) runningCount--;
  },
  shuffled: () => {
    runningCount = 0;
  },
};

export function getSimple(): Player {
  return simple;
}

export function getCounting(): Player {
  return counting;
}
