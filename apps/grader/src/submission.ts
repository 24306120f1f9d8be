// A submission: a folder holding some of the assignment's student files.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { PitbossError } from './errors.ts';
import type { Assignment } from './kit/assignment.ts';

export interface Submission {
  dir: string;
  /** The folder's name: how reports and result files call it. */
  name: string;
  /** TypeScript modules at the top of the folder the student wrote (provided files excluded), by file name. */
  modules: Map<string, string>;
  /** Every file that can change a grade, hashed: results are keyed by it. */
  hash: string;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

export function readSubmission(assignment: Assignment, folder: string): Submission {
  const dir = resolve(folder);
  if (!existsSync(dir)) throw new PitbossError('NO_SUCH_FOLDER', `no such folder: ${folder}`);
  if (!statSync(dir).isDirectory()) throw new PitbossError('NO_SUCH_FOLDER', `not a folder: ${folder}`);
  const provided = new Set(assignment.providedFiles.map((file) => file.name));
  const modules = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (
      entry.isFile() &&
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.d.ts') &&
      !provided.has(entry.name)
    ) {
      modules.set(entry.name, join(dir, entry.name));
    }
  }
  const expected = assignment.studentFiles.map((file) => file.name);
  if (!expected.some((name) => modules.has(name))) {
    throw new PitbossError(
      'NOT_A_SUBMISSION',
      `${folder} is not a submission: it holds none of ${expected.join(', ')}`,
    );
  }
  const hash = createHash('sha256');
  const graded = [...filesUnder(dir)].filter((path) => path.endsWith('.ts')).sort();
  for (const path of graded) {
    hash.update(relative(dir, path)).update('\0').update(readFileSync(path)).update('\0');
  }
  return { dir, name: basename(dir), modules, hash: hash.digest('hex') };
}
