import { CountingPlayer } from './counting.ts';
import type { Player } from './player.ts';
import { SimplePlayer } from './simple.ts';

export const PLAYER_TYPES = ['simple', 'counting'] as const;
export type PlayerType = (typeof PLAYER_TYPES)[number];

export function isPlayerType(word: string): word is PlayerType {
  return (PLAYER_TYPES as readonly string[]).includes(word);
}

/** A new player with no history: what one game in a long-lived process needs. */
export function createPlayer(type: PlayerType): Player {
  return type === 'simple' ? new SimplePlayer() : new CountingPlayer();
}

// The contract's factories hand out one instance per process, as the course's did.
let simple: Player | undefined;
let counting: Player | undefined;

export function getSimple(): Player {
  simple ??= new SimplePlayer();
  return simple;
}

export function getCounting(): Player {
  counting ??= new CountingPlayer();
  return counting;
}
