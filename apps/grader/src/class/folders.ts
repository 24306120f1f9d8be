// Where the submissions named on the command line are, and what each is called in --out: folder
// discovery in one place. Each folder is read once, safely (snapshot.ts); grading and the result store
// use what was read.
import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  editionsOf,
  holdsWholeProgram,
  readSubmission,
  type Submission,
} from '../1-submission/submission.ts';
import type { Assignment } from '../kit/assignment.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { NAME_BYTES, RESERVED_NAMES, unsafeName } from './batch.ts';

/**
 * The submissions named: a folder that is a submission is one; a folder holding submissions (a class)
 * stands for each folder in it, in name order, so that every student has a row (one whose folder is no
 * submission gets a verdict saying so). Hidden folders, node_modules and the --out folder are not students'.
 */
export function expandFolders(
  assignment: Assignment,
  folders: readonly string[],
  stderr: (text: string) => void,
  out: string | undefined,
): string[] {
  const files = new Set(
    editionsOf(assignment).flatMap((edition) => edition.studentFiles.map((file) => file.name)),
  );
  // A whole program of the student's own design (Straights, `table` in C++) holds no contract's file.
  const wholePrograms = editionsOf(assignment).some((edition) => edition.native?.wholeProgram !== undefined);
  // By name only (a directory or a link named deck.ts counts): what it is, the submission's verdict says.
  const holdsSubmission = (dir: string) => {
    try {
      return readdirSync(dir).some((name) => files.has(name)) || (wholePrograms && holdsWholeProgram(dir));
    } catch {
      return false;
    }
  };
  const holdsCode = (dir: string) => {
    try {
      return readdirSync(dir).some((name) => /\.(ts|mts|js|mjs|cpp|cc|cxx|h|hpp)$/.test(name));
    } catch {
      return false;
    }
  };
  const skip = out === undefined ? undefined : resolve(out);
  return folders.flatMap((folder) => {
    if (!statSync(folder).isDirectory() || holdsSubmission(folder)) return [folder];
    // Code of its own, under other names (Deck.ts, a lone .cpp): a submission missing its files, whose
    // verdict says which; its tests/ is no student.
    if (holdsCode(folder)) return [folder];
    let inside: string[];
    try {
      inside = readdirSync(folder, { withFileTypes: true })
        .filter(
          (entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules',
        )
        .map((entry) => join(folder, entry.name))
        .filter((dir) => resolve(dir) !== skip)
        .sort();
    } catch {
      return [folder];
    }
    if (inside.some(holdsSubmission)) {
      stderr(`pitboss: ${folder} holds ${inside.length} submissions\n`);
      return inside;
    }
    // A class whose students handed in nothing gradable: a row each, each saying so; never one row
    // named after the class folder.
    if (inside.length > 0) {
      stderr(
        `pitboss: ${folder} holds ${inside.length} folder${inside.length === 1 ? ', not' : 's, none of them'} a submission\n`,
      );
      return inside;
    }
    // One of several folders named (a class by its glob): its own row says it is no submission.
    if (folders.length > 1) return [folder];
    throw new PitbossError(
      'NOT_A_SUBMISSION',
      `${folder} is not a submission: it holds none of ${[...files].join(', ')}${wholePrograms ? ', nor a whole program' : ''}, nor a folder that could be a student's`,
    );
  });
}

/**
 * A file name per submission for --out: its folder's name, numbered when two share one (or when it is
 * a name the batch's own files take).
 */
export function outputNames(folders: readonly string[]): string[] {
  const used = new Set<string>(RESERVED_NAMES);
  return folders.map((folder) => {
    // A folder's name is the student's: made a plain file name (no separator, control character or
    // leading dot, at most NAME_BYTES less room for a number), which writeSubmissionFiles insists on.
    let base = '';
    for (const char of basename(resolve(folder)).replace(/^\./, '_')) {
      const next = base + (unsafeName(`x${char}`) === undefined ? char : '_');
      if (Buffer.byteLength(next) > NAME_BYTES - 16) break;
      base = next;
    }
    if (base === '') base = 'submission';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()) || unsafeName(name) !== undefined; n++)
      name = `${base}-${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** A folder as read: its submission, or why it cannot be graded (its own verdict). */
export type ReadFolder = { submission: Submission } | { problem: string };

/**
 * Every folder read once. A folder that cannot be graded gets a verdict of its own; the others are
 * graded all the same. (A student's `check` of a folder that is no submission is a usage error:
 * there is nothing else.)
 */
export function readFolders(
  assignment: Assignment,
  folders: readonly string[],
  mode: 'check' | 'grade',
): ReadFolder[] {
  return folders.map((folder) => readFolder(assignment, folder, mode));
}

/** One folder read, as readFolders reads each. */
export function readFolder(assignment: Assignment, folder: string, mode: 'check' | 'grade'): ReadFolder {
  try {
    return { submission: readSubmission(assignment, folder) };
  } catch (error) {
    if (mode === 'check' && error instanceof PitbossError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    return {
      problem:
        error instanceof PitbossError
          ? error.message
          : `${folder} cannot be read: ${typeof code === 'string' ? code : (error as Error).message}`,
    };
  }
}
