// Characters: the student's player.ts (getPlayer and the roster behind it), a fresh reference roster as
// the oracle, run here in the grader; the student's characters get only the calls (draw() a hand that
// reports its value, as the course linked players with the reference Hand). This file: the seats, every
// call getPlayer takes, and what every character test reaches a character with.
import { countingCard, playerStep } from '@pitboss/blackjack-kit/suites/strategy';
import { data, type Script, type Slot } from '@pitboss/grader/kit';
import {
  type Character,
  createRoster,
  MemberNames,
  otherTeam,
  PLAYER_TYPES,
  type PlayerType,
  TEAM_SIZE,
  TEAMS,
  type Team,
} from '@pitboss/player';

/** One way to reach a character: the words of the call, and who it must return. */
export interface Seat {
  dealerTeam: Team;
  playerType: PlayerType;
  id: number;
  /** The character's team: the one facing the dealers. */
  team: Team;
  name: string;
  /** `getPlayer('sc', 'simple', 1)`, as a counterexample shows it. */
  call: string;
}

/** Every call getPlayer takes, SOS Brigade's members first, each in id order and both player types. */
export const SEATS: readonly Seat[] = [...TEAMS].reverse().flatMap((dealerTeam) => {
  const team = otherTeam(dealerTeam);
  return Array.from({ length: TEAM_SIZE }, (_, i) => i + 1).flatMap((id) =>
    PLAYER_TYPES.map((playerType) => ({
      dealerTeam,
      playerType,
      id,
      team,
      name: MemberNames[team][id - 1]!,
      call: `getPlayer('${dealerTeam}', '${playerType}', ${id})`,
    })),
  );
});

/** The seats of one member of a team, by id: both player types. */
export const seatsOf = (team: Team, id: number) =>
  SEATS.filter((seat) => seat.team === team && seat.id === id);

export const who = (seat: Seat) => `${seat.name} (${seat.call})`;

/** `getPlayer(...)` for a seat, as a step: it must return a player object. */
export const get = (script: Script, seat: Seat): Slot =>
  playerStep(script, 'getPlayer', [data(seat.dealerTeam), data(seat.playerType), data(seat.id)], seat.call);

/** The reference's character for a seat, fresh: its own roster, so no history but what a test gives it. */
export const oracleFor = (seat: Seat): Character => createRoster()(seat.dealerTeam, seat.playerType, seat.id);

/** The oracle brought to a count the way countTo brings the student's character there. */
export function oracleTo(oracle: Character, count: number): void {
  oracle.shuffled();
  for (let i = 0; i < Math.abs(count); i++) oracle.expose(countingCard(count));
}

export const signed = (count: number) => (count > 0 ? `+${count}` : `${count}`);
