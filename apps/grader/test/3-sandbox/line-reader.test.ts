// The isolate host's reading of its requests: whatever sizes the pipe hands the bytes over in, the
// lines come out whole, in order, and nothing after the last newline is taken for a line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineReader } from '../../src/3-sandbox/isolate/line-reader.ts';

/** A reader over `bytes` that hands them over in the given sizes (then whatever is left, 1 byte at a time). */
function pipeOf(bytes: Buffer, sizes: readonly number[]) {
  let at = 0;
  let turn = 0;
  return lineReader((buffer, offset, length) => {
    const size = Math.min(sizes[turn++] ?? 1, length, bytes.length - at);
    bytes.copy(buffer, offset, at, at + size);
    at += size;
    return size;
  });
}

function readAll(next: () => string | undefined): string[] {
  const lines: string[] = [];
  for (let line = next(); line !== undefined; line = next()) lines.push(line);
  return lines;
}

/** A line: any text without a newline, now and then long enough to fill the first buffer many times. */
const lineArb = fc
  .oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
          fc.integer({ min: 1, max: 40_000 }),
        )
        .map(([piece, times]) => piece.repeat(times)),
    },
  )
  .map((line) => line.replaceAll('\n', ' '));

describe('the isolate host reads its requests', () => {
  it('gives back every line whole and in order, however the reads cut the bytes', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 70_000 }), { maxLength: 200 }),
        (lines, sizes) => {
          const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
          expect(readAll(pipeOf(bytes, sizes))).toEqual(lines);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('takes no unfinished line at the end of the input for a line', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 5 }), lineArb, (lines, unfinished) => {
        const text = lines.map((line) => `${line}\n`).join('') + unfinished;
        expect(readAll(pipeOf(Buffer.from(text, 'utf8'), [65_536]))).toEqual(lines);
      }),
      { numRuns: 40 },
    );
  });

  it('reads a request of a megabyte in the pipe’s 64 KB pieces, and the short one after it', () => {
    const big = JSON.stringify({
      scripts: Array.from({ length: 20_000 }, (_, i) => ({ op: 'call', bind: i })),
    });
    const next = pipeOf(Buffer.from(`${big}\n{"id":2}\n`), Array(100).fill(65_536));
    expect(next()).toBe(big);
    expect(next()).toBe('{"id":2}');
    expect(next()).toBeUndefined();
  });
});
