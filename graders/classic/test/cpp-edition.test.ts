// The C++ edition's own words on the wire (cpp.ts): how a test's arguments reach the harness.
import { Hand } from '@pitboss/blackjack-kit/reference/hand';
import type { Spot, Suit } from '@pitboss/deck';
import { describe, expect, it } from 'vitest';
import { cardsWithValue, encodeArgument } from '../cpp.ts';

const SPOTS = Array.from({ length: 13 }, (_, spot) => spot as Spot);

/** Every hand value a player can be shown: every hand of two or three cards not over 21 (strategy.ts's chart). */
const chartValues = (() => {
  const values = new Map<string, { count: number; soft: boolean }>();
  const add = (spots: Spot[]) => {
    const hand = new Hand();
    for (const spot of spots) hand.addCard({ spot, suit: 0 as Suit });
    const value = hand.handValue();
    if (value.count <= 21) values.set(`${value.count}${value.soft}`, value);
  };
  for (const a of SPOTS) for (const b of SPOTS) add([a, b]);
  for (const a of SPOTS) for (const b of SPOTS) for (const c of SPOTS) add([a, b, c]);
  return [...values.values()];
})();

describe('a hand view as real cards', () => {
  it.each(chartValues.map((value) => [`${value.soft ? 'soft' : 'hard'} ${value.count}`, value] as const))(
    '%s: cards the reference Hand counts the same',
    (_, value) => {
      const hand = new Hand();
      for (const card of cardsWithValue(value.count, value.soft))
        hand.addCard(card as Parameters<Hand['addCard']>[0]);
      expect(hand.handValue()).toEqual(value);
    },
  );

  it('refuses a value no hand has', () => {
    expect(() => cardsWithValue(22, true)).toThrow(/no hand of cards has the value soft 22/);
    expect(() => cardsWithValue(1, false)).toThrow(/no hand of cards has the value hard 1/);
  });
});

describe("a call's arguments as the harness's words", () => {
  it('writes numbers, cards, hands and slots as one word each', () => {
    expect(encodeArgument({ data: 100 })).toBe('i100');
    expect(encodeArgument({ data: { spot: 12, suit: 3 } })).toBe('c12.3');
    expect(encodeArgument({ view: { handValue: { count: 13, soft: true } } })).toBe('h12.0,0.0');
    expect(encodeArgument({ ref: 4 })).toBe('r4');
  });

  it('refuses what a C++ call cannot take', () => {
    expect(() => encodeArgument({ data: 'ten' })).toThrow(/cannot pass "ten"/);
    expect(() => encodeArgument({ data: 1.5 })).toThrow(/cannot pass 1.5/);
    expect(() => encodeArgument({ view: { cards: [] } })).toThrow(/only a hand/);
  });
});
