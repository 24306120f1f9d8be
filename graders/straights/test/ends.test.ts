// How Straights' cases end (SPEC section 9): every drawn, hidden or shrunk case as the course's own 38
// end, with `quit` or the game over, never at a prompt (where real programs ask again for ever); the
// end of input is tested by the edge cases named so alone (group end-of-input, worth little).
import { readFileSync } from 'node:fs';
import type { TranscriptCase } from '@pitboss/grader/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignment } from '../index.ts';
import {
  END_OF_INPUT,
  endAsTheCourse,
  expectedTranscript,
  readsPastEnd,
  transcriptCases,
} from '../transcripts.ts';
import { gameArb } from '../typist.ts';

const lastLine = (stdin: string) => stdin.trimEnd().split('\n').at(-1)?.trim();
/** The reference's game over: its winners told (a quit tells none). */
const gameOver = (each: TranscriptCase) => expectedTranscript(each).endsWith(' wins!\n');
const endsAsTheCourse = (each: TranscriptCase) =>
  !readsPastEnd(each) && (lastLine(each.stdin ?? '') === 'quit' || gameOver(each));
const drawnCase = (seed: number, stdin: string): TranscriptCase => ({
  group: 'generated',
  words: [String(seed)],
  stdin,
});

describe("Straights cases' ends", () => {
  it('drawn games end with quit or the game over, never at a prompt', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, typed }) => {
        const each = drawnCase(seed, typed.stdin);
        expect(endsAsTheCourse(each), typed.stdin).toBe(true);
        expect(typed.ending === 'won').toBe(gameOver(each));
      }),
      { numRuns: 150 },
    );
  });

  it('a drawn game cut down (any of its lines taken out) is ended as the drawn games end', () => {
    fc.assert(
      fc.property(
        gameArb.chain(({ seed, typed }) =>
          fc.record({
            seed: fc.constant(seed),
            lines: fc.subarray(typed.stdin.trimEnd().split('\n')),
          }),
        ),
        ({ seed, lines }) => {
          const cut = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
          const ended = endAsTheCourse(cut, drawnCase(seed, cut));
          expect(ended.startsWith(cut)).toBe(true);
          expect(endsAsTheCourse(drawnCase(seed, ended)), ended).toBe(true);
          // Only what the reference needed: an input that already ended so is kept as it is.
          if (!readsPastEnd(drawnCase(seed, cut))) expect(ended).toBe(cut);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the grader ends a shrunk Straights input that way', () => {
    expect(assignment.transcripts.shrink?.ending).toBe(endAsTheCourse);
    expect(assignment.languages?.cpp?.transcripts.shrink?.ending).toBe(endAsTheCourse);
  });

  it('the end of input is tested by the edge cases whose input ends at a prompt alone, in a group named so', () => {
    const atPrompt = transcriptCases.filter(readsPastEnd);
    expect(atPrompt.map((each) => each.input).sort()).toEqual(
      ['empty.in', 'eof-after-play.in', 'eof-at-player-types.in', 'eof-mid-round.in'].sort(),
    );
    expect(atPrompt.every((each) => each.group === END_OF_INPUT && each.endsAtPrompt === true)).toBe(true);
    expect(transcriptCases.filter((each) => each.endsAtPrompt === true)).toEqual(atPrompt);
    expect(transcriptCases.filter((each) => each.group === END_OF_INPUT)).toEqual(atPrompt);
    for (const each of transcriptCases.filter((c) => c.group === 'course' || c.group === 'generated'))
      expect(endsAsTheCourse(each), `${each.words[0]} < ${each.input}`).toBe(true);
  });

  it('the hidden cases end with quit or the game over', () => {
    const dir = new URL('../../../instructor/straights/', import.meta.url);
    const listed = readFileSync(new URL('transcripts.txt', dir), 'utf8')
      .split('\n')
      .map((line) => /^(\S+) < (\S+)$/.exec(line.trim()))
      .filter((match) => match !== null);
    expect(listed.length).toBeGreaterThan(0);
    for (const [, seed, file] of listed) {
      const each = drawnCase(Number(seed), readFileSync(new URL(file!, dir), 'utf8'));
      expect(endsAsTheCourse(each), file).toBe(true);
    }
  });

  it('the rubrics make the end-of-input cases worth less than any other transcript', () => {
    for (const file of ['../rubric.json', '../rubric-cpp.json']) {
      const rubric = JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as {
        tests: { match: string; points: number }[];
      };
      const points = (match: string) => rubric.tests.find((entry) => entry.match === match)?.points;
      const ends = points(`transcript.${END_OF_INPUT}.*`);
      expect(ends, file).toBeGreaterThan(0);
      for (const group of ['course', 'edge', 'generated', 'private'])
        expect(ends!, `${file} ${group}`).toBeLessThan(points(`transcript.${group}.*`)!);
    }
  });
});
