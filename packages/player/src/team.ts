// The crusaders edition's two teams and their members (handed to students as-is: it imports nothing).
// A member's id is their place in the team, from 1; members enter the game in id order.

export type Team = 'sos' | 'sc';

export const TEAMS: readonly Team[] = ['sos', 'sc'];

export const TEAM_SIZE = 5;

export const TeamNames: Readonly<Record<Team, string>> = {
  sos: 'SOS Brigade',
  sc: 'Stardust Crusaders',
};

/** Full names, family name first, indexed by id - 1. */
export const MemberNames: Readonly<Record<Team, readonly string[]>> = {
  sos: ['Suzumiya Haruhi', 'Nagato Yuki', 'Asahina Mikuru', 'Kyon', 'Koizumi Itzuki'],
  sc: ['Joseph Joestar', 'Kujo Jotaro', 'Jean Pierre Polnareff', 'Kakyoin Noriaki', 'Mohammed Avdol'],
};

/** The team facing `team`: the dealers' word on the command line names the players' opponents. */
export function otherTeam(team: Team): Team {
  return team === 'sos' ? 'sc' : 'sos';
}
