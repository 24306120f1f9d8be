export { CountingPlayer, countStep } from './counting.ts';
export type { Player } from './player.ts';
export {
  createPlayer,
  getCounting,
  getSimple,
  isPlayerType,
  PLAYER_TYPES,
  type PlayerType,
} from './roster.ts';
export { basicStrategyHits, SimplePlayer } from './simple.ts';
