// Chance and the clock in the in-isolate library: seeded, the clock its own, and each file's first use
// of either told to the host.
import type { Buffer as BufferClass } from 'buffer';
import { seededChance } from '../../children/chance-core.ts';
import { bufferClass, input } from './handed.ts';
import { add, list } from './taken.ts';

// --- Chance: seeded, and each file's first use told (as 3-sandbox/children/chance.ts in a process) ----------
export const told = list<[string, string]>();
const heard = new Set<string>();
const RealDate = Date;
const captureStackTrace = Error.captureStackTrace;

function callerFile(above: (...args: never[]) => unknown): string {
  const holder: { stack?: unknown } = {};
  const saved = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_error, frames) => frames;
    captureStackTrace(holder, above);
    const frames = holder.stack as { getFileName(): string | null | undefined }[] | undefined;
    if (!Array.isArray(frames)) return '';
    for (const frame of frames) {
      const name = frame.getFileName();
      if (typeof name === 'string' && name.startsWith('file://')) return name;
    }
    return '';
  } catch {
    return '';
  } finally {
    try {
      Error.prepareStackTrace = saved;
    } catch {
      // Made unwritable by the code: then it was never replaced either.
    }
  }
}

function use(call: string, above: (...args: never[]) => unknown): void {
  if (!input.tellChance) return;
  const file = callerFile(above);
  const key = `${call}\0${file}`;
  if (heard.has(key)) return;
  heard.add(key);
  add(told, [call, file]);
}

export const chance = seededChance(use, RealDate);
export const {
  random,
  FixedDate,
  performanceNow,
  hrtime,
  randomInt,
  randomUUID,
  getRandomValues,
  randomFillSync,
} = chance;
Math.random = random;
Object.defineProperty(RealDate.prototype, 'constructor', {
  value: FixedDate,
  writable: true,
  configurable: true,
});
globalThis.Date = FixedDate;
export const randomBytes = function randomBytes(size: number): BufferClass {
  use('crypto.randomBytes', randomBytes);
  return chance.fill(bufferClass().alloc(size));
};
