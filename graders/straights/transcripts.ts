// The program's transcript cases: `straights <seed>` fed a stdin. The course's cases and the edge
// cases are data in cases/course/ and cases/edge/ (one case a line, `<seed> < <name>.in`): copies of
// the cases.txt and .in files of fixtures/compat/straights/ and fixtures/transcripts/straights/ (a
// test holds them equal), kept in this folder so that the grader carries them wherever it goes (the
// Gradescope zip holds the assignment's folder, not fixtures/). The generated ones are typed here by a
// drawn player (typist.ts) from a fixed seed. The reference's output is computed from the same words and
// stdin (packages/straights).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TranscriptCase } from '@pitboss/grader/kit';
import { parseSeed, playGame, wordsOf } from '@pitboss/straights';
import fc from 'fast-check';
import { gameArb } from './typist.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Edge cases left out: `44abc` (a seed with letters after its digits) is how C++'s std::stoi reads a
 * word, which the handout never asks students to copy; every graded seed is a plain integer.
 */
const NOT_GRADED = new Set(['44abc']);

/** The cases of a `cases.txt` (`<seed> < <name>.in` a line, `#` comments), each with its stdin. */
export function casesOf(dir: string, group: string): TranscriptCase[] {
  const cases: TranscriptCase[] = [];
  for (const [i, text] of readFileSync(`${dir}/cases.txt`, 'utf8').split('\n').entries()) {
    const line = text.replace(/#.*/, '').trim();
    if (line === '') continue;
    const match = /^(\S+) < (\S+\.in)$/.exec(line);
    if (match === null) throw new Error(`${dir}/cases.txt:${i + 1}: not '<seed> < <name>.in'`);
    const [, seed, input] = match as unknown as [string, string, string];
    if (NOT_GRADED.has(seed)) continue;
    cases.push({ group, words: [seed], input, stdin: readFileSync(`${dir}/${input}`, 'utf8') });
  }
  return cases;
}

/** Games typed once from a fixed seed: the same cases on every run and machine. */
const GENERATED_SEED = 246_2021;
export const GENERATED_COUNT = 16;

export function generatedCases(
  seed = GENERATED_SEED,
  count = GENERATED_COUNT,
  prefix = 'generated',
): TranscriptCase[] {
  return fc.sample(gameArb, { seed, numRuns: count }).map((drawn, i) => ({
    group: 'generated',
    words: [String(drawn.seed)],
    input: `${prefix}-${String(i + 1).padStart(2, '0')}.in`,
    stdin: drawn.typed.stdin,
  }));
}

/**
 * The group of the edge cases whose input ends at a prompt: the only cases that test the end of input
 * (SPEC section 9), worth little, their ids saying so (`transcript.end-of-input.*`).
 */
export const END_OF_INPUT = 'end-of-input';

/** The edge cases, those ending at a prompt in a group of their own. */
const edgeCases = (): TranscriptCase[] =>
  casesOf(here('./cases/edge'), 'edge').map((each) =>
    readsPastEnd(each) ? { ...each, group: END_OF_INPUT, endsAtPrompt: true } : each,
  );

export const transcriptCases: readonly TranscriptCase[] = [
  ...casesOf(here('./cases/course'), 'course'),
  ...edgeCases(),
  ...generatedCases(),
];

/** The reference's game of a case, its output, and whether it asked for a word past the end of the stdin. */
function playCase(transcriptCase: TranscriptCase): { text: string; pastEnd: boolean } {
  const [word] = transcriptCase.words;
  const seed = word === undefined ? 0 : parseSeed(word);
  if (typeof seed !== 'number') throw new Error(`straights: a case's seed must be an integer, got '${word}'`);
  let text = '';
  let pastEnd = false;
  const words = wordsOf(transcriptCase.stdin ?? '');
  playGame({
    seed,
    input: {
      next: () => {
        const next = words.next();
        if (next === undefined) pastEnd = true;
        return next;
      },
    },
    write: (chunk) => {
      text += chunk;
    },
  });
  return { text, pastEnd };
}

/** What the reference prints for a case: its seed read as the course's program reads it, its stdin word by word. */
export function expectedTranscript(transcriptCase: TranscriptCase): string {
  return playCase(transcriptCase).text;
}

/** Whether a case's input ends at a prompt: the reference asks for more than it holds (the end acts as `quit`). */
export function readsPastEnd(transcriptCase: TranscriptCase): boolean {
  return playCase(transcriptCase).pastEnd;
}

/**
 * A shorter stdin (a failing case cut down) ended as the drawn cases end: `quit` typed while the
 * reference would ask for more. A cut may leave seats unanswered: each `quit` there is a human's
 * answer, so at most five are typed (four seats, then a turn's).
 */
export function endAsTheCourse(stdin: string, transcriptCase: TranscriptCase): string {
  let ended = stdin;
  for (let typed = 0; typed <= 4 && readsPastEnd({ ...transcriptCase, stdin: ended }); typed++)
    ended = `${ended}${ended === '' || ended.endsWith('\n') ? '' : '\n'}quit\n`;
  return ended;
}
