// The submission contract's types (provided; replaced by a pristine copy before grading).
import type { Card } from './card';
import type { Team } from './team';

export interface HandValue {
  count: number;
  soft: boolean;
}

export interface DeckADT {
  /** Restores the newly opened order. */
  reset(): void;
  /** REQUIRES 0 <= n <= 52. */
  shuffle(n: number): void;
  /** Throws DeckEmpty when every card has been dealt since the last reset or shuffle. */
  deal(): Card;
  cardsLeft(): number;
}

export interface HandADT {
  discardAll(): void;
  addCard(card: Card): void;
  handValue(): HandValue;
}

export interface Player {
  /** REQUIRES bankroll >= minimum. */
  bet(bankroll: number, minimum: number): number;
  draw(dealerUp: Card, hand: HandADT): boolean;
  expose(card: Card): void;
  shuffled(): void;
}

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
