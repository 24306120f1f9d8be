// The executor's answers, as the grader decodes them: what a student's code returns or throws is
// told as plain data, and what it is handed is a frozen copy it cannot change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode, encodeText, serialize } from '../../src/3-sandbox/children/executor/executor-core.ts';
import { data, isOpaque, judge, localExec, ref, Script, view } from '../../src/kit/index.ts';

class Playing {
  readonly #spot: number;
  constructor(spot: number) {
    this.#spot = spot;
  }
  get spot(): number {
    return this.#spot;
  }
  get suit(): number {
    return 2;
  }
}

class DeckEmpty extends Error {}

const modules: Record<string, Record<string, unknown>> = {
  'card.ts': { DeckEmpty },
  'toy.ts': {
    Toy: class {
      card() {
        return new Playing(5);
      }
      odd() {
        return [Number.NaN, -0, Number.POSITIVE_INFINITY, undefined, 10n];
      }
      later() {
        return Promise.resolve(1);
      }
      empty(): never {
        throw new DeckEmpty('none left');
      }
      string(): never {
        throw 'just a string';
      }
      mutate(card: { spot: number }) {
        try {
          card.spot = 99;
        } catch {
          // Frozen.
        }
        return card.spot;
      }
      speak(write: (...args: unknown[]) => void, times: number) {
        for (let i = 0; i < times; i++) write(`line ${i}\n`);
      }
      mumble(write: (...args: unknown[]) => void) {
        write('a', 1);
        write();
      }
      value(hand: { handValue(): { count: number } }) {
        const value = hand.handValue();
        try {
          value.count = 0;
        } catch {
          // Frozen.
        }
        return hand.handValue().count;
      }
    },
  },
};

const exec = localExec(['card.ts'], async (file) => modules[file]!);

async function one(method: string, args = [] as ReturnType<typeof data>[]) {
  const script = new Script();
  const toy = script.construct('toy.ts', 'Toy', [], 'new Toy()');
  script.call(toy, method, args, { text: method, onThrow: () => undefined });
  const [outcomes] = await exec([script]);
  return outcomes![1]!;
}

describe('the executor', () => {
  it("reads a class's getters as a caller would (a Card class is a card)", async () => {
    expect(await one('card')).toEqual({ value: { spot: 5, suit: 2 } });
  });

  it('tells NaN, -0, Infinity, undefined and bigints apart', async () => {
    const outcome = (await one('odd')) as { value: unknown[] };
    expect(outcome.value[0]).toBeNaN();
    expect(Object.is(outcome.value[1], -0)).toBe(true);
    expect(outcome.value.slice(2)).toEqual([Number.POSITIVE_INFINITY, undefined, 10n]);
  });

  it('says a promise was returned, without waiting for it', async () => {
    const outcome = (await one('later')) as { value: unknown };
    expect(isOpaque(outcome.value) && outcome.value.kind).toBe('promise');
  });

  it('names the provided class a throw is an instance of, and a thrown non-Error', async () => {
    expect(await one('empty')).toMatchObject({
      thrown: { error: true, provided: 'DeckEmpty', message: 'none left' },
    });
    expect(await one('string')).toMatchObject({ thrown: { error: false, value: 'just a string' } });
  });

  it('hands the student frozen copies: a card, and the value a hand view reports', async () => {
    expect(await one('mutate', [data({ spot: 3, suit: 1 })])).toEqual({ value: 3 });
    expect(await one('value', [view({ handValue: { count: 17, soft: false } })])).toEqual({ value: 17 });
  });

  it('gives the student a recorder to call, and takes what it kept, joined as text or call by call', async () => {
    const script = new Script();
    const toy = script.construct('toy.ts', 'Toy', [], 'new Toy()');
    const write = script.recorder('a writer');
    const got: unknown[] = [];
    const keep = (value: unknown) => {
      got.push(value);
      return undefined;
    };
    script.call(toy, 'speak', [ref(write), data(2)], { text: 'speak' });
    script.take(write, { text: 'what speak wrote', check: keep, joined: true });
    script.take(write, { text: 'nothing since', check: keep, joined: true });
    script.call(toy, 'mumble', [ref(write)], { text: 'mumble' });
    script.take(write, { text: 'what mumble wrote', check: keep, joined: true });
    const [outcomes] = await exec([script]);
    expect(outcomes).toHaveLength(7);
    expect(judge(script, outcomes!)).toBeUndefined();
    expect(got).toEqual(['line 0\nline 1\n', '', [['a', 1], []]]);
  });
});

describe('the executor writes what a call gave as text as it encodes it', () => {
  class Card {
    readonly #spot: number;
    constructor(spot: number) {
      this.#spot = spot;
    }
    get spot(): number {
      return this.#spot;
    }
    get 7(): string {
      return 'a getter named by a number';
    }
  }
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  const throwing = {
    fine: 1,
    get broken(): never {
      throw new RangeError('no');
    },
  };
  const protoKey = JSON.parse('{"__proto__": {"x": 1}, "b": 2, "1": 3}') as unknown;
  const longName = { ['n'.repeat(20_000)]: 1, [`${'n'.repeat(16 * 1024)}x`]: 2 };
  const oddArb = fc.constantFrom<unknown>(
    Number.NaN,
    -0,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    10n,
    Symbol('mark'),
    function named() {},
    Promise.resolve(1),
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what this value is here to be.
    { then: () => {} },
    new Card(9),
    cyclic,
    throwing,
    protoKey,
    longName,
    'x'.repeat(17_000),
    Array.from({ length: 230 }, (_, i) => i),
    [[[[[['deep']]]]]],
    Object.create(null),
    new Map([[1, 2]]),
    new (class Chip {
      value = 5;
    })(),
  );
  const valueArb = fc.oneof(
    fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true, withSparseArray: true }),
    oddArb,
    fc.array(oddArb, { maxLength: 5 }),
    fc.dictionary(fc.string(), oddArb, { maxKeys: 5 }),
  );

  it('the text of any value is byte for byte the serialised tree that encode makes of it', () => {
    fc.assert(
      fc.property(valueArb, (value) => {
        expect(encodeText(value, 0, [])).toBe(serialize(encode(value, 0, [])));
      }),
      { numRuns: 400 },
    );
  });
});
