// States a game of Straights can reach: a hand and the table as the player to move sees them. Every
// state is played out from a real deal (the provided engine and shuffle, a round as the game plays it:
// the holder of 7S opens, every player plays a legal card when it has one and discards otherwise), so
// a test never asks about a table no game could show. Shrinking goes towards fewer turns and the first
// choices, hence small tables.
import {
  type Card,
  Deck,
  legalPlays,
  MinstdRand0,
  type Move,
  makeMove,
  startRound,
  type Table,
} from '@pitboss/straights';
import fc from 'fast-check';

export interface State {
  /** What the player to move holds, in deal order (played and discarded cards taken out). */
  hand: Card[];
  table: Table;
  /** How it came about, for the message: the deal's seed, the round, the turns played. */
  seed: number;
  round: number;
  turns: number;
}

/** Plays `turns` turns of round `round` of seed `seed`'s game, each player choosing by `choices`. */
export function playedState(seed: number, round: number, turns: number, choices: readonly number[]): State {
  const deck = new Deck(new MinstdRand0(seed));
  for (let i = 0; i <= round; i++) deck.shuffle();
  const state = startRound(deck);
  for (let turn = 0; turn < turns; turn++) {
    const hand = state.hands[state.current]!;
    const legal = legalPlays(hand, state.table);
    const choice = choices[turn % Math.max(1, choices.length)] ?? 0;
    const move: Move =
      legal.length > 0 ? { play: legal[choice % legal.length]! } : { discard: hand[choice % hand.length]! };
    makeMove(state, move);
  }
  return { hand: [...state.hands[state.current]!], table: state.table, seed, round, turns };
}

/** A reachable state: a seeded deal, one of a game's first rounds, 0..51 turns in. */
export const stateArb: fc.Arbitrary<State> = fc
  .record({
    turns: fc.nat({ max: 51 }),
    seed: fc.nat(),
    round: fc.nat({ max: 3 }),
    choices: fc.array(fc.nat({ max: 12 }), { maxLength: 52 }),
  })
  .map(({ seed, round, turns, choices }) => playedState(seed, round, turns, choices));

/** A reachable state past the opening move (the table holds at least the seven of spades). */
export const laterStateArb: fc.Arbitrary<State> = fc
  .record({
    turns: fc.integer({ min: 1, max: 51 }),
    seed: fc.nat(),
    round: fc.nat({ max: 3 }),
    choices: fc.array(fc.nat({ max: 12 }), { maxLength: 52 }),
  })
  .map(({ seed, round, turns, choices }) => playedState(seed, round, turns, choices));

/** Whether the state's hand holds a legal play (by the reference). */
export const hasLegalPlay = (state: State): boolean => legalPlays(state.hand, state.table).length > 0;
