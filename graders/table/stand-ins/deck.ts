// A stacked deck: what the unit tests stage in place of the provided deck.ts (ProvidedFile's
// unitTestSource), so that a test deals exactly the cards a rule needs. The same exports as deck.ts,
// and `stackCards`, which a test calls first. It behaves as the provided deck does, its shuffle aside:
// a new Deck is newly opened (the new deck's order), and `shuffle()` mixes the whole deck (every card
// back in it) by the permutation that takes a newly opened deck to the stacked cards. So a fresh deck
// shuffled once deals the stack, top first; a deck never shuffled deals the new deck's order, and one
// shuffled again is mixed again, as the provided deck would be. Imports only card.ts, like deck.ts.
import { type Card, DECK_SIZE, DeckEmpty, Spot, Suit } from './card';

const SUIT_ORDER: readonly Suit[] = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES];
const RANK_ORDER: readonly Spot[] = [
  Spot.ACE,
  Spot.TWO,
  Spot.THREE,
  Spot.FOUR,
  Spot.FIVE,
  Spot.SIX,
  Spot.SEVEN,
  Spot.EIGHT,
  Spot.NINE,
  Spot.TEN,
  Spot.JACK,
  Spot.QUEEN,
  Spot.KING,
];
const NEW_DECK: readonly Card[] = SUIT_ORDER.flatMap((suit) =>
  RANK_ORDER.map((spot) => Object.freeze({ spot, suit })),
);

/** Where in a newly opened deck each card of the stack is: the shuffle's permutation. */
let permutation: readonly number[] = NEW_DECK.map((_, i) => i);

/** The cards a fresh deck's shuffle arranges, top first: all 52, each once. */
export function stackCards(cards: readonly Card[]): void {
  const positions = cards.map((card) =>
    NEW_DECK.findIndex((other) => other.spot === card.spot && other.suit === card.suit),
  );
  if (positions.length !== DECK_SIZE || new Set(positions).size !== DECK_SIZE || positions.includes(-1))
    throw new Error('stackCards needs all 52 cards, each once');
  permutation = positions;
}

/** The game's random source is not used: the stack decides every shuffle. */
export function seedShuffles(_seed: number): void {}

export class Deck {
  #cards: readonly Card[] = NEW_DECK;
  #next = 0;

  /** Mixes the whole deck by the stack's permutation; deals from the top again. */
  shuffle(): void {
    const before = this.#cards;
    this.#cards = permutation.map((i) => before[i]!);
    this.#next = 0;
  }

  /** The top card, taken off the deck; DeckEmpty once all 52 are dealt. */
  deal(): Card {
    const card = this.#cards[this.#next];
    if (card === undefined) throw new DeckEmpty();
    this.#next++;
    return card;
  }

  /** How many cards are still to be dealt. */
  cardsLeft(): number {
    return DECK_SIZE - this.#next;
  }
}
