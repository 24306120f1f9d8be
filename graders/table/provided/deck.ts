// The course's Deck (provided: do not edit; grading replaces it with this copy). A new Deck is
// newly opened: Ace, 2, ..., 10, Jack, Queen, King of Clubs, then Diamonds, Hearts and Spades.
// `shuffle()` mixes it with the game's random source, and `deal()` hands out the top card. Every
// round the dealer opens a fresh deck and shuffles it once. main() seeds the game's random source
// (`seedShuffles`) before the first round; this file imports only card.ts.
import { type Card, DECK_SIZE, DeckEmpty, Spot, Suit } from './card';

// MT19937 (Matsumoto and Nishimura's genrand_int32): the game's one random source.
const N = 624;
const M = 397;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;
const MATRIX_A = 0x9908b0df;

class Mt19937 {
  readonly #state = new Uint32Array(N);
  #index = N;

  constructor(seed: number) {
    const mt = this.#state;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = Math.imul(1812433253, prev ^ (prev >>> 30)) + i;
    }
  }

  /** The next unsigned 32-bit output. */
  next(): number {
    const mt = this.#state;
    if (this.#index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k]! & UPPER_MASK) | (mt[(k + 1) % N]! & LOWER_MASK);
        mt[k] = mt[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      this.#index = 0;
    }
    let y = mt[this.#index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}

let random: Mt19937 | undefined;

/** Starts the game's random source at `seed` (main() does, with --seed or the clock). */
export function seedShuffles(seed: number): void {
  random = new Mt19937(seed);
}

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

export class Deck {
  readonly #cards: Card[] = SUIT_ORDER.flatMap((suit) =>
    RANK_ORDER.map((spot) => Object.freeze({ spot, suit })),
  );
  #next = 0;

  /** Mixes the whole deck (every card back in it): for i from 51 down to 1, swap i with next() % (i + 1). */
  shuffle(): void {
    random ??= new Mt19937(Date.now() >>> 0);
    const cards = this.#cards;
    for (let i = DECK_SIZE - 1; i > 0; i--) {
      const j = random.next() % (i + 1);
      [cards[i], cards[j]] = [cards[j]!, cards[i]!];
    }
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
