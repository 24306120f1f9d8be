// A seat at the table: what it holds, what it has discarded this round, its score, and who plays it.
import type { Card } from './card';

export type Controller = 'human' | 'computer';

export class Player {
  readonly number: number;
  controller: Controller;
  hand: Card[] = [];
  discards: Card[] = [];
  score = 0;

  constructor(number: number, controller: Controller) {
    this.number = number;
    this.controller = controller;
  }

  get name(): string {
    return `Player${this.number}`;
  }

  newRound(hand: Card[]): void {
    this.hand = hand;
    this.discards = [];
  }

  /** Takes a card out of the hand (the caller knows it is there). */
  remove(card: Card): void {
    const at = this.hand.findIndex((held) => held.rank === card.rank && held.suit === card.suit);
    this.hand.splice(at, 1);
  }

  holds(card: Card): boolean {
    return this.hand.some((held) => held.rank === card.rank && held.suit === card.suit);
  }

  /** This round's points: the ranks of the discards (Jack 11, Queen 12, King 13). */
  roundPoints(): number {
    let points = 0;
    for (const card of this.discards) points += card.rank;
    return points;
  }
}
