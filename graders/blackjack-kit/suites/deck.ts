// Deck ADT: the student's deck.ts with the provided card.ts, the reference Deck as the oracle. The
// oracle runs here, in the grader; the student's deck only receives the calls.
import { type Card, DECK_SIZE, Deck as ReferenceDeck } from '@pitboss/deck';
import {
  type CallOptions,
  checkProperty,
  covers,
  data,
  runScripts,
  Script,
  type Slot,
  show,
  type Thrown,
  threw,
  type UnitTest,
} from '@pitboss/grader/kit';
import fc from 'fast-check';
import { cutArb } from '../arbitraries.ts';
import { nameOf, sameCard, Trace } from './words.ts';

/** DeckEmpty from the card.ts the submission itself imports, or an error of that name. */
const isDeckEmpty = (thrown: Thrown) => thrown.provided === 'DeckEmpty' || thrown.name === 'DeckEmpty';

/**
 * A script of calls on a new student deck: every call traced for the counterexample, every answer
 * judged against what the reference deck (computed here, in the grader) says.
 */
class Watched {
  readonly script = new Script();
  readonly trace = new Trace('new deck');
  readonly #deck: Slot;

  constructor() {
    this.#deck = this.script.construct('deck.ts', 'Deck', [], 'new Deck()');
  }

  #call(method: string, args: number[], text: string, options: Omit<CallOptions, 'text'> = {}): void {
    this.script.call(this.#deck, method, args.map(data), { text: this.trace.with(text), ...options });
    this.trace.step(text);
  }

  reset(): void {
    this.#call('reset', [], 'reset()');
  }

  shuffle(n: number): void {
    this.#call('shuffle', [n], `shuffle(${n})`);
  }

  /** Deals and checks the card against what the reference deals. */
  deal(expected: Card): void {
    const before = this.trace.text();
    this.#call('deal', [], 'deal()', {
      check: (got) =>
        sameCard(got, expected)
          ? undefined
          : `${before}; deal() returned ${nameOf(got)}; expected ${nameOf(expected)}`,
      onThrow: (thrown) => `${before}; deal() ${threw(thrown)}; expected ${nameOf(expected)}`,
    });
  }

  dealPastTheEnd(): void {
    const before = this.trace.text();
    this.script.call(this.#deck, 'deal', [], {
      text: `${before}; deal()`,
      check: (got) => `${before}; deal() returned ${nameOf(got)}; expected it to throw DeckEmpty`,
      onThrow: (thrown) =>
        isDeckEmpty(thrown)
          ? undefined
          : `${before}; deal() ${threw(thrown)}; expected DeckEmpty (from card.ts)`,
    });
    this.trace.step('deal() threw DeckEmpty');
  }

  cardsLeft(expected: number): void {
    const before = this.trace.text();
    this.#call('cardsLeft', [], 'cardsLeft()', {
      check: (got) =>
        got === expected ? undefined : `${before}; cardsLeft() returned ${show(got)}; expected ${expected}`,
    });
  }
}

/** Deals the rest of both decks, comparing card by card. */
function dealRest(watched: Watched, reference: ReferenceDeck): void {
  while (reference.cardsLeft() > 0) watched.deal(reference.deal());
}

type Operation = { op: 'reset' } | { op: 'shuffle'; n: number } | { op: 'deal' } | { op: 'cardsLeft' };
const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ op: 'reset' as const }) },
  { weight: 3, arbitrary: cutArb.map((n) => ({ op: 'shuffle' as const, n })) },
  { weight: 8, arbitrary: fc.constant({ op: 'deal' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'cardsLeft' as const }) },
);

/** Whether a sequence of operations deals past the end of the deck (the reference deck says). */
function dealsPastTheEnd(operations: readonly Operation[]): boolean {
  const reference = new ReferenceDeck();
  for (const operation of operations) {
    if (operation.op === 'deal' && reference.cardsLeft() === 0) return true;
    if (operation.op === 'deal') reference.deal();
    else if (operation.op === 'shuffle') reference.shuffle(operation.n);
    else if (operation.op === 'reset') reference.reset();
  }
  return false;
}

/** A cut at either end (shuffle(0) or shuffle(52)): the riffle's edge cases. */
const cutsAtAnEnd = (operations: readonly Operation[]): boolean =>
  operations.some(
    (operation) => operation.op === 'shuffle' && (operation.n === 0 || operation.n === DECK_SIZE),
  );

const deckEmpty = { name: 'deal() past the end throws DeckEmpty', reached: dealsPastTheEnd };
const endCut = { name: 'a cut at either end (shuffle(0) or shuffle(52))', reached: cutsAtAnEnd };

const shuffleAfterDealsArb = fc.record({
  before: fc.array(cutArb, { maxLength: 3 }),
  deals: fc.integer({ min: 1, max: DECK_SIZE }),
  n: cutArb,
});
/**
 * Operations with, now and then, a run of deals long enough to empty the deck: single deals between
 * shuffles (each of which makes 52 cards dealable again) almost never reach DeckEmpty.
 */
const operationsArb = (constraints: { minLength?: number; maxLength: number }): fc.Arbitrary<Operation[]> =>
  fc
    .array(
      fc.oneof(
        { weight: 11, arbitrary: operationArb.map((operation) => [operation]) },
        {
          weight: 1,
          arbitrary: fc
            .integer({ min: 40, max: 60 })
            .map((n) => Array.from({ length: n }, () => ({ op: 'deal' as const }))),
        },
      ),
      constraints,
    )
    .map((groups) => groups.flat());
const resetArb = operationsArb({ maxLength: 80 });
const modelArb = operationsArb({ minLength: 1, maxLength: 200 });

/** Runs one operation on the student's deck and the reference deck, which stands in for the model. */
function apply(watched: Watched, reference: ReferenceDeck, operation: Operation): void {
  switch (operation.op) {
    case 'reset':
      watched.reset();
      reference.reset();
      return;
    case 'shuffle':
      watched.shuffle(operation.n);
      reference.shuffle(operation.n);
      return;
    case 'deal':
      if (reference.cardsLeft() === 0) watched.dealPastTheEnd();
      else watched.deal(reference.deal());
      return;
    case 'cardsLeft':
      watched.cardsLeft(reference.cardsLeft());
      return;
  }
}

export const deckTests: UnitTest[] = [
  {
    id: 'deck.new-order',
    name: 'A new deck deals Two..Ace of Spades, Hearts, Clubs, Diamonds, with cardsLeft() counting down',
    file: 'deck.ts',
    async run(t) {
      const watched = new Watched();
      const reference = new ReferenceDeck();
      for (let i = 0; i < DECK_SIZE; i++) {
        watched.cardsLeft(DECK_SIZE - i);
        watched.deal(reference.deal());
      }
      watched.cardsLeft(0);
      await runScripts(t, [watched.script]);
    },
  },
  {
    id: 'deck.deck-empty',
    name: 'deal() throws DeckEmpty at the 53rd deal, and a shuffle makes all 52 cards dealable again',
    file: 'deck.ts',
    async run(t) {
      const watched = new Watched();
      const reference = new ReferenceDeck();
      dealRest(watched, reference);
      watched.dealPastTheEnd();
      watched.cardsLeft(0);
      watched.shuffle(26);
      reference.shuffle(26);
      watched.cardsLeft(DECK_SIZE);
      dealRest(watched, reference);
      watched.dealPastTheEnd();
      await runScripts(t, [watched.script]);
    },
  },
  {
    id: 'deck.shuffle-each-n',
    name: 'shuffle(n) of a new deck, for every n from 0 to 52',
    file: 'deck.ts',
    async run(t) {
      const scripts: Script[] = [];
      for (let n = 0; n <= DECK_SIZE; n++) {
        const watched = new Watched();
        const reference = new ReferenceDeck();
        watched.shuffle(n);
        reference.shuffle(n);
        watched.cardsLeft(DECK_SIZE);
        dealRest(watched, reference);
        scripts.push(watched.script);
      }
      await runScripts(t, scripts);
    },
  },
  {
    id: 'deck.shuffle-after-deals',
    name: 'shuffle(n) after some deals riffles all 52 cards in their current order (no reset)',
    file: 'deck.ts',
    coverage: covers(shuffleAfterDealsArb, [
      { name: 'every card dealt before the shuffle', floor: 2, reached: ({ deals }) => deals === DECK_SIZE },
      {
        name: 'a cut at either end (shuffle(0) or shuffle(52))',
        floor: 2,
        reached: ({ n }) => n === 0 || n === DECK_SIZE,
      },
    ]),
    async run(t) {
      await checkProperty(t, shuffleAfterDealsArb, ({ before, deals, n }) => {
        const watched = new Watched();
        const reference = new ReferenceDeck();
        for (const cut of before) {
          watched.shuffle(cut);
          reference.shuffle(cut);
        }
        for (let i = 0; i < deals; i++) watched.deal(reference.deal());
        watched.shuffle(n);
        reference.shuffle(n);
        watched.cardsLeft(DECK_SIZE);
        dealRest(watched, reference);
        return watched.script;
      });
    },
  },
  {
    id: 'deck.reset',
    name: 'reset() restores the newly opened order and 52 cards, whatever came before',
    file: 'deck.ts',
    coverage: covers(resetArb, [
      { ...deckEmpty, floor: 5 },
      { name: 'reset() first, of a new deck', floor: 1, reached: (operations) => operations.length === 0 },
    ]),
    async run(t) {
      await checkProperty(t, resetArb, (operations) => {
        const watched = new Watched();
        const reference = new ReferenceDeck();
        for (const operation of operations) apply(watched, reference, operation);
        watched.reset();
        reference.reset();
        watched.cardsLeft(DECK_SIZE);
        dealRest(watched, reference);
        return watched.script;
      });
    },
  },
  {
    id: 'deck.model',
    name: 'Any sequence of reset, shuffle(n), deal and cardsLeft agrees with the reference deck',
    file: 'deck.ts',
    coverage: covers(modelArb, [
      { ...deckEmpty, floor: 10 },
      { ...endCut, floor: 5 },
    ]),
    async run(t) {
      // Model-based, with the reference deck as the model. A plain array of operations rather than
      // fc.commands: its counterexamples replay from a shrink path alone (`pitboss check --replay`).
      await checkProperty(t, modelArb, (operations) => {
        const watched = new Watched();
        const reference = new ReferenceDeck();
        for (const operation of operations) apply(watched, reference, operation);
        return watched.script;
      });
    },
  },
];
