// What a recorder (CallsCheck.recorders) runs in a linked run's process: one line per call, on the
// channel the grader's preload said `ready` on. Bundled into the recorder, so it imports nothing but
// Node's built-ins.
import { writeSync } from 'node:fs';

/** The file descriptor of a program's record channel (3-sandbox/process/process.ts reads it). */
export const RECORD_FD = 3;

/** The longest call a record keeps: a recorder writes a few words, never a value the program chose. */
export const CALL_LENGTH = 200;

/**
 * Writes one call. It never throws into the program that made the call: a channel the program closed
 * leaves the call unrecorded, which the comparison then names as missing.
 */
export function recordCall(call: string): void {
  try {
    writeSync(RECORD_FD, `${call.replace(/[\r\n]/g, ' ').slice(0, CALL_LENGTH)}\n`);
  } catch {
    // Unrecorded: see above.
  }
}
