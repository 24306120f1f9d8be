import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { splitWords, type WordSource, wordsFromFd, wordsIn } from '../src/index.ts';

const scratch = mkdtempSync(join(tmpdir(), 'words-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const drain = (source: WordSource): string[] => {
  const words: string[] = [];
  for (let word = source.nextWord(); word !== undefined; word = source.nextWord()) words.push(word);
  return words;
};

// Words of any characters (UTF-8 of 1 to 4 bytes) between runs of the whitespace `cin >>` skips.
const wordArb = fc
  .string({ minLength: 1, maxLength: 6, unit: 'binary' })
  .filter((w) => !/[ \t\n\v\f\r]/.test(w));
const gapArb = fc.stringMatching(/^[ \t\n\v\f\r]{1,3}$/);
const textArb = fc
  .tuple(
    fc.array(wordArb, { maxLength: 30 }),
    fc.array(gapArb, { minLength: 31, maxLength: 31 }),
    fc.boolean(),
  )
  .map(([words, gaps, edges]) => ({
    words,
    text:
      (edges ? gaps[30]! : '') +
      words.map((word, i) => word + (i < words.length - 1 || edges ? gaps[i]! : '')).join(''),
  }));

describe("the players' words", () => {
  it('read from a file in chunks of any size, cut mid-word or mid-character, are the words of the text', () => {
    let file = 0;
    fc.assert(
      fc.property(textArb, fc.integer({ min: 1, max: 9 }), ({ words, text }, chunkSize) => {
        const path = join(scratch, `${file++}.txt`);
        writeFileSync(path, text);
        const fd = openSync(path, 'r');
        try {
          const source = wordsFromFd(fd, chunkSize);
          expect(drain(source)).toEqual(words);
          // The end of input stays the end.
          expect(source.nextWord()).toBeUndefined();
        } finally {
          closeSync(fd);
        }
        expect(splitWords(text)).toEqual(words);
        expect(drain(wordsIn(text))).toEqual(words);
      }),
      { numRuns: 300 },
    );
  });

  it('reads only as far as it is asked: a word at a time, the rest left for later', () => {
    const path = join(scratch, 'lazy.txt');
    writeFileSync(path, 'one two\nthree');
    const fd = openSync(path, 'r');
    try {
      const source = wordsFromFd(fd, 4);
      expect(source.nextWord()).toBe('one');
      expect(source.nextWord()).toBe('two');
      expect(source.nextWord()).toBe('three');
      expect(source.nextWord()).toBeUndefined();
    } finally {
      closeSync(fd);
    }
  });

  it('a closed or unreadable descriptor is the end of input, not a crash', () => {
    expect(wordsFromFd(987654).nextWord()).toBeUndefined();
    const fd = openSync(scratch, 'r');
    try {
      expect(wordsFromFd(fd).nextWord()).toBeUndefined();
    } finally {
      closeSync(fd);
    }
  });
});
