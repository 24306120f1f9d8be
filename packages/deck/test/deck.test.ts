import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, cardName, DECK_SIZE, Deck, DeckEmpty, NEW_DECK_ORDER, Spot, Suit } from '../src/index.ts';
import { cutArb } from './arbitraries.ts';

const describeCard = (card: Card) => cardName(card);
const newDeckNames = (): string[] => {
  const names: string[] = [];
  for (const suit of ['Spades', 'Hearts', 'Clubs', 'Diamonds']) {
    for (const spot of ['Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten']) {
      names.push(`${spot} of ${suit}`);
    }
    for (const spot of ['Jack', 'Queen', 'King', 'Ace']) names.push(`${spot} of ${suit}`);
  }
  return names;
};

/** The model's shuffle, written as the handout words it: take from the right, then the left, in turn. */
function modelShuffle(cards: readonly string[], n: number): string[] {
  const left = cards.slice(0, n);
  const right = cards.slice(n);
  const out: string[] = [];
  while (left.length > 0 || right.length > 0) {
    const r = right.shift();
    if (r !== undefined) out.push(r);
    const l = left.shift();
    if (l !== undefined) out.push(l);
  }
  return out;
}

const dealAll = (deck: Deck): string[] =>
  Array.from({ length: deck.cardsLeft() }, () => describeCard(deck.deal()));

describe('a newly opened deck', () => {
  it('deals Spades Two..Ace, then Hearts, Clubs, Diamonds', () => {
    expect(dealAll(new Deck())).toEqual(newDeckNames());
  });

  it('names every card "<Spot> of <Suit>"', () => {
    expect(NEW_DECK_ORDER.map(cardName)).toEqual(newDeckNames());
    expect(cardName({ spot: Spot.ACE, suit: Suit.SPADES })).toBe('Ace of Spades');
  });

  it('throws DeckEmpty on the 53rd deal, and again after that', () => {
    const deck = new Deck();
    for (let i = 0; i < DECK_SIZE; i++) deck.deal();
    expect(deck.cardsLeft()).toBe(0);
    expect(() => deck.deal()).toThrow(DeckEmpty);
    expect(() => deck.deal()).toThrow(DeckEmpty);
    expect(deck.cardsLeft()).toBe(0);
  });
});

describe('shuffle(n)', () => {
  it('shuffle(26) on a new deck gives the handout example', () => {
    const deck = new Deck();
    deck.shuffle(26);
    const dealt = dealAll(deck);
    expect(dealt.slice(0, 4)).toEqual(['Two of Clubs', 'Two of Spades', 'Three of Clubs', 'Three of Spades']);
    expect(dealt.slice(-2)).toEqual(['Ace of Diamonds', 'Ace of Hearts']);
  });

  it.each(Array.from({ length: DECK_SIZE + 1 }, (_, n) => n))(
    'shuffle(%i) of a new deck matches the model',
    (n) => {
      const deck = new Deck();
      deck.shuffle(n);
      expect(dealAll(deck)).toEqual(modelShuffle(newDeckNames(), n));
    },
  );

  it('shuffle(0) and shuffle(52) leave the order as it was', () => {
    for (const n of [0, DECK_SIZE]) {
      const deck = new Deck();
      deck.shuffle(13);
      const before = dealAll(deck);
      deck.shuffle(n);
      expect(dealAll(deck)).toEqual(before);
    }
  });

  it('any sequence of shuffles is a permutation of the 52 cards', () => {
    fc.assert(
      fc.property(fc.array(cutArb, { maxLength: 20 }), (cuts) => {
        const deck = new Deck();
        for (const cut of cuts) deck.shuffle(cut);
        expect(deck.cardsLeft()).toBe(DECK_SIZE);
        expect([...dealAll(deck)].sort()).toEqual([...newDeckNames()].sort());
      }),
    );
  });

  it('after partial deals puts every dealt card back and riffles the current order', () => {
    fc.assert(
      fc.property(cutArb, fc.integer({ min: 0, max: DECK_SIZE }), cutArb, (first, dealt, second) => {
        const deck = new Deck();
        deck.shuffle(first);
        for (let i = 0; i < dealt; i++) deck.deal();
        deck.shuffle(second);
        expect(dealAll(deck)).toEqual(modelShuffle(modelShuffle(newDeckNames(), first), second));
      }),
    );
  });
});

// Model-based: any sequence of the four operations against an array of card names.
interface DeckModel {
  order: string[];
  next: number;
}

class ResetCommand implements fc.Command<DeckModel, Deck> {
  check = () => true;
  run(model: DeckModel, deck: Deck): void {
    deck.reset();
    model.order = newDeckNames();
    model.next = 0;
  }
  toString = () => 'reset()';
}

class ShuffleCommand implements fc.Command<DeckModel, Deck> {
  readonly n: number;
  constructor(n: number) {
    this.n = n;
  }
  check = () => true;
  run(model: DeckModel, deck: Deck): void {
    deck.shuffle(this.n);
    model.order = modelShuffle(model.order, this.n);
    model.next = 0;
  }
  toString = () => `shuffle(${this.n})`;
}

class DealCommand implements fc.Command<DeckModel, Deck> {
  check = () => true;
  run(model: DeckModel, deck: Deck): void {
    if (model.next === DECK_SIZE) {
      expect(() => deck.deal()).toThrow(DeckEmpty);
      return;
    }
    expect(describeCard(deck.deal())).toBe(model.order[model.next]);
    model.next++;
  }
  toString = () => 'deal()';
}

class CardsLeftCommand implements fc.Command<DeckModel, Deck> {
  check = () => true;
  run(model: DeckModel, deck: Deck): void {
    expect(deck.cardsLeft()).toBe(DECK_SIZE - model.next);
  }
  toString = () => 'cardsLeft()';
}

describe('the Deck ADT against an array model', () => {
  it('agrees on any sequence of reset, shuffle, deal and cardsLeft', () => {
    const commandsArb = fc.commands(
      [
        fc.constant(new ResetCommand()),
        cutArb.map((n) => new ShuffleCommand(n)),
        fc.constant(new DealCommand()),
        fc.constant(new CardsLeftCommand()),
      ],
      { maxCommands: 200 },
    );
    fc.assert(
      fc.property(commandsArb, (commands) => {
        fc.modelRun(() => ({ model: { order: newDeckNames(), next: 0 }, real: new Deck() }), commands);
      }),
      { numRuns: 300 },
    );
  });

  it('reaches DeckEmpty in a model run that deals past the end', () => {
    const dealMany = [...Array.from({ length: 53 }, () => new DealCommand()), new CardsLeftCommand()];
    fc.modelRun(() => ({ model: { order: newDeckNames(), next: 0 }, real: new Deck() }), dealMany);
  });
});
