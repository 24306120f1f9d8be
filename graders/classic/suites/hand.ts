// Hand ADT: the student's hand.ts, the reference Hand as the oracle.
import { type Card, Spot, type Suit } from '@pitboss/deck';
import {
  attempt,
  checkProperty,
  fail,
  requireExport,
  type TestContext,
  TestFailure,
  threw,
  type UnitTest,
} from '@pitboss/grader/kit';
import { Hand as ReferenceHand } from '@pitboss/hand';
import fc from 'fast-check';
import { cardArb, cardList, showValue } from './words.ts';

interface StudentHand {
  discardAll(): void;
  addCard(card: Card): void;
  handValue(): unknown;
}
type HandClass = new () => StudentHand;

async function loadHand(t: TestContext): Promise<HandClass> {
  return requireExport<HandClass>(await t.load('hand.ts'), 'hand.ts', 'Hand', 'class');
}

/**
 * Builds a hand from the cards (discarding `before` first when given) and compares handValue()
 * with the reference's; the message names every card, as the student would deal them.
 */
function checkHand(Hand: HandClass, cards: readonly Card[], before?: readonly Card[]): string | undefined {
  const made = attempt(() => new Hand());
  if ('thrown' in made) return `new Hand() ${threw(made.thrown)}`;
  const hand = made.value;
  const reference = new ReferenceHand();
  const steps: string[] = ['new hand'];
  if (before !== undefined) {
    for (const card of before) {
      const added = attempt(() => hand.addCard(card));
      if ('thrown' in added)
        return `${steps.join('; ')}; addCard(${cardList([card])}) ${threw(added.thrown)}`;
    }
    steps.push(`add ${cardList(before)}`);
    const discarded = attempt(() => hand.discardAll());
    if ('thrown' in discarded) return `${steps.join('; ')}; discardAll() ${threw(discarded.thrown)}`;
    steps.push('discardAll()');
  }
  for (const card of cards) {
    const added = attempt(() => hand.addCard(card));
    if ('thrown' in added) return `${steps.join('; ')}; addCard(${cardList([card])}) ${threw(added.thrown)}`;
    reference.addCard(card);
  }
  if (cards.length > 0 || before === undefined) steps.push(`add ${cardList(cards)}`);
  const value = attempt(() => hand.handValue());
  if ('thrown' in value) return `${steps.join('; ')}; handValue() ${threw(value.thrown)}`;
  const expected = reference.handValue();
  const got = value.value as { count?: unknown; soft?: unknown } | null;
  if (typeof got === 'object' && got !== null && got.count === expected.count && got.soft === expected.soft) {
    return undefined;
  }
  return `${steps.join('; ')}; handValue() returned ${showValue(value.value)}; expected ${showValue(expected)}`;
}

const property = (Hand: HandClass) => (cards: readonly Card[]) => {
  const problem = checkHand(Hand, cards);
  if (problem !== undefined) throw new TestFailure(problem);
};

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

function exhaustive(Hand: HandClass, lists: Iterable<Card[]>): void {
  for (const cards of lists) {
    const problem = checkHand(Hand, cards);
    if (problem !== undefined) fail(problem);
  }
}

export const handTests: UnitTest[] = [
  {
    id: 'hand.new-hand',
    name: 'A new hand is worth {count: 0, soft: false}',
    file: 'hand.ts',
    async run(t) {
      exhaustive(await loadHand(t), [[]]);
    },
  },
  {
    id: 'hand.random-cards',
    name: 'handValue() of random cards in random orders matches the reference',
    file: 'hand.ts',
    async run(t) {
      checkProperty(t, fc.array(cardArb, { minLength: 1, maxLength: 10 }), property(await loadHand(t)));
    },
  },
  {
    id: 'hand.every-pair-and-triple',
    name: 'handValue() of every two and three spots, in every order',
    file: 'hand.ts',
    async run(t) {
      const Hand = await loadHand(t);
      exhaustive(Hand, spotLists(ALL_SPOTS, 2));
      exhaustive(Hand, spotLists(ALL_SPOTS, 3));
    },
  },
  {
    id: 'hand.several-aces',
    name: 'Several aces: at most one counts as 11, and only while that keeps the hand at 21 or less',
    file: 'hand.ts',
    async run(t) {
      const Hand = await loadHand(t);
      const aces = (n: number): Card[] =>
        Array.from({ length: n }, (_, i) => ({ spot: Spot.ACE, suit: (i % 4) as Suit }));
      for (let n = 2; n <= 8; n++) {
        exhaustive(Hand, [aces(n)]);
        for (const spot of ALL_SPOTS) {
          exhaustive(Hand, [
            [...aces(n), { spot, suit: 1 as Suit }],
            [{ spot, suit: 2 as Suit }, ...aces(n)],
          ]);
        }
      }
    },
  },
  {
    id: 'hand.exactly-21',
    name: 'Hands of exactly 21, hard and soft, in two to four cards',
    file: 'hand.ts',
    async run(t) {
      const Hand = await loadHand(t);
      const worth = (card: Card) => (card.spot === Spot.ACE ? 1 : card.spot >= Spot.TEN ? 10 : card.spot + 2);
      for (let length = 2; length <= 4; length++) {
        const lists = [...spotLists(ALL_SPOTS, length)].filter((cards) => {
          const hard = cards.reduce((sum, card) => sum + worth(card), 0);
          return hard === 21 || (hard === 11 && cards.some((card) => card.spot === Spot.ACE));
        });
        exhaustive(Hand, lists);
      }
    },
  },
  {
    id: 'hand.over-21',
    name: 'Over 21 the count has every Ace as 1 and soft is false',
    file: 'hand.ts',
    async run(t) {
      const overArb = fc.array(cardArb, { minLength: 3, maxLength: 12 }).filter((cards) => {
        const reference = new ReferenceHand();
        for (const card of cards) reference.addCard(card);
        return reference.handValue().count > 21;
      });
      checkProperty(t, overArb, property(await loadHand(t)));
    },
  },
  {
    id: 'hand.discard-all',
    name: 'discardAll() empties the hand, which then counts only the cards added after it',
    file: 'hand.ts',
    async run(t) {
      const Hand = await loadHand(t);
      const pairArb = fc.tuple(
        fc.array(cardArb, { minLength: 1, maxLength: 8 }),
        fc.array(cardArb, { maxLength: 8 }),
      );
      checkProperty(t, pairArb, ([before, after]) => {
        const problem = checkHand(Hand, after, before);
        if (problem !== undefined) throw new TestFailure(problem);
      });
    },
  },
];
