// Standard input and output, synchronously: the game asks for a word only when it needs one, so a
// person at a terminal sees each prompt before typing, and a pipe is read no further than the game goes.
import { readSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Words } from './commands.ts';

/** Stdout was closed by its reader (`straights 1 < in | head`): stop playing, quietly. */
export class OutputClosed extends Error {
  override readonly name = 'OutputClosed';
}

/** Standard input could not be read (it is a directory, say); not the same as its end. */
export class InputFailed extends Error {
  override readonly name = 'InputFailed';
}

const pause = new Int32Array(new SharedArrayBuffer(4));
/** A non-blocking descriptor (a pipe another process left so) says EAGAIN: wait a moment, try again. */
const waitABit = () => Atomics.wait(pause, 0, 0, 5);

/** Writes all of `text` to a file descriptor before returning. */
export function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') throw new OutputClosed('stdout was closed');
      if (code !== 'EAGAIN') throw error;
      waitABit();
    }
  }
}

/** C++'s isspace: space, tab, newline, vertical tab, form feed, carriage return (as WORD_SEPARATOR). */
const isSeparator = (code: number): boolean => code === 32 || (code >= 9 && code <= 13);

/** The words of a file descriptor, read a chunk at a time and only when the next word is not yet whole. */
export function descriptorWords(fd: number): Words {
  const decoder = new StringDecoder('utf8');
  const chunk = Buffer.alloc(64 * 1024);
  let pending = '';
  let at = 0;
  let ended = false;

  const readMore = (): void => {
    let count: number;
    try {
      count = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        waitABit();
        return;
      }
      if (code === 'EOF') count = 0;
      else throw new InputFailed(`cannot read standard input (${code ?? String(error)})`);
    }
    pending = pending.slice(at) + (count === 0 ? decoder.end() : decoder.write(chunk.subarray(0, count)));
    at = 0;
    if (count === 0) ended = true;
  };

  return {
    next(): string | undefined {
      for (;;) {
        while (at < pending.length && isSeparator(pending.charCodeAt(at))) at++;
        let end = at;
        while (end < pending.length && !isSeparator(pending.charCodeAt(end))) end++;
        // A word is whole once a separator follows it, or the input has ended.
        if (end < pending.length || (ended && end > at)) {
          const word = pending.slice(at, end);
          at = end;
          return word;
        }
        if (ended) return undefined;
        readMore();
      }
    },
  };
}
