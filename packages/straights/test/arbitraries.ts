// Shared generators: cards, tables a game can reach, hands, seeds and what a human may type.
import fc from 'fast-check';
import { type Card, cardName, type Rank, type Suit } from '../src/card.ts';
import type { Table } from '../src/table.ts';
import { CHOICES } from '../src/typist.ts';

export const rankArb = fc.integer({ min: 1, max: 13 }).map((n) => n as Rank);
export const suitArb = fc.integer({ min: 0, max: 3 }).map((n) => n as Suit);
export const cardArb: fc.Arbitrary<Card> = fc.record({ rank: rankArb, suit: suitArb });

/** Any seed the CLI accepts (an int), the course's kind (small) most often. */
export const seedArb = fc.oneof(
  { weight: 3, arbitrary: fc.nat({ max: 100_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }) },
);

/** One pile a game can reach: empty, or a run of ranks without gaps that holds the seven. */
const pileArb: fc.Arbitrary<Rank[]> = fc.oneof(
  fc.constant<Rank[]>([]),
  fc
    .tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 7, max: 13 }))
    .map(([low, high]) => Array.from({ length: high - low + 1 }, (_, i) => (low + i) as Rank)),
);

/** A table a game can reach: empty, or with the seven of spades down (it is always played first). */
export const tableArb: fc.Arbitrary<Table> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Table>([[], [], [], []]) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(pileArb, pileArb, pileArb, pileArb)
      .map(
        ([clubs, diamonds, hearts, spades]): Table => [
          clubs,
          diamonds,
          hearts,
          spades.length > 0 ? spades : [7],
        ],
      ),
  },
);

/** The cards not on `table`, in a random order. */
const offTable = (table: Table): Card[] =>
  [0, 1, 2, 3].flatMap((suit) =>
    Array.from({ length: 13 }, (_, i) => ({ rank: (i + 1) as Rank, suit: suit as Suit })).filter(
      (card) => !table[card.suit].includes(card.rank),
    ),
  );

/** A table and a hand of 1..13 distinct cards that are not on it (the hand of a player to move). */
export const tableAndHandArb: fc.Arbitrary<{ table: Table; hand: Card[] }> = tableArb
  .map((table) => ({ table, off: offTable(table) }))
  .filter(({ off }) => off.length > 0)
  .chain(({ table, off }) =>
    fc
      .shuffledSubarray(off, { minLength: 1, maxLength: Math.min(13, off.length) })
      .map((hand) => ({ table, hand })),
  );

/** The answer to "human or computer?": `c`, `h`, or a word that also means a human. */
export const seatAnswerArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('c', 'h') },
  { weight: 1, arbitrary: fc.constantFrom('x', 'C', 'computer', 'human', 'cc') },
);

const cardWordArb = fc.oneof(
  { weight: 8, arbitrary: cardArb.map(cardName) },
  { weight: 1, arbitrary: fc.constantFrom('10S', '7s', '7', 'S7', '7SS', 'ZZ', '1H', 'tc', '7♠') },
);

/** One command a human might type, legal or not (never `quit`: the properties place it themselves). */
export const commandArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: cardWordArb.map((card) => `play ${card}`) },
  { weight: 4, arbitrary: cardWordArb.map((card) => `discard ${card}`) },
  { weight: 1, arbitrary: fc.constant('deck') },
  { weight: 1, arbitrary: fc.constant('ragequit') },
  { weight: 1, arbitrary: fc.constantFrom('Play', 'help', 'h', '7S', 'q', 'PLAY', 'discard_') },
);

/** A whole stdin: four answers, then commands. */
export const inputArb = fc
  .tuple(fc.array(seatAnswerArb, { minLength: 4, maxLength: 4 }), fc.array(commandArb, { maxLength: 200 }))
  .map(([answers, commands]) => ({ answers, commands }));

export const joinInput = (words: readonly string[]): string => words.map((word) => `${word}\n`).join('');

/** Four answers, `c` or a human's word, and the choices behind the humans' commands. */
export const tableSeatsArb = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constant('c') },
    { weight: 2, arbitrary: fc.constantFrom('h', 'x', 'human') },
  ),
  { minLength: 4, maxLength: 4 },
);
/** Short lists end games early (end of input); long ones let four humans finish most games. */
const choiceArb = fc.nat({ max: CHOICES - 1 });
export const choicesArb = fc.oneof(
  fc.array(choiceArb, { maxLength: 60 }),
  fc.array(choiceArb, { minLength: 300, maxLength: 900 }),
);
