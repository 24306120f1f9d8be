// Chance in a student's process (the executor, a program run): Math.random, the clocks and crypto's
// random numbers answer the same on every run (a seeded generator; a clock that starts at a fixed
// time and advances a millisecond a reading), so a submission that draws on them gets the same score
// on every regrade; and each file's first use of each is told, so the report can name the file and
// the call instead of leaving a grade that silently rests on chance.
//
// Bundled into the children, so it imports nothing but Node's built-ins. Everything it uses after
// student code has loaded is taken now: what the code replaces later can hide its own use (it is
// only ever the code's own flag), never change another submission's result.
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';

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

/** The first word of a program's record line telling a use of chance (a recorder's call never starts so). */
export const CHANCE_RECORD = 'chance';

/** Where the generator and the clock start: the same in every process, every run. */
const SEED = 0x2545f491;
const CLOCK_START = Date.UTC(2024, 0, 1);

const floor = Math.floor;
const captureStackTrace = Error.captureStackTrace;
const ErrorClass = Error;
const startsWith = String.prototype.startsWith;
const apply = Reflect.apply;
const RealDate = Date;

export interface Chance {
  /** Starts the generator and the clock again: what follows draws as if the process had just begun. */
  restart(): void;
  /** Milliseconds on the fixed clock since it started, one reading (and one tick), untold. */
  elapsed(): number;
}

/**
 * Replaces the sources of chance in this realm. `told(call, file)`, when given, hears the first use of
 * each call by each file (the URL or path of the innermost frame outside Node's own code; undefined
 * when there is none): the grader decides what the file is, and keeps only the student's own.
 */
export function installChance(told?: (call: ChanceCall, file: string | undefined) => void): Chance {
  let seed = SEED;
  let clock = CLOCK_START;
  const heard = new Set<string>();
  const has = Set.prototype.has;
  const add = Set.prototype.add;

  /** The innermost frame outside Node's own code, by V8's structured stack: never a formatted text. */
  function callerFile(above: (...args: never[]) => unknown): string | undefined {
    const holder: { stack?: unknown } = {};
    const saved = ErrorClass.prepareStackTrace;
    try {
      ErrorClass.prepareStackTrace = (_error, frames) => frames;
      captureStackTrace(holder, above);
      const frames = holder.stack as NodeJS.CallSite[] | undefined;
      if (!Array.isArray(frames)) return undefined;
      for (const frame of frames) {
        const name = frame.getFileName();
        if (typeof name === 'string' && !apply(startsWith, name, ['node:'])) return name;
      }
      return undefined;
    } catch {
      return undefined;
    } finally {
      try {
        ErrorClass.prepareStackTrace = saved;
      } catch {
        // The code made it unwritable: then it was never replaced either.
      }
    }
  }

  function use(call: ChanceCall, above: (...args: never[]) => unknown): void {
    if (told === undefined) return;
    const file = callerFile(above);
    const key = `${call}\0${file ?? ''}`;
    if (apply(has, heard, [key]) === true) return;
    apply(add, heard, [key]);
    try {
      told(call, file);
    } catch {
      // The telling is the code's own flag; a broken channel only loses it.
    }
  }

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
  const uuid = (): string => {
    const bytes = fill(new Uint8Array(16));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = Buffer.from(bytes).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  const tick = () => (clock += 1);

  const random = function random(): number {
    use('Math.random', random);
    return nextUint32() / 4294967296;
  };
  Math.random = random;

  const now = function now(): number {
    use('Date.now', now);
    return tick();
  };
  // A Date made with no arguments reads the fixed clock; with arguments it is any other Date.
  function FixedDate(this: unknown, ...args: unknown[]): unknown {
    if (new.target === undefined) {
      use('new Date()', FixedDate);
      return new RealDate(tick()).toString();
    }
    if (args.length === 0) {
      use('new Date()', FixedDate);
      return Reflect.construct(RealDate, [tick()], new.target);
    }
    return Reflect.construct(RealDate, args, new.target);
  }
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = now;
  FixedDate.parse = RealDate.parse;
  FixedDate.UTC = RealDate.UTC;
  Object.defineProperty(RealDate.prototype, 'constructor', {
    value: FixedDate,
    writable: true,
    configurable: true,
  });
  globalThis.Date = FixedDate as unknown as DateConstructor;

  const performanceNow = function now(): number {
    use('performance.now', performanceNow);
    return tick() - CLOCK_START;
  };
  try {
    Object.defineProperty(globalThis.performance, 'now', {
      value: performanceNow,
      writable: true,
      configurable: true,
    });
  } catch {
    // Left real: Node's own performance object would not take it.
  }

  const hrtime = function hrtime(previous?: [number, number]): [number, number] {
    use('process.hrtime', hrtime);
    const ns = (tick() - CLOCK_START) * 1e6;
    const at: [number, number] = [floor(ns / 1e9), ns % 1e9];
    if (previous === undefined) return at;
    const diff = at[0] * 1e9 + at[1] - (previous[0] * 1e9 + previous[1]);
    return [floor(diff / 1e9), diff % 1e9];
  } as typeof process.hrtime;
  const bigint = function bigint(): bigint {
    use('process.hrtime', bigint);
    return BigInt((tick() - CLOCK_START) * 1e6);
  };
  hrtime.bigint = bigint;
  process.hrtime = hrtime;

  const randomBytes = function randomBytes(size: number): Buffer {
    use('crypto.randomBytes', randomBytes);
    return fill(Buffer.alloc(size));
  };
  const randomFillSync = function randomFillSync<T extends ArrayBufferView>(buffer: T): T {
    use('crypto.randomBytes', randomFillSync);
    return fill(buffer);
  };
  const randomInt = function randomInt(a: number, b?: number): number {
    use('crypto.randomInt', randomInt);
    const [min, max] = b === undefined ? [0, a] : [a, b];
    return min + floor((nextUint32() / 4294967296) * (max - min));
  };
  const randomUUID = function randomUUID(): string {
    use('crypto.randomUUID', randomUUID);
    return uuid();
  };
  const getRandomValues = function getRandomValues<T extends ArrayBufferView>(view: T): T {
    use('crypto.getRandomValues', getRandomValues);
    return fill(view);
  };
  // One at a time: a property Node will not let go of (node:crypto's getRandomValues is a getter,
  // which reads the web crypto object's, replaced here) leaves the others replaced.
  const replace = (target: object, name: string, value: unknown) => {
    try {
      Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: true });
    } catch {
      // Stays real (and untold).
    }
  };
  replace(crypto, 'randomBytes', randomBytes);
  replace(crypto, 'randomFillSync', randomFillSync);
  replace(crypto, 'randomInt', randomInt);
  replace(crypto, 'randomUUID', randomUUID);
  replace(globalThis.crypto, 'getRandomValues', getRandomValues);
  replace(globalThis.crypto, 'randomUUID', randomUUID);
  try {
    // Named imports (`import { randomInt } from 'node:crypto'`) read the replaced ones too.
    syncBuiltinESMExports();
  } catch {
    // They stay real.
  }

  return {
    restart() {
      seed = SEED;
      clock = CLOCK_START;
    },
    elapsed: () => tick() - CLOCK_START,
  };
}
