// Transcript cases as the editions keep them: command lines in a data file, and argument sets drawn
// once from a fixed seed (the same on every run and machine).
import { readFileSync } from 'node:fs';
import type { TranscriptCase } from '@pitboss/grader/kit';
import fc from 'fast-check';

/**
 * The cases of a data file: one case a line (the program's words, separated by spaces), in groups (a
 * line `[group]` starts one); `#` starts a comment. The words are those of the instructor's hidden
 * cases (instructor/<rules>/transcripts.txt).
 */
export function casesFrom(file: string): TranscriptCase[] {
  const cases: TranscriptCase[] = [];
  let group: string | undefined;
  for (const [i, text] of readFileSync(file, 'utf8').split('\n').entries()) {
    const line = text.replace(/#.*/, '').trim();
    if (line === '') continue;
    const header = /^\[([a-z][a-z0-9-]*)\]$/.exec(line);
    if (header !== null) group = header[1];
    else if (group === undefined) throw new Error(`${file}:${i + 1}: a case before any [group]`);
    else cases.push({ group, words: line.split(/\s+/) });
  }
  return cases;
}

/** A drawn case: its words, and the files they name (written beside the program for its run). */
export interface Drawn {
  words: readonly string[];
  files?: Readonly<Record<string, string>> | undefined;
}

/** `count` cases drawn from `arbitrary` (words, or words and files) with `seed`, in group `generated`. */
export const generated = (
  seed: number,
  arbitrary: fc.Arbitrary<readonly string[] | Drawn>,
  count = 12,
): TranscriptCase[] =>
  fc
    .sample(arbitrary, { seed, numRuns: count })
    .map((drawn) => ({ group: 'generated', ...('words' in drawn ? drawn : { words: drawn }) }));

/** Where the drawn numbers go: mostly up to the small limit, else up to the large one. */
export interface Spread {
  bankroll: readonly [small: number, large: number];
  hands: readonly [small: number, large: number];
}

/** The arbitraries of a game's common words, in the order fc.record draws them: bankroll, hands, player type. */
export const gameWordArbs = (spread: Spread) => ({
  bankroll: fc.oneof(
    fc.integer({ min: 1, max: spread.bankroll[0] }),
    fc.integer({ min: 1, max: spread.bankroll[1] }),
  ),
  hands: fc.oneof(fc.integer({ min: 1, max: spread.hands[0] }), fc.integer({ min: 1, max: spread.hands[1] })),
  type: fc.constantFrom('simple', 'counting'),
});
