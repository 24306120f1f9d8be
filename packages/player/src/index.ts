export {
  CHARACTER_SHEETS,
  type Character,
  type CharacterSheet,
  characterName,
  characterSheet,
  createRoster,
  type GetPlayer,
  getPlayer,
} from './characters.ts';
export { CountingPlayer, countStep, doublesAtPlusTwo } from './counting.ts';
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
export { MemberNames, otherTeam, TEAM_SIZE, TEAMS, type Team, TeamNames } from './team.ts';
