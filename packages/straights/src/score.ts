// Scoring and the end of the game.
import type { Card } from './card.ts';

/** The game ends after a round in which any score reaches this ("80 points or more"). */
export const GAME_OVER_SCORE = 80;

/** A round's points for one player: the sum of the ranks discarded (Ace 1, Jack 11, Queen 12, King 13). */
export function discardPoints(discards: readonly Card[]): number {
  return discards.reduce((sum, card) => sum + card.rank, 0);
}

/** Checked after each round's scores are added: a game always plays at least one round. */
export function isGameOver(scores: readonly number[]): boolean {
  return scores.some((score) => score >= GAME_OVER_SCORE);
}

/** Every player with the lowest score wins (seats from 0, in seat order). */
export function winners(scores: readonly number[]): number[] {
  const lowest = Math.min(...scores);
  return scores.flatMap((score, seat) => (score === lowest ? [seat] : []));
}
