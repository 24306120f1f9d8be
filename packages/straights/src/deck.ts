// The deck: its first order, its shuffle at the start of every round, and the deal.
import { type Card, DECK_SIZE, RANKS, SUITS } from './card.ts';
import { type Engine, shuffle } from './rand.ts';

export const PLAYERS = 4;
export const HAND_SIZE = DECK_SIZE / PLAYERS;

/** The handout's first order: AC 2C .. KC AD .. KD AH .. KH AS .. KS. */
export function newDeckOrder(): Card[] {
  return SUITS.flatMap((suit) => RANKS.map((rank) => ({ rank, suit })));
}

/**
 * One deck for the whole game, shuffled by one engine that is never reseeded. Each round shuffles the
 * order the previous round was dealt from (the handout "restores" the deck after a round: dealing
 * copies the cards, so the order is left as it was).
 */
export class Deck {
  readonly #engine: Engine;
  #cards: Card[] = newDeckOrder();

  constructor(engine: Engine) {
    this.#engine = engine;
  }

  /** The start of a round: shuffle the current order once. */
  shuffle(): void {
    shuffle(this.#cards, this.#engine);
  }

  /** The whole order of this round (what `deck` prints): it does not change while the round is played. */
  get cards(): readonly Card[] {
    return this.#cards;
  }

  /** The deal: Player1 gets the first 13 cards, Player2 the next 13, and so on, each in deck order. */
  deal(): Card[][] {
    return Array.from({ length: PLAYERS }, (_, seat) =>
      this.#cards.slice(seat * HAND_SIZE, (seat + 1) * HAND_SIZE),
    );
  }
}
