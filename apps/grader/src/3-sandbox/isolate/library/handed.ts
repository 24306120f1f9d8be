// What the host hands the in-isolate library in globals, taken and the globals emptied before any
// student code runs: the run's input, the signal it shares with the host, and the library's larger parts.
import type { Buffer as BufferClass } from 'buffer';
import type * as Util from 'util';
import type { IsolateInput } from '../protocol.ts';
import { apply } from './taken.ts';

export const input = globalThis.__pitbossInput as IsolateInput;
globalThis.__pitbossInput = undefined;
/** Shared with the host: a run that prints past its limit says so here, and the host ends it at once. */
export const signal = new Int32Array(
  (globalThis as { __pitbossSignal?: SharedArrayBuffer }).__pitbossSignal!,
);
(globalThis as { __pitbossSignal?: unknown }).__pitbossSignal = undefined;

// Buffer, util and assert are most of the library's size: each is made by its first use in a run (a
// function the host's parts script made in this context before the library ran: host-setup.ts), so a run
// that never needs one never pays for it. No code is made from text here: in a linked run the
// reference's context is called from the student's, and the engine makes no code from text then.
type PartName = 'buffer' | 'util' | 'assert';
const partMakers = (globalThis as { __pitbossPartMakers?: Record<PartName, () => void> })
  .__pitbossPartMakers!;
(globalThis as { __pitbossPartMakers?: unknown }).__pitbossPartMakers = undefined;
const made: Record<string, unknown> = Object.create(null);
function part<T>(name: PartName): T {
  if (!(name in made)) {
    const holder = globalThis as { __pitbossPart?: unknown };
    apply(partMakers[name], undefined, []);
    made[name] = holder.__pitbossPart;
    holder.__pitbossPart = undefined;
  }
  return made[name] as T;
}
export const bufferClass = (): typeof BufferClass => part<{ Buffer: typeof BufferClass }>('buffer').Buffer;
export const util = (): typeof Util => part<typeof Util>('util');
export const assertModule = (): Record<string, unknown> => part<Record<string, unknown>>('assert');
