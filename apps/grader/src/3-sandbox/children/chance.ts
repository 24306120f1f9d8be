// Chance in a student's process (the executor, a program run): Math.random, the clocks and crypto's
// random numbers answer the same on every run (a seeded generator; a clock that starts at a fixed
// time and advances a millisecond a reading), so a submission that draws on them gets the same score
// on every regrade; and each file's first use of each is told, so the report can name the file and
// the call instead of leaving a grade that silently rests on chance.
//
// Bundled into the children, so it imports nothing but Node's built-ins and the sources it shares
// with the isolates (chance-core.ts). Everything it uses after
// student code has loaded is taken now: what the code replaces later can hide its own use (it is
// only ever the code's own flag), never change another submission's result.
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { type ChanceCall, seededChance } from './chance-core.ts';

export { CHANCE_CALLS, type ChanceCall } from './chance-core.ts';

/** The first word of a program's record line telling a use of chance (a recorder's call never starts so). */
export const CHANCE_RECORD = 'chance';

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

  const chance = seededChance(use, RealDate);
  Math.random = chance.random;
  Object.defineProperty(RealDate.prototype, 'constructor', {
    value: chance.FixedDate,
    writable: true,
    configurable: true,
  });
  globalThis.Date = chance.FixedDate;
  try {
    Object.defineProperty(globalThis.performance, 'now', {
      value: chance.performanceNow,
      writable: true,
      configurable: true,
    });
  } catch {
    // Left real: Node's own performance object would not take it.
  }
  process.hrtime = chance.hrtime as typeof process.hrtime;

  const randomBytes = function randomBytes(size: number): Buffer {
    use('crypto.randomBytes', randomBytes);
    return chance.fill(Buffer.alloc(size));
  };
  const { randomFillSync, randomInt, randomUUID, getRandomValues } = chance;
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

  return { restart: chance.restart, elapsed: chance.elapsed };
}
