// The run's output in the in-isolate library: stdout kept as bytes up to the limit and counted past it,
// stderr's last words, a linked run's recorded calls, and the run's end (process.exit, an uncaught error).
import { bufferClass, input, signal } from './handed.ts';
import {
  add,
  apply,
  Bytes,
  bytesLength,
  charCode,
  clear,
  least,
  list,
  regexExec,
  textSlice,
  toText,
} from './taken.ts';

// --- Output: stdout kept as bytes up to the limit, and counted past it ----------------------------
/** Strings as written (the host encodes them as UTF-8: no encoder needed here) and bytes. */
export const stdoutChunks = list<string | Uint8Array>();
let kept = 0;
export let printed = 0;
export let stderrText = '';
const STDERR_KEPT = 4096;
export const records = list<string>();
let recordBytes = 0;
export let recordsCut = false;
export let exited = false;
export let exitCode = 0;

const isUtf8 = (encoding: unknown) =>
  encoding === undefined || encoding === 'utf8' || encoding === 'utf-8' || typeof encoding !== 'string';
export const bytesOf = (chunk: unknown, encoding?: unknown): Uint8Array | string => {
  if (chunk instanceof Bytes) return chunk;
  if (isUtf8(encoding)) return toText(chunk);
  return bufferClass().from(String(chunk), encoding as BufferEncoding);
};

const NOT_ASCII = /[\u0080-\uffff]/;
/**
 * A text's length in UTF-8, as Node's Buffer.byteLength counts it (a lone surrogate is the 3 bytes of
 * U+FFFD), without the Buffer part: a linked run's recorders write a line a call, and making Buffer in
 * each run's context, to count them, cost more than the run.
 */
export function utf8Length(text: string): number {
  if (apply(regexExec, NOT_ASCII, [text]) === null) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = apply(charCode, text, [i]) as number;
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = apply(charCode, text, [i + 1]) as number;
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Counted in UTF-16 units for a string (at most its UTF-8 bytes): past the limit in units is past it
 * in bytes. The host counts the bytes exactly and applies the limit again.
 */
export function writeOut(chunk: unknown, encoding?: unknown): boolean {
  if (exited) return true;
  const piece = bytesOf(chunk, encoding);
  const size = typeof piece === 'string' ? piece.length : (apply(bytesLength, piece, []) as number);
  printed += size;
  if (printed > input.outputBytes) {
    // The host ends the run at once; a run it cannot watch (a linked run) ends here, as at an exit.
    signal[0] = 1;
    exited = true;
    throw new ProgramExit(1);
  }
  if (kept <= input.outputBytes) {
    const room = input.outputBytes + 1 - kept;
    if (typeof piece === 'string') {
      const cut = size <= room ? piece : (apply(textSlice, piece, [0, room]) as string);
      add(stdoutChunks, cut);
      kept += cut.length;
    } else {
      // A copy, byte by byte: nothing of the program's typed arrays' prototype is called.
      const copy = new Bytes(least(size, room));
      for (let i = 0; i < copy.length; i++) copy[i] = piece[i]!;
      add(stdoutChunks, copy);
      kept += copy.length;
    }
  }
  return true;
}

export function writeErr(chunk: unknown, encoding?: unknown): boolean {
  if (exited) return true;
  const text = chunk instanceof Bytes ? bufferClass().from(chunk).toString('utf8') : toText(chunk);
  stderrText = apply(textSlice, stderrText + text, [-STDERR_KEPT]) as string;
  void encoding;
  return true;
}

export function recordLine(call: string): void {
  const line = String(call)
    .replace(/[\r\n]/g, ' ')
    .slice(0, 200);
  recordBytes += line.length + 1;
  if (recordBytes > input.outputBytes) recordsCut = true;
  else add(records, line);
}

/** Thrown by process.exit: ends the run (a program that catches it only goes on printing nothing). */
export class ProgramExit {
  readonly code: number;
  constructor(code: number) {
    this.code = code;
  }
}
// A program can catch one and reach the class: the library's `instanceof` must stay the library's.
Object.freeze(ProgramExit);
Object.freeze(ProgramExit.prototype);

// The door's and process.exit's ways to the run's end and output (library.ts, globals.ts): what they set
// is this module's own.

/** Empties stdout: a test file's output is counted from nothing (takeOutput). */
export function emptyStdout(): void {
  clear(stdoutChunks);
  kept = 0;
  printed = 0;
}

/** Ends the run with `code`. */
export function endWith(code: number): void {
  exited = true;
  exitCode = code;
}

/** An uncaught error ended the program: its words on stderr, status 1. */
export function crash(words: string): void {
  // Not through writeErr: nothing on the way may be the program's (its Uint8Array, say).
  if (!exited) stderrText = apply(textSlice, `${stderrText}${words}\n`, [-STDERR_KEPT]) as string;
  exited = true;
  exitCode = 1;
}
