// Deck ADT: the student's deck.ts with the provided card.ts, the reference Deck as the oracle.
import { type Card, DECK_SIZE, Deck as ReferenceDeck } from '@pitboss/deck';
import {
  attempt,
  checkProperty,
  requireExport,
  show,
  type TestContext,
  TestFailure,
  threw,
  type UnitTest,
} from '@pitboss/grader/kit';
import fc from 'fast-check';
import { nameOf, sameCard, Trace } from './words.ts';

interface StudentDeck {
  reset(): void;
  shuffle(n: number): void;
  deal(): unknown;
  cardsLeft(): unknown;
}
type DeckClass = new () => StudentDeck;

interface Loaded {
  Deck: DeckClass;
  isDeckEmpty(thrown: unknown): boolean;
}

async function loadDeck(t: TestContext): Promise<Loaded> {
  const Deck = requireExport<DeckClass>(await t.load('deck.ts'), 'deck.ts', 'Deck', 'class');
  // DeckEmpty is the class from the card.ts the submission itself imports (or an error of that name).
  const card = await t.load('card.ts');
  const DeckEmpty = card.DeckEmpty as (new () => Error) | undefined;
  const isDeckEmpty = (thrown: unknown) =>
    (DeckEmpty !== undefined && thrown instanceof DeckEmpty) ||
    (typeof thrown === 'object' && thrown !== null && (thrown as { name?: unknown }).name === 'DeckEmpty');
  return { Deck, isDeckEmpty };
}

/** A student's deck under the test's eye: every call is traced, every surprise is a failure. */
class Watched {
  readonly trace = new Trace('new deck');
  readonly deck: StudentDeck;
  readonly isDeckEmpty: (thrown: unknown) => boolean;

  constructor({ Deck, isDeckEmpty }: Loaded) {
    const made = attempt(() => new Deck());
    if ('thrown' in made) throw new TestFailure(`new Deck() ${threw(made.thrown)}`);
    this.deck = made.value;
    this.isDeckEmpty = isDeckEmpty;
  }

  call<T>(text: string, call: () => T): T {
    const result = attempt(call);
    if ('thrown' in result) throw this.trace.failure(`${text} ${threw(result.thrown)}`);
    this.trace.step(text);
    return result.value;
  }

  reset(): void {
    this.call('reset()', () => this.deck.reset());
  }

  shuffle(n: number): void {
    this.call(`shuffle(${n})`, () => this.deck.shuffle(n));
  }

  /** Deals and checks the card against what the reference deals. */
  deal(expected: Card): void {
    const result = attempt(() => this.deck.deal());
    if ('thrown' in result) {
      throw this.trace.failure(`deal() ${threw(result.thrown)}; expected ${nameOf(expected)}`);
    }
    if (!sameCard(result.value, expected)) {
      throw this.trace.failure(`deal() returned ${nameOf(result.value)}; expected ${nameOf(expected)}`);
    }
    this.trace.step('deal()');
  }

  dealPastTheEnd(): void {
    const result = attempt(() => this.deck.deal());
    if ('value' in result) {
      throw this.trace.failure(`deal() returned ${nameOf(result.value)}; expected it to throw DeckEmpty`);
    }
    if (!this.isDeckEmpty(result.thrown)) {
      throw this.trace.failure(`deal() ${threw(result.thrown)}; expected DeckEmpty (from card.ts)`);
    }
    this.trace.step('deal() threw DeckEmpty');
  }

  cardsLeft(expected: number): void {
    const left = this.call('cardsLeft()', () => this.deck.cardsLeft());
    if (left !== expected)
      throw this.trace.failure(`cardsLeft() returned ${show(left)}; expected ${expected}`);
  }
}

/** Deals the rest of both decks, comparing card by card. */
function dealRest(watched: Watched, reference: ReferenceDeck): void {
  while (reference.cardsLeft() > 0) watched.deal(reference.deal());
}

const cutArb = fc.integer({ min: 0, max: DECK_SIZE });

type Operation = { op: 'reset' } | { op: 'shuffle'; n: number } | { op: 'deal' } | { op: 'cardsLeft' };
const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ op: 'reset' as const }) },
  { weight: 3, arbitrary: cutArb.map((n) => ({ op: 'shuffle' as const, n })) },
  { weight: 8, arbitrary: fc.constant({ op: 'deal' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'cardsLeft' as const }) },
);

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
      const watched = new Watched(await loadDeck(t));
      const reference = new ReferenceDeck();
      for (let i = 0; i < DECK_SIZE; i++) {
        watched.cardsLeft(DECK_SIZE - i);
        watched.deal(reference.deal());
      }
      watched.cardsLeft(0);
    },
  },
  {
    id: 'deck.deck-empty',
    name: 'deal() throws DeckEmpty at the 53rd deal, and a shuffle makes all 52 cards dealable again',
    file: 'deck.ts',
    async run(t) {
      const watched = new Watched(await loadDeck(t));
      const reference = new ReferenceDeck();
      dealRest(watched, reference);
      watched.dealPastTheEnd();
      watched.cardsLeft(0);
      watched.shuffle(26);
      reference.shuffle(26);
      watched.cardsLeft(DECK_SIZE);
      dealRest(watched, reference);
      watched.dealPastTheEnd();
    },
  },
  {
    id: 'deck.shuffle-each-n',
    name: 'shuffle(n) of a new deck, for every n from 0 to 52',
    file: 'deck.ts',
    async run(t) {
      const loaded = await loadDeck(t);
      for (let n = 0; n <= DECK_SIZE; n++) {
        const watched = new Watched(loaded);
        const reference = new ReferenceDeck();
        watched.shuffle(n);
        reference.shuffle(n);
        watched.cardsLeft(DECK_SIZE);
        dealRest(watched, reference);
      }
    },
  },
  {
    id: 'deck.shuffle-after-deals',
    name: 'shuffle(n) after some deals riffles all 52 cards in their current order (no reset)',
    file: 'deck.ts',
    async run(t) {
      const loaded = await loadDeck(t);
      const caseArb = fc.record({
        before: fc.array(cutArb, { maxLength: 3 }),
        deals: fc.integer({ min: 1, max: DECK_SIZE }),
        n: cutArb,
      });
      checkProperty(t, caseArb, ({ before, deals, n }) => {
        const watched = new Watched(loaded);
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
      });
    },
  },
  {
    id: 'deck.reset',
    name: 'reset() restores the newly opened order and 52 cards, whatever came before',
    file: 'deck.ts',
    async run(t) {
      const loaded = await loadDeck(t);
      checkProperty(t, fc.array(operationArb, { maxLength: 80 }), (operations) => {
        const watched = new Watched(loaded);
        const reference = new ReferenceDeck();
        for (const operation of operations) apply(watched, reference, operation);
        watched.reset();
        reference.reset();
        watched.cardsLeft(DECK_SIZE);
        dealRest(watched, reference);
      });
    },
  },
  {
    id: 'deck.model',
    name: 'Any sequence of reset, shuffle(n), deal and cardsLeft agrees with the reference deck',
    file: 'deck.ts',
    async run(t) {
      const loaded = await loadDeck(t);
      // Model-based, with the reference deck as the model. A plain array of operations rather than
      // fc.commands: its counterexamples replay from a shrink path alone (`pitboss check --replay`).
      checkProperty(t, fc.array(operationArb, { minLength: 1, maxLength: 200 }), (operations) => {
        const watched = new Watched(loaded);
        const reference = new ReferenceDeck();
        for (const operation of operations) apply(watched, reference, operation);
      });
    },
  },
];
