import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Card,
  DECK_SIZE,
  DeckEmpty,
  Mt19937,
  Spot,
  Suit,
  shuffledDecks,
  TABLE_DECK_ORDER,
  TableDeck,
  tableCardName,
} from '../src/index.ts';

const SUITS = ['Clubs', 'Diamonds', 'Hearts', 'Spades'];
const RANKS = ['Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King'];
/** SPEC section 8's new deck, written out from its words. */
const NEW_TABLE_DECK = SUITS.flatMap((suit) => RANKS.map((rank) => `${rank} of ${suit}`));

const dealAll = (deck: TableDeck): string[] =>
  Array.from({ length: deck.cardsLeft() }, () => tableCardName(deck.deal()));

/** The shuffle as SPEC section 8 words it, on names: for i = 51 down to 1, swap i and genrand % (i + 1). */
function modelShuffle(names: readonly string[], twister: Mt19937): string[] {
  const out = [...names];
  for (let i = out.length - 1; i >= 1; i--) {
    const j = twister.next() % (i + 1);
    const held = out[i]!;
    out[i] = out[j]!;
    out[j] = held;
  }
  return out;
}

// Computed by a C++ program written from SPEC section 8 alone: std::mt19937(seed) (which is
// init_genrand(seed)), a vector of the 52 names in the new-deck order, `mt() % (i + 1)` swaps.
const CPP_SEED_0_ROUND_1 =
  '9 of Clubs|5 of Hearts|2 of Spades|9 of Hearts|8 of Diamonds|Ace of Diamonds|Jack of Spades|Queen of Diamonds|8 of Clubs|6 of Hearts|Jack of Clubs|10 of Diamonds|King of Clubs|5 of Spades|King of Diamonds|6 of Diamonds|2 of Hearts|2 of Clubs|6 of Spades|Queen of Spades|10 of Hearts|4 of Hearts|3 of Clubs|7 of Hearts|9 of Spades|Ace of Spades|2 of Diamonds|5 of Clubs|Ace of Hearts|Queen of Clubs|10 of Clubs|7 of Clubs|King of Hearts|Queen of Hearts|3 of Spades|Ace of Clubs|3 of Diamonds|8 of Spades|9 of Diamonds|Jack of Hearts|6 of Clubs|10 of Spades|4 of Spades|5 of Diamonds|3 of Hearts|7 of Spades|King of Spades|7 of Diamonds|Jack of Diamonds|8 of Hearts|4 of Clubs|4 of Diamonds';
const CPP_FIRST_EIGHT: readonly [seed: number, round: number, cards: string][] = [
  [
    0,
    2,
    'Queen of Spades|4 of Spades|2 of Diamonds|King of Clubs|10 of Hearts|6 of Diamonds|8 of Spades|4 of Hearts',
  ],
  [
    42,
    1,
    '10 of Clubs|Ace of Clubs|King of Diamonds|2 of Clubs|4 of Hearts|Ace of Spades|Jack of Spades|10 of Diamonds',
  ],
  [
    4294967295,
    1,
    '5 of Diamonds|5 of Spades|8 of Diamonds|9 of Clubs|6 of Spades|9 of Spades|2 of Clubs|8 of Clubs',
  ],
  [
    7,
    30,
    '10 of Clubs|8 of Clubs|4 of Diamonds|Queen of Spades|6 of Hearts|9 of Spades|Ace of Spades|Queen of Diamonds',
  ],
];

describe('the table deck (SPEC section 8)', () => {
  it('opens Ace, 2..10, Jack, Queen, King of Clubs, then Diamonds, Hearts, Spades', () => {
    expect(TABLE_DECK_ORDER.map(tableCardName)).toEqual(NEW_TABLE_DECK);
    expect(new Set(TABLE_DECK_ORDER.map((card) => `${card.spot}/${card.suit}`)).size).toBe(DECK_SIZE);
  });

  it.each([
    [{ spot: Spot.TEN, suit: Suit.CLUBS }, '10 of Clubs'],
    [{ spot: Spot.ACE, suit: Suit.DIAMONDS }, 'Ace of Diamonds'],
    [{ spot: Spot.TWO, suit: Suit.HEARTS }, '2 of Hearts'],
    [{ spot: Spot.KING, suit: Suit.SPADES }, 'King of Spades'],
  ] as const)('names %j "%s"', (card: Card, name) => {
    expect(tableCardName(card)).toBe(name);
  });

  it('deals a shuffled deck of seed 0 exactly as the C++ oracle does', () => {
    const deck = shuffledDecks(new Mt19937(0))();
    expect(dealAll(deck).join('|')).toBe(CPP_SEED_0_ROUND_1);
  });

  it.each(CPP_FIRST_EIGHT)(
    'seed %i, round %i: the first eight cards agree with the C++ oracle',
    (seed, round, cards) => {
      const open = shuffledDecks(new Mt19937(seed));
      for (let r = 1; r < round; r++) open();
      expect(dealAll(open()).slice(0, 8).join('|')).toBe(cards);
    },
  );

  it('any seed: every round opens a fresh deck and shuffles it as the model does, one generator for all rounds', () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), fc.integer({ min: 1, max: 6 }), (seed, rounds) => {
        const open = shuffledDecks(new Mt19937(seed));
        const model = new Mt19937(seed);
        for (let r = 0; r < rounds; r++) {
          const dealt = dealAll(open());
          expect(dealt).toEqual(modelShuffle(NEW_TABLE_DECK, model));
          expect([...dealt].sort()).toEqual([...NEW_TABLE_DECK].sort());
        }
      }),
      { numRuns: 50 },
    );
  });

  it('counts down as it deals and throws DeckEmpty on the 53rd card', () => {
    const deck = new TableDeck();
    expect(dealAll(deck)).toEqual(NEW_TABLE_DECK);
    expect(deck.cardsLeft()).toBe(0);
    expect(() => deck.deal()).toThrow(DeckEmpty);
  });
});
