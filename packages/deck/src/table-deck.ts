// The `table` rule set's cards and deck (SPEC section 8, the CMSC 202 edition): the same 52 cards as
// card.ts, named and ordered the way that course's provided Card and Deck did, and shuffled by a
// seeded Fisher-Yates instead of riffles. Imports only card.ts: it can be handed to students as-is.
import { type Card, DECK_SIZE, DeckEmpty, Spot, Suit, SuitNames } from './card.ts';

/** Printed ranks, indexed by Spot: `2`..`10`, then the faces and the Ace spelled out. */
export const TableRankNames: readonly string[] = [
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  'Jack',
  'Queen',
  'King',
  'Ace',
];

const SUIT_ORDER: readonly Suit[] = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES];
// The Ace leads each suit in this course's new deck.
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

/** A newly opened table deck: Ace, 2, ..., King of Clubs, then Diamonds, Hearts, Spades. */
export const TABLE_DECK_ORDER: readonly Card[] = Object.freeze(
  SUIT_ORDER.flatMap((suit) => RANK_ORDER.map((spot) => Object.freeze({ spot, suit }))),
);

/** A card as the table prints it: `10 of Clubs`, `Ace of Diamonds`. */
export function tableCardName(card: Card): string {
  return `${TableRankNames[card.spot]} of ${SuitNames[card.suit]}`;
}

/** The 32-bit generator a shuffle draws from: MT19937's genrand_int32 (rand.ts's Mt19937). */
export interface RandomSource {
  next(): number;
}

/** What a round deals from: the reference's deck, or a stacked one in a test. */
export interface CardSource {
  deal(): Card;
}

/** One round's deck: opened in order, shuffled once, dealt from the top. */
export class TableDeck implements CardSource {
  readonly #cards: Card[] = [...TABLE_DECK_ORDER];
  #next = 0;

  /** Fisher-Yates from the last position down: swap position i with j = next() % (i + 1). */
  shuffle(random: RandomSource): void {
    const cards = this.#cards;
    for (let i = DECK_SIZE - 1; i > 0; i--) {
      const j = random.next() % (i + 1);
      [cards[i], cards[j]] = [cards[j]!, cards[i]!];
    }
    this.#next = 0;
  }

  deal(): Card {
    const card = this.#cards[this.#next];
    if (card === undefined) throw new DeckEmpty();
    this.#next++;
    return card;
  }

  cardsLeft(): number {
    return DECK_SIZE - this.#next;
  }
}

/** Every round opens a fresh deck and shuffles it, all rounds drawing on one generator. */
export function shuffledDecks(random: RandomSource): () => TableDeck {
  return () => {
    const deck = new TableDeck();
    deck.shuffle(random);
    return deck;
  };
}
