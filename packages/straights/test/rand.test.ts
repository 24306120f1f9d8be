import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardName } from '../src/card.ts';
import { Deck, newDeckOrder } from '../src/deck.ts';
import { type Engine, MinstdRand0, shuffle, shuffleSwaps, uniformInt } from '../src/rand.ts';
import { seedArb } from './arbitraries.ts';

const outputs = (engine: Engine, count: number) => Array.from({ length: count }, () => engine.next());

/** An engine that counts its draws. */
const counting = (seed: number) => {
  const engine = new MinstdRand0(seed);
  let draws = 0;
  return {
    next: () => {
      draws++;
      return engine.next();
    },
    draws: () => draws,
  };
};

/** The listing `deck` prints for a round: 4 lines of 13 names. */
const listing = (deck: Deck) => deck.cards.map(cardName).join(' ');

describe('minstd_rand0 (libstdc++ std::default_random_engine)', () => {
  it('gives the measured first outputs for seed 6788', () => {
    expect(outputs(new MinstdRand0(6788), 5)).toEqual([
      114085916, 1886577088, 105070061, 680957393, 910549288,
    ]);
  });

  it('steps x <- 16807 x mod 2147483647 for every seed, every output in 1..2147483646', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 200 }), (seed, count) => {
        const engine = new MinstdRand0(seed);
        let last = engine.next();
        for (let i = 0; i < count; i++) {
          const next = engine.next();
          expect(next).toBe(Number((16807n * BigInt(last)) % 2147483647n));
          expect(next >= 1 && next <= 2147483646).toBe(true);
          last = next;
        }
      }),
    );
  });

  it('plays the same game for seeds 0, 1, -1 and 2147483647 (each starts the engine at 1)', () => {
    const first = outputs(new MinstdRand0(1), 10);
    expect(first[0]).toBe(16807);
    for (const seed of [0, -1, 2147483647, 4294967295])
      expect(outputs(new MinstdRand0(seed), 10)).toEqual(first);
  });

  it('seeds that are equal modulo 2^31 - 1, as the unsigned the C++ holds, give the same outputs', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 32 - 1 - 2147483647 }), (seed) => {
        expect(outputs(new MinstdRand0(seed + 2147483647), 3)).toEqual(outputs(new MinstdRand0(seed), 3));
      }),
    );
  });
});

describe('uniform_int_distribution (libstdc++ downscaling)', () => {
  it('draws in a..b, one engine output a draw unless past the last whole bucket', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: -1000, max: 1000 }), fc.nat({ max: 5000 }), (seed, a, span) => {
        const engine = counting(seed);
        const x = uniformInt(engine, a, a + span);
        expect(x >= a && x <= a + span).toBe(true);
        const scaling = Math.floor(2147483645 / (span + 1));
        // Recompute from the outputs: all but the last were rejected (past the last bucket).
        const replay = outputs(new MinstdRand0(seed), engine.draws());
        for (const rejected of replay.slice(0, -1))
          expect(rejected - 1).toBeGreaterThanOrEqual((span + 1) * scaling);
        expect(x).toBe(a + Math.floor((replay.at(-1)! - 1) / scaling));
      }),
    );
  });

  it('throws away a draw past the last bucket: range max - min is 2147483645, not 2147483646', () => {
    // U(0, 1): scaling 1073741822, so outputs 2147483645 and 2147483646 (draws 2147483644 and 2147483645)
    // are rejected; the next output decides.
    const outputsInOrder = [2147483645, 2147483646, 1073741823];
    const engine = { next: () => outputsInOrder.shift()! };
    expect(uniformInt(engine, 0, 1)).toBe(1);
    expect(outputsInOrder).toEqual([]);
  });
});

describe('std::shuffle (libstdc++, paired draws)', () => {
  it('makes the measured first swaps for seed 6788', () => {
    const swaps = [...shuffleSwaps(52, new MinstdRand0(6788))];
    expect(swaps.slice(0, 7)).toEqual([
      [1, 0],
      [2, 2],
      [3, 2],
      [4, 0],
      [5, 1],
      [6, 2],
      [7, 1],
    ]);
    expect(swaps.map(([i]) => i)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
  });

  it('uses 26 engine draws for the first shuffle of 52 cards for seeds 1..10000 (no rejection)', () => {
    for (let seed = 1; seed <= 10000; seed++) {
      const engine = counting(seed);
      shuffle(
        Array.from({ length: 52 }, (_, i) => i),
        engine,
      );
      if (engine.draws() !== 26) expect.fail(`seed ${seed}: ${engine.draws()} draws`);
    }
  });

  it('swaps position i only with a position at or before it, so any list comes out a permutation', () => {
    fc.assert(
      fc.property(seedArb, fc.nat({ max: 120 }), (seed, length) => {
        for (const [i, j] of shuffleSwaps(length, new MinstdRand0(seed))) expect(j <= i && j >= 0).toBe(true);
        const items = Array.from({ length }, (_, i) => i);
        shuffle(items, new MinstdRand0(seed));
        expect([...items].sort((a, b) => a - b)).toEqual(Array.from({ length }, (_, i) => i));
      }),
    );
  });

  it('takes the one-at-a-time path when the engine range is too small to pair (over 46340 items)', () => {
    const swaps = [...shuffleSwaps(46341, new MinstdRand0(1))];
    expect(swaps).toHaveLength(46340);
    expect(swaps.every(([i, j], k) => i === k + 1 && j <= i)).toBe(true);
    expect([...shuffleSwaps(46340, new MinstdRand0(1))]).toHaveLength(46339);
  });
});

describe('the deck of a game (one engine, each round shuffling the last round order)', () => {
  it('prints the handout example deck for seed 6788 in round 1', () => {
    const deck = new Deck(new MinstdRand0(6788));
    deck.shuffle();
    expect(listing(deck)).toBe(
      [
        '4H 5D 2D JC 8H QH 2H 6C 9H 9D 9C AS 2C',
        'JS QD 5C 8C 4D 5H KC 7D KS AC JH 6H 7H',
        '3H 4C 3S 3D AH QC 3C TH 4S 9S 2S 8S TS',
        '7C QS KH 5S 6S JD AD 7S 8D TD 6D TC KD',
      ].join(' '),
    );
  });

  it('starts rounds 2 and 3 of seed 6788 with the measured cards', () => {
    const deck = new Deck(new MinstdRand0(6788));
    const starts = [1, 2, 3].map(() => {
      deck.shuffle();
      return listing(deck).slice(0, 11);
    });
    expect(starts).toEqual(['4H 5D 2D JC', 'KD 7H QC 9D', '9D 4S QD KH']);
  });

  it('round k+1 is the shuffle of round k order by the same engine, never a fresh deck or engine', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 6 }), (seed, rounds) => {
        const deck = new Deck(new MinstdRand0(seed));
        const engine = new MinstdRand0(seed);
        let expected = newDeckOrder();
        for (let round = 0; round < rounds; round++) {
          deck.shuffle();
          shuffle(expected, engine);
          expect(deck.cards).toEqual(expected);
          expected = expected.slice();
        }
      }),
    );
  });
});
