// The game's deck: opened in the handout's order, shuffled once at the start of every round by the
// one engine of the game, each round starting from the order the last one was dealt from.
import { type Card, RANKS, SUITS } from './card';
import { MinstdRand0, shuffle } from './rand';

export class GameDeck {
  private readonly engine: MinstdRand0;
  private order: Card[];

  constructor(seed: number) {
    this.engine = new MinstdRand0(seed);
    this.order = [];
    for (const suit of SUITS) for (const rank of RANKS) this.order.push({ rank, suit });
  }

  shuffle(): void {
    shuffle(this.order, this.engine);
  }

  /** Thirteen cards each: the first thirteen to Player1, and so on. */
  deal(): Card[][] {
    const hands: Card[][] = [];
    for (let player = 0; player < 4; player++) hands.push(this.order.slice(player * 13, player * 13 + 13));
    return hands;
  }

  get cards(): readonly Card[] {
    return this.order;
  }
}
