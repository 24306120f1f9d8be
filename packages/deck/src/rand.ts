// The course's cut source ("rand.cpp"): MT19937 as published by Matsumoto and Nishimura, seeded
// once with init_genrand(0). Every cut is 13 + genrand_int32() % 27, a number in 13..39.
// This file imports nothing: it is also handed to students, unchanged, as the provided `rand.ts`.

const N = 624;
const M = 397;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;
const MATRIX_A = 0x9908b0df;

export const FIRST_CUT = 13;
export const CUT_SPAN = 27;

/** A Mersenne Twister (MT19937): the 32-bit generator of the course's rand.cpp. */
export class Mt19937 {
  readonly #state = new Uint32Array(N);
  #index = N;

  constructor(seed: number) {
    const mt = this.#state;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = Math.imul(1812433253, prev ^ (prev >>> 30)) + i;
    }
  }

  /** genrand_int32: the next unsigned 32-bit output. */
  next(): number {
    const mt = this.#state;
    if (this.#index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k]! & UPPER_MASK) | (mt[(k + 1) % N]! & LOWER_MASK);
        mt[k] = mt[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      this.#index = 0;
    }
    let y = mt[this.#index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}

/** Where the shuffles of one run cut the deck. One source serves a whole run: it is never reseeded. */
export interface CutSource {
  nextCut(): number;
}

/** The course's cut source; seed 0 is the course's, any other seed is this project's extension. */
export function createCutSource(seed = 0): CutSource {
  const twister = new Mt19937(seed);
  return { nextCut: () => FIRST_CUT + (twister.next() % CUT_SPAN) };
}

let processSource: CutSource | undefined;

/** The provided `getCut()`: one sequence per process, starting at the course's seed 0, never reset. */
export function getCut(): number {
  processSource ??= createCutSource();
  return processSource.nextCut();
}
