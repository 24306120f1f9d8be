// What a program read from stdin, told beside a transcript's difference (input is not echoed, so the
// output alone cannot say what was typed where): in the message, up to the first difference, and word
// by word on the lines a diff shows, on the expected side and, before the difference, on the other.
import { describe, expect, it } from 'vitest';
import { compareTranscripts, describeReads, readsShown } from '../../src/4-phases/transcript-diff.ts';
import { typedOn } from '../../src/6-reports/words.ts';
import type { StdinRead } from '../../src/kit/assignment.ts';

const expected = ['Welcome', 'How much? ', 'Play? ', 'Hit', 'Play? ', 'Bye'].join('\n');
const actual = ['Welcome', 'How much? ', 'Play? ', 'Stay', 'Play? ', 'Bye'].join('\n');
const reads: StdinRead[] = [
  { line: 2, word: '10' },
  { line: 3, word: 'hit' },
  { line: 5, word: null },
];

describe('the reads beside a transcript difference', () => {
  const diff = compareTranscripts(expected, actual)!;

  it('names, in the message, every word read up to the line that differs, and the end of the input', () => {
    expect(diff.line).toBe(4);
    expect(describeReads(reads, diff.line)).toBe('the input read up to line 4: "10" "hit"');
    expect(describeReads(reads, 6)).toBe('the input read up to line 6: "10" "hit" the end of the input');
    expect(describeReads(reads, 1)).toBeUndefined();
  });

  it('keeps only the reads on the lines the diff shows', () => {
    const shown = readsShown(reads, diff);
    expect(shown.every((read) => read.line >= diff.expected.from)).toBe(true);
    expect(shown).toEqual(reads.filter((read) => read.line >= diff.expected.from && read.line <= 6));
  });

  it('tells each shown line its word: the expected side always, the other side only before the difference', () => {
    const typed = { ...diff, typed: readsShown(reads, diff) };
    expect(typedOn(typed, 3, 'expected')).toBe('typed: hit');
    expect(typedOn(typed, 3, 'actual')).toBe('typed: hit');
    expect(typedOn(typed, 5, 'expected')).toBe('typed: (the input had ended)');
    expect(typedOn(typed, 5, 'actual')).toBeUndefined();
    expect(typedOn(typed, 4, 'expected')).toBeUndefined();
  });
});
