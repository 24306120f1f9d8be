import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, cardName } from '../src/card.ts';
import { Deck } from '../src/deck.ts';
import { MinstdRand0 } from '../src/rand.ts';
import { isRoundOver, makeMove, type Round, startRound } from '../src/round.ts';
import { computerMove, type Move, refusal } from '../src/rules.ts';
import { cardArb, seedArb } from './arbitraries.ts';

const RANKS = 'A23456789TJQK';

/** The model of a round: card names only, and each pile as its lowest and highest rank. */
interface Model {
  hands: string[][];
  piles: ({ low: number; high: number } | undefined)[];
  discards: string[][];
  current: number;
}

const rankOf = (name: string) => RANKS.indexOf(name[0]!) + 1;
const suitOf = (name: string) => 'CDHS'.indexOf(name[1]!);

function modelLegal(model: Model, name: string): boolean {
  if (model.piles.every((pile) => pile === undefined)) return name === '7S';
  const pile = model.piles[suitOf(name)];
  return pile === undefined
    ? rankOf(name) === 7
    : rankOf(name) === pile.low - 1 || rankOf(name) === pile.high + 1;
}

function modelMove(model: Model, kind: 'play' | 'discard', name: string): void {
  const hand = model.hands[model.current]!;
  hand.splice(hand.indexOf(name), 1);
  if (kind === 'discard') model.discards[model.current]!.push(name);
  else {
    const suit = suitOf(name);
    const pile = model.piles[suit];
    const rank = rankOf(name);
    model.piles[suit] =
      pile === undefined
        ? { low: rank, high: rank }
        : { low: Math.min(pile.low, rank), high: Math.max(pile.high, rank) };
  }
  model.current = (model.current + 1) % 4;
}

/** The round and the model agree on every hand, pile, discard pile and whose turn it is (one comparison). */
function agree(model: Model, round: Round): void {
  const count = (piles: readonly (readonly unknown[])[]) => piles.reduce((sum, pile) => sum + pile.length, 0);
  const actual = {
    hands: round.hands.map((hand) => hand.map(cardName)),
    discards: round.discards.map((discards) => discards.map(cardName)),
    piles: round.table.map((pile) => (pile.length === 0 ? undefined : { low: pile[0], high: pile.at(-1) })),
    current: round.current,
    over: isRoundOver(round),
    cards: count(round.table) + count(round.hands) + count(round.discards),
  };
  const expected = { ...model, over: model.hands.every((hand) => hand.length === 0), cards: 52 };
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

type RoundCommand = fc.Command<Model, Round>;

/** A human tries a move with a card of the hand (by position) or any card at all; refused moves change nothing. */
class HumanTries implements RoundCommand {
  readonly kind: 'play' | 'discard';
  readonly pick: number;
  readonly other: Card | undefined;

  constructor(kind: 'play' | 'discard', pick: number, other: Card | undefined) {
    this.kind = kind;
    this.pick = pick;
    this.other = other;
  }
  check = (model: Readonly<Model>) => model.hands.some((hand) => hand.length > 0);
  run(model: Model, round: Round): void {
    const hand = round.hands[round.current]!;
    const card = this.other ?? hand[this.pick % hand.length]!;
    const name = cardName(card);
    const modelHand = model.hands[model.current]!;
    const held = modelHand.includes(name);
    const allowed =
      this.kind === 'play'
        ? held && modelLegal(model, name)
        : held && !modelHand.some((held) => modelLegal(model, held));
    const move: Move = this.kind === 'play' ? { play: card } : { discard: card };
    expect(refusal(hand, round.table, move) === undefined).toBe(allowed);
    if (allowed) {
      makeMove(round, move);
      modelMove(model, this.kind, name);
    }
    agree(model, round);
  }
  toString = () => `${this.kind} ${this.other === undefined ? `#${this.pick}` : cardName(this.other)}`;
}

/** The computer moves: the model's first legal card in hand order, else its first card. */
class ComputerMoves implements RoundCommand {
  check = (model: Readonly<Model>) => model.hands.some((hand) => hand.length > 0);
  run(model: Model, round: Round): void {
    const move = computerMove(round.hands[round.current]!, round.table);
    const hand = model.hands[model.current]!;
    const play = hand.find((name) => modelLegal(model, name));
    const expected = play === undefined ? { discard: hand[0] } : { play };
    expect('play' in move ? { play: cardName(move.play) } : { discard: cardName(move.discard) }).toEqual(
      expected,
    );
    makeMove(round, move);
    modelMove(model, 'play' in expected ? 'play' : 'discard', play ?? hand[0]!);
    agree(model, round);
  }
  toString = () => 'computer';
}

/** Enough commands to finish a round (52 moves) in many runs, and every kind of refusal on the way. */
const commandsArb = fc.commands(
  [
    fc.constant(new ComputerMoves()),
    fc.constant(new ComputerMoves()),
    fc
      .tuple(fc.constantFrom('play' as const, 'discard' as const), fc.nat(12))
      .map(([kind, pick]) => new HumanTries(kind, pick, undefined)),
    fc
      .tuple(fc.constantFrom('play' as const, 'discard' as const), cardArb)
      .map(([kind, card]) => new HumanTries(kind, 0, card)),
  ],
  { maxCommands: 300, size: 'max' },
);

describe('a round (model-based: random sequences of human and computer moves against a model)', () => {
  it('deals from the shuffled deck, opens with the holder of 7S, passes the turn 1-2-3-4, takes only allowed moves, and ends when every card is down', () => {
    let finished = 0;
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 4 }), commandsArb, (seed, roundNumber, commands) => {
        const deck = new Deck(new MinstdRand0(seed));
        for (let i = 0; i < roundNumber; i++) deck.shuffle();
        const order = deck.cards.map(cardName);
        const hands = [0, 1, 2, 3].map((seat) => order.slice(13 * seat, 13 * seat + 13));
        const model: Model = {
          hands,
          piles: [undefined, undefined, undefined, undefined],
          discards: [[], [], [], []],
          current: hands.findIndex((hand) => hand.includes('7S')),
        };
        const round = startRound(deck);
        agree(model, round);
        fc.modelRun(() => ({ model, real: round }), commands);
        finished += isRoundOver(round) ? 1 : 0;
      }),
      { numRuns: 200 },
    );
    // The model must see rounds to their end, not only their openings.
    expect(finished).toBeGreaterThan(20);
  });

  it('every round deals 52 distinct cards, 13 each, in deck order, and leaves the deck as it was', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 8 }), (seed, rounds) => {
        const deck = new Deck(new MinstdRand0(seed));
        for (let i = 0; i < rounds; i++) {
          deck.shuffle();
          const before = deck.cards.map(cardName);
          const dealt = deck.deal();
          expect(dealt.map((hand) => hand.length)).toEqual([13, 13, 13, 13]);
          const names = dealt.flat().map(cardName);
          expect(new Set(names).size).toBe(52);
          expect(names).toEqual(before);
          startRound(deck).hands[0]!.pop();
          expect(deck.cards.map(cardName)).toEqual(before);
        }
      }),
    );
  });
});
