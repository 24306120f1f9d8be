// Hand ADT: the student's hand.ts, the reference Hand as the oracle.
import { type Card, Spot, type Suit } from '@pitboss/deck';
import {
  checkProperty,
  covers,
  data,
  runScripts,
  Script,
  type TestContext,
  type UnitTest,
} from '@pitboss/grader/kit';
import { Hand as ReferenceHand } from '@pitboss/hand';
import fc from 'fast-check';
import { handArb } from '../arbitraries.ts';
import { cardList, showValue } from './words.ts';

/**
 * A script that builds a student hand from the cards (discarding `before` first when given) and
 * judges handValue() against the reference's, computed here; the message names every card, as the
 * student would deal them.
 */
function handScript(cards: readonly Card[], before?: readonly Card[]): Script {
  const script = new Script();
  const hand = script.construct('hand.ts', 'Hand', [], 'new Hand()');
  const reference = new ReferenceHand();
  const steps: string[] = ['new hand'];
  const add = (card: Card) =>
    script.call(hand, 'addCard', [data(card)], { text: `${steps.join('; ')}; addCard(${cardList([card])})` });
  if (before !== undefined) {
    for (const card of before) add(card);
    steps.push(`add ${cardList(before)}`);
    script.call(hand, 'discardAll', [], { text: `${steps.join('; ')}; discardAll()` });
    steps.push('discardAll()');
  }
  for (const card of cards) {
    add(card);
    reference.addCard(card);
  }
  if (cards.length > 0 || before === undefined) steps.push(`add ${cardList(cards)}`);
  const expected = reference.handValue();
  const said = steps.join('; ');
  script.call(hand, 'handValue', [], {
    text: `${said}; handValue()`,
    check: (got) => {
      const value = got as { count?: unknown; soft?: unknown } | null;
      if (
        typeof value === 'object' &&
        value !== null &&
        value.count === expected.count &&
        value.soft === expected.soft
      )
        return undefined;
      return `${said}; handValue() returned ${showValue(got)}; expected ${showValue(expected)}`;
    },
  });
  return script;
}

/** What the reference says a hand of these cards is worth. */
function referenceValue(cards: readonly Card[]) {
  const reference = new ReferenceHand();
  for (const card of cards) reference.addCard(card);
  return reference.handValue();
}

const randomCardsArb = handArb({ minLength: 1, maxLength: 10 });
const discardAllArb = fc.tuple(handArb({ minLength: 1, maxLength: 8 }), handArb({ maxLength: 8 }));

/** Every list of spots of the given length, each spot drawn from `spots`, suits varied. */
function* spotLists(spots: readonly Spot[], length: number): Generator<Card[]> {
  if (length === 0) {
    yield [];
    return;
  }
  for (const spot of spots) {
    for (const rest of spotLists(spots, length - 1))
      yield [{ spot, suit: (rest.length % 4) as Suit }, ...rest];
  }
}

const ALL_SPOTS = Array.from({ length: 13 }, (_, i) => i as Spot);

/** Every hand of the table, in order; the first wrong one is the counterexample. */
function exhaustive(t: TestContext, lists: Iterable<Card[]>): Promise<void> {
  return runScripts(
    t,
    [...lists].map((cards) => handScript(cards)),
  );
}

export const handTests: UnitTest[] = [
  {
    id: 'hand.new-hand',
    name: 'A new hand is worth {count: 0, soft: false}',
    file: 'hand.ts',
    async run(t) {
      await exhaustive(t, [[]]);
    },
  },
  {
    id: 'hand.random-cards',
    name: 'handValue() of random cards in random orders matches the reference',
    file: 'hand.ts',
    coverage: covers(randomCardsArb, [
      // Random cards are mostly over 21: the soft hands (soft 17 among them) are every-pair-and-triple's.
      { name: 'a soft hand', floor: 3, reached: (cards) => referenceValue(cards).soft },
      { name: 'exactly 21', floor: 3, reached: (cards) => referenceValue(cards).count === 21 },
      { name: 'over 21', floor: 20, reached: (cards) => referenceValue(cards).count > 21 },
      {
        name: 'two aces or more',
        floor: 10,
        reached: (cards) => cards.filter((card) => card.spot === Spot.ACE).length >= 2,
      },
    ]),
    async run(t) {
      await checkProperty(t, randomCardsArb, (cards) => handScript(cards));
    },
  },
  {
    id: 'hand.every-pair-and-triple',
    name: 'handValue() of every two and three spots, in every order',
    file: 'hand.ts',
    async run(t) {
      await exhaustive(t, [...spotLists(ALL_SPOTS, 2), ...spotLists(ALL_SPOTS, 3)]);
    },
  },
  {
    id: 'hand.several-aces',
    name: 'Several aces: at most one counts as 11, and only while that keeps the hand at 21 or less',
    file: 'hand.ts',
    async run(t) {
      const aces = (n: number): Card[] =>
        Array.from({ length: n }, (_, i) => ({ spot: Spot.ACE, suit: (i % 4) as Suit }));
      const lists: Card[][] = [];
      // Two to four aces: one deck holds no more.
      for (let n = 2; n <= 4; n++) {
        lists.push(aces(n));
        for (const spot of ALL_SPOTS) {
          // The other card's suit is one no ace of the hand has (its own ace too, with four aces).
          if (spot === Spot.ACE && n === 4) continue;
          const suit = (spot === Spot.ACE ? n : 0) as Suit;
          lists.push([...aces(n), { spot, suit }], [{ spot, suit }, ...aces(n)]);
        }
      }
      await exhaustive(t, lists);
    },
  },
  {
    id: 'hand.exactly-21',
    name: 'Hands of exactly 21, hard and soft, in two to four cards',
    file: 'hand.ts',
    async run(t) {
      const worth = (card: Card) => (card.spot === Spot.ACE ? 1 : card.spot >= Spot.TEN ? 10 : card.spot + 2);
      const lists: Card[][] = [];
      for (let length = 2; length <= 4; length++) {
        lists.push(
          ...[...spotLists(ALL_SPOTS, length)].filter((cards) => {
            const hard = cards.reduce((sum, card) => sum + worth(card), 0);
            return hard === 21 || (hard === 11 && cards.some((card) => card.spot === Spot.ACE));
          }),
        );
      }
      await exhaustive(t, lists);
    },
  },
  {
    id: 'hand.over-21',
    name: 'Over 21 the count has every Ace as 1 and soft is false',
    file: 'hand.ts',
    async run(t) {
      const overArb = handArb({ minLength: 3, maxLength: 12 }).filter((cards) => {
        const reference = new ReferenceHand();
        for (const card of cards) reference.addCard(card);
        return reference.handValue().count > 21;
      });
      await checkProperty(t, overArb, (cards) => handScript(cards));
    },
  },
  {
    id: 'hand.discard-all',
    name: 'discardAll() empties the hand, which then counts only the cards added after it',
    file: 'hand.ts',
    coverage: covers(discardAllArb, [
      { name: 'no card after discardAll()', floor: 1, reached: ([, after]) => after.length === 0 },
      {
        name: 'over 21 before discardAll()',
        floor: 5,
        reached: ([before]) => referenceValue(before).count > 21,
      },
    ]),
    async run(t) {
      // Each hand from one deck; the same card may come again after discardAll (a reshuffle between).
      await checkProperty(t, discardAllArb, ([before, after]) => handScript(after, before));
    },
  },
];
