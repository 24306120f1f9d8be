// The course's shuffle, as g++ 12's libstdc++ runs it: `std::default_random_engine` (minstd_rand0)
// seeded once per game, and `std::shuffle` with its paired-draw path. Measured against compiled C++
// (fixtures/compat/straights); students are not asked to re-derive libstdc++, so this file is meant
// to be handed to them, unchanged, as the provided `rand.ts`. It imports nothing.

/** minstd_rand0: x <- 16807 x mod (2^31 - 1). */
export const MULTIPLIER = 16807;
export const MODULUS = 2147483647;
/** The smallest and largest outputs: the engine never gives 0 (or MODULUS). */
export const ENGINE_MIN = 1;
export const ENGINE_MAX = MODULUS - 1;

/** `std::default_random_engine` in libstdc++: Lewis, Goodman and Miller's minimal standard generator. */
export class MinstdRand0 {
  #state: number;

  /**
   * `seed` as the C++ program holds it, an `unsigned` (a negative number wraps modulo 2^32, as
   * `unsigned seed = std::stoi(...)` does). A seed that is 0 modulo 2^31 - 1 would stick at 0, so
   * the engine starts at 1 instead: seeds 0, 1, -1 and 2147483647 play the same game.
   */
  constructor(seed: number) {
    const start = (seed >>> 0) % MODULUS;
    this.#state = start === 0 ? 1 : start;
  }

  /** The next output, in ENGINE_MIN..ENGINE_MAX. (16807 x < 2^46: exact in a double.) */
  next(): number {
    this.#state = (MULTIPLIER * this.#state) % MODULUS;
    return this.#state;
  }
}

/** Anything with minstd_rand0's outputs and range. */
export interface Engine {
  next(): number;
}

/**
 * `std::uniform_int_distribution<>(a, b)(engine)` in libstdc++, which "downscales" here because the
 * engine's range is neither 2^32 - 1 nor 2^64 - 1. Note the range is max - min, one less than the
 * number of outputs, and a draw past the last whole bucket is thrown away and drawn again.
 */
export function uniformInt(engine: Engine, a: number, b: number): number {
  const engineRange = ENGINE_MAX - ENGINE_MIN;
  const range = b - a;
  // libstdc++ takes other paths for ranges this wide; no shuffle of a deck comes near them.
  if (!(range >= 0 && range < engineRange)) throw new RangeError(`uniformInt: unsupported range ${a}..${b}`);
  const buckets = range + 1;
  const scaling = Math.floor(engineRange / buckets);
  const past = buckets * scaling;
  let draw: number;
  do draw = engine.next() - ENGINE_MIN;
  while (draw >= past);
  return a + Math.floor(draw / scaling);
}

/**
 * The swaps `std::shuffle` makes on `length` items, in order (each `[i, j]` swaps positions i and j).
 * libstdc++ draws two positions at once when the engine's range allows (it does for 52 cards):
 * one U(0, (i+1)(i+2) - 1) draw x gives j = x / (i+2) for position i and x % (i+2) for i+1. With an
 * even length, position 1 is swapped alone first so that the rest pair up.
 */
export function* shuffleSwaps(length: number, engine: Engine): Generator<[number, number]> {
  if (length <= 1) return;
  if (Math.floor((ENGINE_MAX - ENGINE_MIN) / length) < length) {
    // The one-at-a-time path (the classic Fisher-Yates from the front), for lists too long to pair.
    for (let i = 1; i < length; i++) yield [i, uniformInt(engine, 0, i)];
    return;
  }
  let i = 1;
  if (length % 2 === 0) {
    yield [i, uniformInt(engine, 0, 1)];
    i++;
  }
  while (i < length) {
    const first = i + 1;
    const second = i + 2;
    const x = uniformInt(engine, 0, first * second - 1);
    yield [i, Math.floor(x / second)];
    yield [i + 1, x % second];
    i += 2;
  }
}

/** `std::shuffle(items.begin(), items.end(), engine)`: shuffles `items` in place. */
export function shuffle<T>(items: T[], engine: Engine): void {
  for (const [i, j] of shuffleSwaps(items.length, engine)) {
    const item = items[i] as T;
    items[i] = items[j] as T;
    items[j] = item;
  }
}
