// What the players type, one word at a time: from a string (tests) or a file descriptor (the CLI's
// stdin, a pipe, a file or a terminal). Words are separated by any run of the whitespace C++'s
// `cin >> word` skips (space, tab, newline, vertical tab, form feed, carriage return).
import { readSync } from 'node:fs';

/** The next word typed; undefined once the input has ended, and for ever after. */
export interface WordSource {
  nextWord(): string | undefined;
}

const WHITESPACE = /[ \t\n\v\f\r]+/;

/** True for a non-empty text with no whitespace in it: what one read of a word can give. */
export function isOneWord(text: string): boolean {
  return text !== '' && !WHITESPACE.test(text);
}

/** Splits on whitespace, dropping the empty words a leading or trailing run leaves. */
export function splitWords(text: string): string[] {
  return text.split(WHITESPACE).filter((word) => word !== '');
}

/** The words of a whole text, known in advance (a test's script). */
export function wordsIn(text: string): WordSource {
  const words = splitWords(text);
  let next = 0;
  return {
    nextWord: () => {
      const word = words[next];
      if (word !== undefined) next++;
      return word;
    },
  };
}

const retryPause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Reads a file descriptor synchronously, only as far as the game asks: a prompt is answered as soon as
 * its word arrives, so a person can play at a terminal. A word cut between two reads, a character's
 * bytes cut between two reads, and a non-blocking pipe that is not ready yet are all read whole.
 */
export function wordsFromFd(fd: number, chunkSize = 1 << 16): WordSource {
  const buffer = Buffer.alloc(chunkSize);
  const decoder = new TextDecoder('utf-8');
  let ready: string[] = [];
  let next = 0;
  // The text after the last whitespace read so far: the start of a word that may go on.
  let partial = '';
  let ended = false;

  const readMore = (): void => {
    let bytes: number;
    try {
      bytes = readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(retryPause, 0, 0, 5);
        return;
      }
      if (code === 'EINTR') return;
      // No stdin, a directory, a terminal gone: the game reads it as the end of the input.
      bytes = 0;
    }
    const text =
      partial +
      (bytes === 0 ? decoder.decode() : decoder.decode(buffer.subarray(0, bytes), { stream: true }));
    const words = text.split(WHITESPACE);
    partial = bytes === 0 ? '' : words.pop()!;
    ready = words.filter((word) => word !== '');
    next = 0;
    if (bytes === 0) ended = true;
  };

  return {
    nextWord: () => {
      while (next === ready.length && !ended) readMore();
      return next < ready.length ? ready[next++] : undefined;
    },
  };
}
