// How Straights' cases answer "Is Player<n> a human (h) or a computer (c)?": `h` or `c`, as each of the
// course's 38 cases does. A word there (`human`) is what the course never typed: a real program reads
// one character, takes `h` and then reads `uman` as a command; a real CS246 program whose game is right
// in all 38 course cases lost the game part of 8 of the 24 generated and hidden cases for it. Words
// there are tested by the edge case named so alone. The drawn games are the same games as before: only
// the word typed for a human changed, and the reference's output with it not at all.
import { readFileSync } from 'node:fs';
import type { TranscriptCase } from '@pitboss/grader/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedTranscript, transcriptCases } from '../transcripts.ts';
import { gameArb } from '../typist.ts';

/** The first four words typed (a case may type fewer: its input ends at the seats). */
const seatsOf = (stdin: string) =>
  stdin
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 4);
const answeredAsTheCourse = (stdin: string) => seatsOf(stdin).every((word) => word === 'h' || word === 'c');

const hidden = (() => {
  const dir = new URL('../../../instructor/straights/', import.meta.url);
  return readFileSync(new URL('transcripts.txt', dir), 'utf8')
    .split('\n')
    .map((line) => /^(\S+) < (\S+)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map(([, seed, file]) => ({
      group: 'private',
      words: [seed!],
      input: file!,
      stdin: readFileSync(new URL(file!, dir), 'utf8'),
    })) as TranscriptCase[];
})();

describe("Straights' seats answered as the course's cases answer them", () => {
  it("every one of the course's 38 cases answers each seat `h` or `c`", () => {
    const course = transcriptCases.filter((each) => each.group === 'course');
    expect(course).toHaveLength(38);
    for (const each of course) expect(answeredAsTheCourse(each.stdin ?? ''), each.input).toBe(true);
  });

  it('every drawn game, generated and hidden, answers so too, humans among them', () => {
    fc.assert(
      fc.property(gameArb, ({ typed }) => {
        expect(seatsOf(typed.stdin), typed.stdin).toHaveLength(4);
        expect(answeredAsTheCourse(typed.stdin), typed.stdin).toBe(true);
      }),
      { numRuns: 200 },
    );
    const drawn = [...transcriptCases.filter((each) => each.group === 'generated'), ...hidden];
    expect(hidden.length).toBeGreaterThanOrEqual(8);
    for (const each of drawn) expect(answeredAsTheCourse(each.stdin ?? ''), each.input).toBe(true);
    expect(drawn.filter((each) => seatsOf(each.stdin ?? '').includes('h')).length).toBeGreaterThan(8);
  });

  it('a word typed for a seat is the edge case named so alone', () => {
    const words = transcriptCases.filter((each) => !answeredAsTheCourse(each.stdin ?? ''));
    expect(words.map((each) => `${each.group} ${each.input}`)).toEqual(['edge player-type-words.in']);
  });

  it("the reference plays the same game whether a human's seat is answered `h` or `human`", () => {
    for (const each of [...transcriptCases.filter((c) => c.group === 'generated'), ...hidden]) {
      const lines = (each.stdin ?? '').split('\n');
      const worded = [...lines.slice(0, 4).map((word) => (word === 'h' ? 'human' : word)), ...lines.slice(4)];
      expect(expectedTranscript({ ...each, stdin: worded.join('\n') }), each.input).toBe(
        expectedTranscript(each),
      );
    }
  });
});
