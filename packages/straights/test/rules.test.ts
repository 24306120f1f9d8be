import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, cardName, type Rank, type Suit } from '../src/card.ts';
import { computerMove, isLegalPlay, legalPlays, refusal } from '../src/rules.ts';
import { type Pile, placeCard, type Table, tableOf } from '../src/table.ts';
import { cardArb, tableAndHandArb, tableArb } from './arbitraries.ts';

/**
 * A table a game can reach, said without reference to plays: every pile is empty or a run without gaps
 * that holds its seven, and the seven of spades is down whenever anything is.
 */
function reachable(piles: readonly (readonly number[])[]): boolean {
  const started = piles.some((pile) => pile.length > 0);
  if (started && !piles[3]!.includes(7)) return false;
  return piles.every((pile) => {
    if (pile.length === 0) return true;
    const sorted = [...pile].sort((a, b) => a - b);
    return sorted.includes(7) && sorted.every((rank, i) => i === 0 || rank === sorted[i - 1]! + 1);
  });
}

/** The independent model: a card is legal when the table with it added is still one a game can reach. */
const modelLegal = (hand: readonly Card[], table: Table): Card[] =>
  hand.filter((card) => {
    const piles = table.map((pile) => [...pile]);
    piles[card.suit]!.push(card.rank);
    return reachable(piles);
  });

const names = (cards: readonly Card[]) => cards.map(cardName);

const ALL_CARDS: Card[] = [0, 1, 2, 3].flatMap((suit) =>
  Array.from({ length: 13 }, (_, i) => ({ rank: (i + 1) as Rank, suit: suit as Suit })),
);
const run = (low: number, high: number): Pile =>
  Array.from({ length: high - low + 1 }, (_, i) => (low + i) as Rank);
const PILES: Pile[] = [[], [7], run(6, 7), run(7, 8), run(1, 7), run(7, 13), run(1, 13), run(2, 12)];

describe('legalPlays(hand, table)', () => {
  it('matches the independent model (the table after the play is still reachable), in hand order, for every card on 3585 reachable tables', () => {
    let tables = 0;
    for (const clubs of PILES)
      for (const diamonds of PILES)
        for (const hearts of PILES)
          for (const spades of PILES) {
            const table: Table = [clubs, diamonds, hearts, spades];
            if (!reachable(table)) continue;
            tables++;
            const hand = ALL_CARDS.filter((card) => !table[card.suit].includes(card.rank));
            expect(names(legalPlays(hand, table)), JSON.stringify(table)).toEqual(
              names(modelLegal(hand, table)),
            );
          }
    expect(tables).toBe(1 + 7 * 8 ** 3);
  });

  it('matches the independent model for random reachable tables and hands in random orders', () => {
    fc.assert(
      fc.property(tableAndHandArb, ({ table, hand }) => {
        expect(names(legalPlays(hand, table))).toEqual(names(modelLegal(hand, table)));
      }),
      { numRuns: 500 },
    );
  });

  it('on an empty table is the seven of spades alone, whatever else the hand holds (the opening move)', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(ALL_CARDS, { minLength: 1, maxLength: 13 }), (hand) => {
        const legal = names(legalPlays(hand, [[], [], [], []]));
        expect(legal).toEqual(names(hand).includes('7S') ? ['7S'] : []);
      }),
    );
  });

  it('never lets an Ace follow a King or a King an Ace (piles do not wrap)', () => {
    // Diamonds up to the King (no Ace above it), Hearts down to the Ace (no King below it).
    const table: Table = [run(1, 13), run(7, 13), run(1, 7), [7]];
    expect(isLegalPlay({ rank: 1, suit: 1 }, table)).toBe(false);
    expect(isLegalPlay({ rank: 13, suit: 2 }, table)).toBe(false);
    expect(
      names(
        legalPlays(
          ALL_CARDS.filter((c) => !table[c.suit].includes(c.rank)),
          table,
        ),
      ),
    ).toEqual(['6D', '8H', '6S', '8S']);
  });
});

describe('computerMove(hand, table)', () => {
  it('a computer never discards while holding a legal play: it plays the first legal card in hand order, else discards the first card', () => {
    fc.assert(
      fc.property(tableAndHandArb, ({ table, hand }) => {
        const move = computerMove(hand, table);
        const legal = modelLegal(hand, table);
        if (legal.length > 0) expect(move).toEqual({ play: legal[0] });
        else expect(move).toEqual({ discard: hand[0] });
      }),
      { numRuns: 500 },
    );
  });

  it('answers with a card of the hand itself, not a copy', () => {
    fc.assert(
      fc.property(tableAndHandArb, ({ table, hand }) => {
        const move = computerMove(hand, table);
        expect(hand).toContain('play' in move ? move.play : move.discard);
      }),
    );
  });
});

describe("refusal(hand, table, move): a human's move", () => {
  it('a play is allowed exactly when the card is held and legal; a discard exactly when held and nothing is legal', () => {
    fc.assert(
      fc.property(tableAndHandArb, cardArb, ({ table, hand }, card) => {
        const onTable = table[card.suit].includes(card.rank);
        fc.pre(!onTable);
        const held = hand.some((c) => cardName(c) === cardName(card));
        const legal = modelLegal(hand, table);
        const canPlay = held && legal.some((c) => cardName(c) === cardName(card));
        expect(refusal(hand, table, { play: card })).toBe(canPlay ? undefined : 'illegal play');
        expect(refusal(hand, table, { discard: card })).toBe(
          held && legal.length === 0 ? undefined : 'must play',
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('placeCard(table, card)', () => {
  it('keeps every pile ascending and without gaps after any legal play, and touches no other pile', () => {
    fc.assert(
      fc.property(tableAndHandArb, ({ table, hand }) => {
        for (const card of legalPlays(hand, table)) {
          const after = placeCard(table, card);
          expect(reachable(after)).toBe(true);
          expect(after[card.suit]).toEqual([...table[card.suit], card.rank].sort((a, b) => a - b));
          for (const suit of [0, 1, 2, 3] as const)
            if (suit !== card.suit) expect(after[suit]).toBe(table[suit]);
        }
      }),
    );
  });

  it('tableOf builds the same table as playing its cards one by one', () => {
    fc.assert(
      fc.property(tableArb, (table) => {
        const cards = table.flatMap((pile, suit) => pile.map((rank) => ({ rank, suit: suit as Suit })));
        expect(tableOf(cards)).toEqual(table);
      }),
    );
  });
});
