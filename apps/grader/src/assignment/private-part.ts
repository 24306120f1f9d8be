// The instructor's private part of an assignment: a folder kept out of the student tool, holding
// more mutants (mutants.json), hidden transcript cases (transcripts.txt, one case a line) and more
// correct implementations for judging students' tests (wheats/<name>/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TranscriptCase } from '../kit/assignment.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { REPO_ROOT } from '../plumbing/paths.ts';

/** The folder an instructor keeps beside the grader by default: instructor/<rules>/. */
export const defaultPrivateFolder = (rules: string) => join(REPO_ROOT, 'instructor', rules);

/** The private folder: the one given, else the default when it exists, else none. */
export function privateFolder(flag: string | undefined, rules: string): string | undefined {
  if (flag !== undefined) {
    if (!existsSync(flag)) throw new PitbossError('NO_SUCH_FOLDER', `no such folder: ${flag}`);
    return flag;
  }
  const fallback = defaultPrivateFolder(rules);
  return existsSync(fallback) ? fallback : undefined;
}

/**
 * Hidden transcript cases: each line the program's words; `#` starts a comment. Group `private`. A line
 * may end `< <file>` as a shell redirects stdin: that file of the folder is the case's stdin.
 */
export function privateTranscriptCases(folder: string | undefined): TranscriptCase[] {
  if (folder === undefined) return [];
  const file = join(folder, 'transcripts.txt');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [words, input, ...more] = line.split(/\s*<\s*/);
      const transcriptCase: TranscriptCase = { group: 'private', words: words!.split(/\s+/).filter(Boolean) };
      if (input === undefined) return transcriptCase;
      if (more.length > 0 || !/^[\w.-]+$/.test(input) || !existsSync(join(folder, input)))
        throw new PitbossError(
          'BAD_ASSIGNMENT',
          `${file}: '${line}': the stdin must be one file of ${folder}`,
        );
      return { ...transcriptCase, input, stdin: readFileSync(join(folder, input), 'utf8') };
    });
}

/**
 * The instructor's private correct implementations (`wheats/<name>/`, each holding the student files):
 * a student's test counts only if it passes on every one. None when the folder has no wheats/.
 */
export function privateWheats(folder: string | undefined): string[] {
  if (folder === undefined) return [];
  const dir = join(folder, 'wheats');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name))
    .sort();
}
