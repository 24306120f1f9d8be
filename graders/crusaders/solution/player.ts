import { type Card, Spot } from './card';
import type { Character, PlayerType } from './characters';
import type { HandADT } from './contract';
import { MemberNames, type Team } from './team';

// Every character plays the Simple player's strategy; they differ only in how they bet.
class SimplePlayer implements Character {
  private readonly team: Team;
  private readonly id: number;

  constructor(team: Team, id: number) {
    this.team = team;
    this.id = id;
  }

  bet(_bankroll: number, minimum: number): number {
    return minimum;
  }

  draw(dealerUp: Card, hand: HandADT): boolean {
    const { count, soft } = hand.handValue();
    const up = dealerUp.spot;
    if (soft) {
      if (count <= 17) return true;
      if (count === 18) return up !== Spot.TWO && up !== Spot.SEVEN && up !== Spot.EIGHT;
      return false;
    }
    if (count <= 11) return true;
    if (count === 12) return up < Spot.FOUR || up > Spot.SIX;
    if (count <= 16) return up > Spot.SIX;
    return false;
  }

  expose(_card: Card): void {}

  shuffled(): void {}

  getName(): string {
    return MemberNames[this.team][this.id - 1]!;
  }

  getID(): number {
    return this.id;
  }

  getTeam(): Team {
    return this.team;
  }
}

// Suzumiya Haruhi is brave: she always bets double the minimum, even when her bankroll cannot cover it.
class BravePlayer extends SimplePlayer {
  override bet(_bankroll: number, minimum: number): number {
    return 2 * minimum;
  }
}

class CountingPlayer extends SimplePlayer {
  protected count = 0;

  override bet(bankroll: number, minimum: number): number {
    if (this.wantsDouble() && bankroll >= 2 * minimum) return 2 * minimum;
    return minimum;
  }

  // The course's counting player doubles at a count of +2 or more.
  protected wantsDouble(): boolean {
    return this.count >= 2;
  }

  override expose(card: Card): void {
    if (card.spot <= Spot.SIX) this.count++;
    if (card.spot >= Spot.TEN) this.count--;
  }

  override shuffled(): void {
    this.count = 0;
  }
}

// Asahina Mikuru is not good at games: she doubles only when the count is below -2.
class ContraryPlayer extends CountingPlayer {
  protected override wantsDouble(): boolean {
    return this.count < -2;
  }
}

// Kakyoin Noriaki is cautious: he doubles only when the count is +4 or more.
class CautiousPlayer extends CountingPlayer {
  protected override wantsDouble(): boolean {
    return this.count >= 4;
  }
}

// One instance per character; Koizumi Itzuki and Mohammed Avdol have one per player type.
const sosBrigade: Character[] = [
  new BravePlayer('sos', 1),
  new CountingPlayer('sos', 2),
  new ContraryPlayer('sos', 3),
  new SimplePlayer('sos', 4),
];
const stardustCrusaders: Character[] = [
  new CountingPlayer('sc', 1),
  new CountingPlayer('sc', 2),
  new SimplePlayer('sc', 3),
  new CautiousPlayer('sc', 4),
];
const itzuki = { simple: new SimplePlayer('sos', 5), counting: new CountingPlayer('sos', 5) };
const avdol = { simple: new SimplePlayer('sc', 5), counting: new CountingPlayer('sc', 5) };

export function getPlayer(dealerTeam: Team, playerType: PlayerType, id: number): Character {
  // The players are the team the dealers face.
  const team: Team = dealerTeam === 'sc' ? 'sos' : 'sc';
  if (id === 5) return team === 'sos' ? itzuki[playerType] : avdol[playerType];
  return team === 'sos' ? sosBrigade[id - 1]! : stardustCrusaders[id - 1]!;
}
