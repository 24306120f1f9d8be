// A submission: a folder holding some of the assignment's student files, read once (snapshot.ts).
import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { PitbossError } from './errors.ts';
import type { Assignment } from './kit/assignment.ts';
import { type Snapshot, takeSnapshot } from './snapshot.ts';

export interface Submission {
  dir: string;
  /** The folder's name: how reports and result files call it. */
  name: string;
  /**
   * TypeScript modules at the top of the folder the student wrote (provided files excluded), by file
   * name, to the path they were read from (for messages: their text is in `snapshot`).
   */
  modules: Map<string, string>;
  /** Every file of the folder, hashed unambiguously (Snapshot.hash): results are keyed by it. */
  hash: string;
  /** What was read of the folder, once: compiling and the result store use these bytes, never the disk. */
  snapshot: Snapshot;
}

const isModule = (name: string) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.includes('/');

/**
 * Reads a submission once. Every step after this one uses the returned snapshot: grade a batch by
 * calling this once per folder and passing the result on (GradeOptions.submission).
 */
export function readSubmission(assignment: Assignment, folder: string): Submission {
  const dir = resolve(folder);
  if (!existsSync(dir)) throw new PitbossError('NO_SUCH_FOLDER', `no such folder: ${folder}`);
  if (!statSync(dir).isDirectory()) throw new PitbossError('NO_SUCH_FOLDER', `not a folder: ${folder}`);
  const snapshot = takeSnapshot(dir);
  const provided = new Set(assignment.providedFiles.map((file) => file.name));
  const modules = new Map<string, string>();
  for (const path of snapshot.files.keys()) {
    if (isModule(path) && !provided.has(path)) modules.set(path, join(dir, path));
  }
  const expected = assignment.studentFiles.map((file) => file.name);
  // A contract file that is there but was not read (a link, a pipe, too large) still makes a
  // submission: its own verdict says why.
  if (!expected.some((name) => modules.has(name) || snapshot.problems.has(name))) {
    throw new PitbossError(
      'NOT_A_SUBMISSION',
      `${folder} is not a submission: it holds none of ${expected.join(', ')}`,
    );
  }
  return { dir, name: basename(dir), modules, hash: snapshot.hash, snapshot };
}
