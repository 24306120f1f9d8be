// rules.ts: `legalPlays(hand, table)` and `computerMove(hand, table)`, the reference's as the oracle
// (packages/straights). The student's process gets frozen copies of the hand and the table and sends
// back what the call returned; the answer is judged here, and a wrong one is told as the game's state.

import {
  checkProperty,
  covers,
  data,
  runScripts,
  Script,
  show,
  type TestContext,
  type UnitTest,
} from '@pitboss/grader/kit';
import {
  type Card,
  RANKS,
  type Rank,
  computerMove as referenceMove,
  legalPlays as referencePlays,
  SEVEN_OF_SPADES,
  SUITS,
  type Suit,
  sameCard,
  type Table,
  tableOf,
} from '@pitboss/straights';
import fc from 'fast-check';
import { hasLegalPlay, laterStateArb, playedState, type State, stateArb } from '../arbitraries.ts';
import { cardWord, describeValue, isCard, stateWords } from '../words.ts';

const RULES = 'rules.ts';

/** A value the student's code returned, in the game's words when it is cards or a move. */
const said = (value: unknown): string => describeValue(value) ?? show(value);

/** Whether the student's answer is exactly these cards, in this order (extra fields are the student's own). */
function sameCards(got: unknown, expected: readonly Card[]): boolean {
  return (
    Array.isArray(got) &&
    got.length === expected.length &&
    got.every((card, i) => isCard(card) && sameCard(card as Card, expected[i]!))
  );
}

/** One legalPlays call, judged against the reference's answer for the same hand and table. */
function legalScript(hand: readonly Card[], table: Table, context = ''): Script {
  const script = new Script();
  const expected = referencePlays(hand, table);
  const state = `${context}${stateWords(hand, table)}`;
  script.function(RULES, 'legalPlays', [data(hand), data(table)], {
    text: `${state} → legalPlays(hand, table)`,
    check: (got) =>
      sameCards(got, expected)
        ? undefined
        : `${state} → legalPlays returned ${said(got)}; expected [${expected.map(cardWord).join(' ')}]${
            Array.isArray(got) && got.length === expected.length && got.length > 1
              ? ' (the legal cards in hand order)'
              : ''
          }`,
  });
  return script;
}

const moveWords = (move: { play: Card } | { discard: Card }): string =>
  'play' in move ? `{ play: ${cardWord(move.play)} }` : `{ discard: ${cardWord(move.discard)} }`;

/** One computerMove call, judged against the reference's move. */
function moveScript(hand: readonly Card[], table: Table, context = ''): Script {
  const script = new Script();
  const expected = referenceMove(hand, table);
  const state = `${context}${stateWords(hand, table)}`;
  const why =
    'play' in expected
      ? 'the first legal play in hand order'
      : 'no legal play, so a discard of the first card in the hand';
  script.function(RULES, 'computerMove', [data(hand), data(table)], {
    text: `${state} → computerMove(hand, table)`,
    check: (got) => {
      const kind = 'play' in expected ? 'play' : 'discard';
      const card = 'play' in expected ? expected.play : expected.discard;
      const other = kind === 'play' ? 'discard' : 'play';
      if (typeof got === 'object' && got !== null && !Array.isArray(got)) {
        const move = got as Record<string, unknown>;
        const mine = move[kind];
        if (move[other] === undefined && isCard(mine) && sameCard(mine as Card, card)) return undefined;
      }
      return `${state} → computerMove returned ${said(got)}; expected ${moveWords(expected)} (${why})`;
    },
  });
  return script;
}

const context = (state: State): string =>
  `round ${state.round + 1} of seed ${state.seed}'s deal, after ${state.turns} turn${state.turns === 1 ? '' : 's'}: `;

/** Every card of a suit. */
const suitCards = (suit: Suit): Card[] => RANKS.map((rank) => ({ rank, suit }));
const ALL_CARDS: readonly Card[] = SUITS.flatMap(suitCards);
const onTable = (table: Table, card: Card) => table[card.suit].includes(card.rank);

/**
 * Every pile a suit can show (from its seven down to `low` and up to `high`), the seven of spades on
 * the table too when the pile is another suit's, and every card not on the table alone in the hand:
 * the ends of a pile, the Ace below a pile reaching 2, the King above one reaching Queen, no wrapping.
 */
function* pileEnds(): Generator<[Card[], Table]> {
  const spans: [number, number][] = [];
  for (let low = 1; low <= 7; low++) for (let high = 7; high <= 13; high++) spans.push([low, high]);
  // Short piles first: the first wrong answer is the smallest table.
  spans.sort((a, b) => a[1] - a[0] - (b[1] - b[0]) || b[0] - a[0]);
  for (const suit of [3, 2, 0, 1] as Suit[]) {
    for (const [low, high] of spans) {
      const played: Card[] = [];
      for (let rank = low; rank <= high; rank++) played.push({ rank: rank as Rank, suit });
      if (suit !== 3) played.push(SEVEN_OF_SPADES);
      const table = tableOf(played);
      for (const card of ALL_CARDS) if (!onTable(table, card)) yield [[card], table];
    }
  }
}

/** Tables whose started suits are any set holding spades (at their sevens), and a hand of each seven. */
function* sevens(): Generator<[Card[], Table]> {
  for (let mask = 0; mask < 8; mask++) {
    const started = [0, 1, 2].filter((suit) => (mask & (1 << suit)) !== 0) as Suit[];
    const table = tableOf([SEVEN_OF_SPADES, ...started.map((suit) => ({ rank: 7 as Rank, suit }))]);
    const hand = ([0, 1, 2] as Suit[]).map((suit) => ({ rank: 7 as Rank, suit }));
    yield [hand, table];
    for (const card of hand) yield [[card], table];
  }
}

/** Opening hands: 13 cards holding the seven of spades at every place, the other sevens before it. */
function* openings(): Generator<Card[]> {
  const otherSevens = ([0, 1, 2] as Suit[]).map((suit) => ({ rank: 7 as Rank, suit }));
  const fillers = ALL_CARDS.filter((card) => card.rank !== 7);
  for (let at = 0; at < 13; at++) {
    const before = otherSevens.slice(0, Math.min(at, 3));
    const hand = [...before, ...fillers.slice(at * 3, at * 3 + 12 - before.length)];
    hand.splice(at, 0, SEVEN_OF_SPADES);
    yield hand;
  }
}

const EMPTY: Table = [[], [], [], []];

/** The first deal of a few seeds: the opener's hand on the empty table. */
const openingDeals = (t: TestContext) =>
  fc.sample(fc.nat(), { seed: t.seed, numRuns: 30 }).map((seed) => playedState(seed, 0, 0, []).hand);

/** A hand of cards not on a reachable table, in any order: up to 13 (as many as the game allows). */
const anyOrderArb = laterStateArb.chain((state) => {
  const free = ALL_CARDS.filter((card) => !onTable(state.table, card));
  const played = state.table.reduce((sum, pile) => sum + pile.length, 0);
  // After `played` plays the player to move has had at least (played - 3) / 4 turns.
  const most = Math.max(1, Math.min(13, 13 - Math.ceil(Math.max(0, played - 3) / 4)));
  return fc
    .shuffledSubarray(free, { minLength: 1, maxLength: most })
    .map((hand) => ({ hand, table: state.table }));
});

export const rulesTests: UnitTest[] = [
  {
    id: 'rules.legal-opening',
    name: 'legalPlays: on the empty table only the seven of spades may be played (not the other sevens)',
    file: RULES,
    run: (t) =>
      runScripts(t, [
        ...[...openings(), ...openingDeals(t)].map((hand) => legalScript(hand, EMPTY)),
        // The opener holds the seven of spades; a player without it is never asked, but a lone seven
        // of another suit must not be legal either.
        ...([0, 1, 2] as Suit[]).map((suit) =>
          legalScript([{ rank: 7 as Rank, suit }, SEVEN_OF_SPADES], EMPTY),
        ),
      ]),
  },
  {
    id: 'rules.legal-pile-ends',
    name: 'legalPlays: one rank below or above the ends of a pile, every pile and every card (an Ace and a King never meet)',
    file: RULES,
    run: (t) =>
      runScripts(
        t,
        [...pileEnds()].map(([hand, table]) => legalScript(hand, table)),
      ),
  },
  {
    id: 'rules.legal-sevens',
    name: 'legalPlays: a seven starts the pile of a suit not yet started, and only then',
    file: RULES,
    run: (t) =>
      runScripts(
        t,
        [...sevens()].map(([hand, table]) => legalScript(hand, table)),
      ),
  },
  {
    id: 'rules.legal-reachable',
    name: 'legalPlays: hands and tables of real games, turn by turn',
    file: RULES,
    coverage: covers(stateArb, [
      {
        name: 'the opening (an empty table)',
        floor: 3,
        reached: ({ table }) => table.every((pile) => pile.length === 0),
      },
      {
        name: 'no legal play (the player must discard)',
        floor: 10,
        reached: (state) => !hasLegalPlay(state),
      },
      {
        name: 'every suit opened',
        floor: 10,
        reached: ({ table }) => table.every((pile) => pile.length > 0),
      },
      {
        name: 'a pile played out to its ace or king',
        floor: 5,
        reached: ({ table }) => table.some((pile) => pile.includes(1) || pile.includes(13)),
      },
      {
        name: "the round's last cards (one card in hand)",
        floor: 1,
        reached: ({ hand }) => hand.length === 1,
      },
    ]),
    run: (t) => checkProperty(t, stateArb, (state) => legalScript(state.hand, state.table, context(state))),
  },
  {
    id: 'rules.legal-hand-order',
    name: 'legalPlays: the legal cards in the order of the hand, whatever that order',
    file: RULES,
    run: (t) => checkProperty(t, anyOrderArb, ({ hand, table }) => legalScript(hand, table)),
  },
  {
    id: 'rules.computer-opening',
    name: 'computerMove: the opener plays the seven of spades, wherever it is in the hand',
    file: RULES,
    run: (t) =>
      runScripts(
        t,
        [...openings(), ...openingDeals(t)].map((hand) => moveScript(hand, EMPTY)),
      ),
  },
  {
    id: 'rules.computer-first-legal',
    name: 'computerMove: with a legal play, the first legal play in hand order',
    file: RULES,
    run: (t) =>
      checkProperty(t, laterStateArb.filter(hasLegalPlay), (state) =>
        moveScript(state.hand, state.table, context(state)),
      ),
  },
  {
    id: 'rules.computer-discard',
    name: 'computerMove: with no legal play, a discard of the first card in the hand',
    file: RULES,
    run: (t) =>
      checkProperty(
        t,
        laterStateArb.filter((state) => !hasLegalPlay(state)),
        (state) => moveScript(state.hand, state.table, context(state)),
      ),
  },
];
