// The crusaders edition's ten characters as players: each is Simple or Counting with at most one
// small variation. How they enter, escape, stop time and cheer are rules of the round: see
// packages/driver/src/rules/crusaders.ts.
import type { Card } from '@pitboss/deck';
import type { HandADT } from '@pitboss/hand';
import { CountingPlayer, doublesAtPlusTwo } from './counting.ts';
import type { Player } from './player.ts';
import type { PlayerType } from './roster.ts';
import { SimplePlayer } from './simple.ts';
import { MemberNames, otherTeam, type Team } from './team.ts';

/** A player of the crusaders edition: a Player with a name, an id and a team. */
export interface Character extends Player {
  getName(): string;
  getID(): number;
  getTeam(): Team;
}

/** Haruhi is brave: she bets double the minimum whatever her bankroll, which may go negative. */
class BravePlayer extends SimplePlayer {
  override bet(_bankroll: number, minimum: number): number {
    return 2 * minimum;
  }
}

/** How a character plays: which strategy, and its one variation. */
export interface CharacterSheet {
  team: Team;
  id: number;
  /** `chosen`: the command line's simple|counting decides (Itzuki, Avdol). */
  plays: 'simple' | 'brave' | 'counting' | 'chosen';
  /** When a counting character bets double (the count's test; the bankroll must cover it too). */
  doublesWhen?: (count: number) => boolean;
  /** Starting bankroll as a multiple of the command line's (Joseph is rich). */
  bankrollTimes: number;
}

export const CHARACTER_SHEETS: readonly CharacterSheet[] = [
  { team: 'sos', id: 1, plays: 'brave', bankrollTimes: 1 },
  { team: 'sos', id: 2, plays: 'counting', bankrollTimes: 1 },
  // Mikuru is bad at games: she doubles when the count is below -2.
  { team: 'sos', id: 3, plays: 'counting', doublesWhen: (count) => count < -2, bankrollTimes: 1 },
  { team: 'sos', id: 4, plays: 'simple', bankrollTimes: 1 },
  { team: 'sos', id: 5, plays: 'chosen', bankrollTimes: 1 },
  { team: 'sc', id: 1, plays: 'counting', bankrollTimes: 2 },
  { team: 'sc', id: 2, plays: 'counting', bankrollTimes: 1 },
  { team: 'sc', id: 3, plays: 'simple', bankrollTimes: 1 },
  // Kakyoin is cautious: he doubles only at a count of +4 or more.
  { team: 'sc', id: 4, plays: 'counting', doublesWhen: (count) => count >= 4, bankrollTimes: 1 },
  { team: 'sc', id: 5, plays: 'chosen', bankrollTimes: 1 },
];

export function characterSheet(team: Team, id: number): CharacterSheet {
  const sheet = CHARACTER_SHEETS.find((s) => s.team === team && s.id === id);
  if (sheet === undefined) throw new RangeError(`no member ${id} in team ${team}`);
  return sheet;
}

export function characterName(team: Team, id: number): string {
  return MemberNames[team][characterSheet(team, id).id - 1]!;
}

function strategyOf(sheet: CharacterSheet, playerType: PlayerType): Player {
  const plays = sheet.plays === 'chosen' ? playerType : sheet.plays;
  if (plays === 'simple') return new SimplePlayer();
  if (plays === 'brave') return new BravePlayer();
  return new CountingPlayer(sheet.doublesWhen ?? doublesAtPlusTwo);
}

/** A character: its sheet's strategy, answering to its name. */
class Member implements Character {
  readonly #sheet: CharacterSheet;
  readonly #strategy: Player;

  constructor(sheet: CharacterSheet, playerType: PlayerType) {
    this.#sheet = sheet;
    this.#strategy = strategyOf(sheet, playerType);
  }

  bet(bankroll: number, minimum: number): number {
    return this.#strategy.bet(bankroll, minimum);
  }

  draw(dealerUp: Card, hand: HandADT): boolean {
    return this.#strategy.draw(dealerUp, hand);
  }

  expose(card: Card): void {
    this.#strategy.expose(card);
  }

  shuffled(): void {
    this.#strategy.shuffled();
  }

  getName(): string {
    return characterName(this.#sheet.team, this.#sheet.id);
  }

  getID(): number {
    return this.#sheet.id;
  }

  getTeam(): Team {
    return this.#sheet.team;
  }
}

/** The contract's factory: the player of the team facing `dealerTeam` with that id. */
export type GetPlayer = (dealerTeam: Team, playerType: PlayerType, id: number) => Character;

/** A roster of its own: one instance per character and player type, none shared with other rosters. */
export function createRoster(): GetPlayer {
  const members = new Map<string, Character>();
  return (dealerTeam, playerType, id) => {
    const sheet = characterSheet(otherTeam(dealerTeam), id);
    const key = `${sheet.team}:${sheet.id}:${sheet.plays === 'chosen' ? playerType : ''}`;
    let member = members.get(key);
    if (member === undefined) {
      member = new Member(sheet, playerType);
      members.set(key, member);
    }
    return member;
  };
}

const processRoster = createRoster();

/** The contract's `getPlayer`: the same instance for the same character on every call, as the course's. */
export const getPlayer: GetPlayer = (dealerTeam, playerType, id) => processRoster(dealerTeam, playerType, id);
