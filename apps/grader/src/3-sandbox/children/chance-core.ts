// The sources of chance a run of student code answers from, the same in a process (3-sandbox/children/chance.ts)
// and in an isolate (3-sandbox/isolate/library.ts): a seeded generator and a clock that starts at a fixed
// time and advances a millisecond a reading, so a submission that draws on them gets the same score on
// every regrade. Each function tells its use through `use`, which the caller makes (a process asks V8
// for the calling file; an isolate keeps the uses for the host). Pure JavaScript with no import: it is
// bundled into both, and takes everything it calls from its caller before student code runs.

/** The calls told, in the words a report uses. */
export const CHANCE_CALLS = [
  'Math.random',
  'Date.now',
  'new Date()',
  'performance.now',
  'process.hrtime',
  'crypto.randomBytes',
  'crypto.randomInt',
  'crypto.randomUUID',
  'crypto.getRandomValues',
] as const;

export type ChanceCall = (typeof CHANCE_CALLS)[number];

/** Where the generator and the clock start: the same in every process and isolate, every run. */
export const SEED = 0x2545f491;
export const CLOCK_START = Date.UTC(2024, 0, 1);

/** Told of each use: the call, and the function the student's code called (to find its caller by). */
export type ChanceUse = (call: ChanceCall, above: (...args: never[]) => unknown) => void;

export type Hrtime = ((previous?: [number, number]) => [number, number]) & { bigint: () => bigint };

export interface SeededChance {
  random: () => number;
  /** `Date` reading the fixed clock when made with no arguments, any other Date otherwise. */
  FixedDate: DateConstructor;
  performanceNow: () => number;
  hrtime: Hrtime;
  randomInt: (a: number, b?: number) => number;
  randomUUID: () => string;
  getRandomValues: <T extends ArrayBufferView>(view: T) => T;
  randomFillSync: <T extends ArrayBufferView>(view: T) => T;
  /** Fills a view with the generator's bytes, untold (randomBytes wraps it around its own Buffer). */
  fill: <T extends ArrayBufferView>(view: T) => T;
  /** Starts the generator and the clock again: what follows draws as if the run had just begun. */
  restart(): void;
  /** Milliseconds on the fixed clock since it started, one reading (and one tick), untold. */
  elapsed(): number;
  /** The clock's milliseconds since it started, without a tick (process.uptime, cpuUsage). */
  since(): number;
}

/** The seeded sources; `RealDate` is the realm's own Date, taken before anything replaced it. */
export function seededChance(use: ChanceUse, RealDate: DateConstructor): SeededChance {
  const floor = Math.floor;
  const construct = Reflect.construct;
  let seed = SEED;
  let clock = CLOCK_START;
  const nextUint32 = (): number => {
    // xorshift32
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  const fill = <T extends ArrayBufferView>(view: T): T => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = nextUint32() & 0xff;
    return view;
  };
  const tick = () => (clock += 1);

  const random = function random(): number {
    use('Math.random', random);
    return nextUint32() / 4294967296;
  };
  const dateNow = function now(): number {
    use('Date.now', dateNow);
    return tick();
  };
  function FixedDate(this: unknown, ...args: unknown[]): unknown {
    if (new.target === undefined) {
      use('new Date()', FixedDate);
      return new RealDate(tick()).toString();
    }
    if (args.length === 0) {
      use('new Date()', FixedDate);
      return construct(RealDate, [tick()], new.target);
    }
    return construct(RealDate, args, new.target);
  }
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = dateNow;
  FixedDate.parse = RealDate.parse;
  FixedDate.UTC = RealDate.UTC;

  const performanceNow = function now(): number {
    use('performance.now', performanceNow);
    return tick() - CLOCK_START;
  };
  const hrtime = function hrtime(previous?: [number, number]): [number, number] {
    use('process.hrtime', hrtime);
    const ns = (tick() - CLOCK_START) * 1e6;
    const at: [number, number] = [floor(ns / 1e9), ns % 1e9];
    if (previous === undefined) return at;
    const diff = at[0] * 1e9 + at[1] - (previous[0] * 1e9 + previous[1]);
    return [floor(diff / 1e9), diff % 1e9];
  } as Hrtime;
  const bigint = function bigint(): bigint {
    use('process.hrtime', bigint);
    return BigInt((tick() - CLOCK_START) * 1e6);
  };
  hrtime.bigint = bigint;

  const randomInt = function randomInt(a: number, b?: number): number {
    use('crypto.randomInt', randomInt);
    const [min, max] = b === undefined ? [0, a] : [a, b];
    return min + floor((nextUint32() / 4294967296) * (max - min));
  };
  const randomUUID = function randomUUID(): string {
    use('crypto.randomUUID', randomUUID);
    const bytes = fill(new Uint8Array(16));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    let hex = '';
    for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  const getRandomValues = function getRandomValues<T extends ArrayBufferView>(view: T): T {
    use('crypto.getRandomValues', getRandomValues);
    return fill(view);
  };
  const randomFillSync = function randomFillSync<T extends ArrayBufferView>(view: T): T {
    use('crypto.randomBytes', randomFillSync);
    return fill(view);
  };

  return {
    random,
    FixedDate: FixedDate as unknown as DateConstructor,
    performanceNow,
    hrtime,
    randomInt,
    randomUUID,
    getRandomValues,
    randomFillSync,
    fill,
    restart() {
      seed = SEED;
      clock = CLOCK_START;
    },
    elapsed: () => tick() - CLOCK_START,
    since: () => clock - CLOCK_START,
  };
}
