// The crusaders edition's characters (provided; replaced by a pristine copy before grading): what
// player.ts's getPlayer hands out, on top of contract.ts's Player and team.ts's teams.
import type { Player } from './contract';
import type { Team } from './team';

/** A member of either team, playing: a Player with a name, an id and a team. */
export interface Character extends Player {
  /** The full name, family name first, as team.ts's MemberNames spells it. */
  getName(): string;
  /** 1 to 5: the member's place in the team, the order in which members enter the game. */
  getID(): number;
  getTeam(): Team;
}

/** The command line's third word: how Koizumi Itzuki and Mohammed Avdol play. */
export type PlayerType = 'simple' | 'counting';

/**
 * player.ts's getPlayer: the member `id` of the team facing `dealerTeam` (the command line's last
 * word names the dealers), the same instance for the same character on every call.
 */
export type GetPlayer = (dealerTeam: Team, playerType: PlayerType, id: number) => Character;
