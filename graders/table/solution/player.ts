// A player at the table: a name, funds, the bet on this round, and a hand.
import { Hand } from './hand';

export class Player {
  private readonly name: string;
  private funds = 0;
  private bet = 0;
  private readonly hand = new Hand();

  constructor(name: string) {
    this.name = name;
  }

  getName(): string {
    return this.name;
  }

  getFunds(): number {
    return this.funds;
  }

  setFunds(funds: number): void {
    this.funds = funds;
  }

  getBet(): number {
    return this.bet;
  }

  /** A bet is a whole number from 0 to the player's funds; an illegal one changes nothing. */
  placeBet(bet: number): boolean {
    if (!Number.isInteger(bet) || bet < 0 || bet > this.funds) return false;
    this.bet = bet;
    return true;
  }

  /** The bet settled: won (+bet), lost (-bet) or tied (0). */
  collect(change: number): void {
    this.funds += change;
  }

  getHand(): Hand {
    return this.hand;
  }
}
