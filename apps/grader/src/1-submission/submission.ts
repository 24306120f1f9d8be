// A submission: a folder holding some of the assignment's student files, read once (snapshot.ts).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { declaredLanguage, readDeclared } from '../assignment/choose.ts';
import { type Assignment, notHere } from '../kit/assignment.ts';
import { PitbossError } from '../plumbing/errors.ts';
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
  /** The language edition that grades it (Assignment.languages), when not the assignment itself. */
  language?: string | undefined;
}

/**
 * A student's source at the top of the folder, in the edition's language (`deck.ts`, `deck.cpp`); a
 * whole program's anywhere in it (its design is the student's, folders too).
 */
const isModule = (assignment: Assignment, name: string) =>
  assignment.native?.wholeProgram !== undefined
    ? isWholeProgramSource(name)
    : !name.includes('/') &&
      (assignment.native === undefined
        ? name.endsWith('.ts') && !name.endsWith('.d.ts')
        : /\.(cpp|cc)$/.test(name));

/** A C++ source of a whole program (NativeLanguage.wholeProgram): what its build compiles. */
export const isWholeProgramSource = (path: string) => /\.(cc|cpp|cxx|C)$/.test(path);

/** What makes a folder a whole program in C++: a Makefile, or a C++ source at its top. */
export const holdsWholeProgram = (dir: string) => {
  try {
    return readdirSync(dir).some(
      (name) => /^(GNUmakefile|[Mm]akefile)$/.test(name) || isWholeProgramSource(name),
    );
  } catch {
    return false;
  }
};

/** An assignment and its editions in other languages, the assignment first. */
export const editionsOf = (assignment: Assignment): Assignment[] => [
  assignment,
  ...Object.values(assignment.languages ?? {}),
];

/**
 * The edition that grades a folder: the language its pitboss.json names (`"language": "cpp"`), else
 * the one whose student files it holds (a folder of `deck.cpp`... is a C++ submission); the assignment
 * itself when it holds none or several editions' files.
 */
export function editionFor(assignment: Assignment, dir: string, declared?: string | undefined): Assignment {
  const languages = assignment.languages ?? {};
  if (declared !== undefined && languages[declared] !== undefined) return languages[declared];
  const holds = editionsOf(assignment).filter((edition) =>
    edition.studentFiles.some((file) => existsSync(join(dir, file.name))),
  );
  if (holds.length === 1) return holds[0]!;
  // A folder holding none of the contract's files may be a whole program of the student's own design.
  const whole = Object.values(languages).find((edition) => edition.native?.wholeProgram !== undefined);
  return holds.length === 0 && whole !== undefined && holdsWholeProgram(dir) ? whole : assignment;
}

/** The edition a read submission is graded by. */
export const editionOf = (assignment: Assignment, submission: Pick<Submission, 'language'>): Assignment =>
  (submission.language === undefined ? undefined : assignment.languages?.[submission.language]) ?? assignment;

/**
 * Reads a submission once. Every step after this one uses the returned snapshot: grade a batch by
 * calling this once per folder and passing the result on (GradeOptions.submission).
 */
export function readSubmission(base: Assignment, folder: string, language?: string | undefined): Submission {
  const dir = resolve(folder);
  if (!existsSync(dir)) throw new PitbossError('NO_SUCH_FOLDER', `no such folder: ${folder}`);
  if (!statSync(dir).isDirectory()) throw new PitbossError('NO_SUCH_FOLDER', `not a folder: ${folder}`);
  const assignment = editionFor(base, dir, language ?? declaredLanguage(dir));
  const snapshot = takeSnapshot(dir);
  const provided = new Set([
    ...assignment.providedFiles.map((file) => file.name),
    // A compiled edition's provided headers and sources (card.cpp): never the student's to write. A
    // whole program's handout files are its own once it holds them.
    ...(assignment.native === undefined || assignment.native.wholeProgram !== undefined
      ? []
      : readdirSync(assignment.native.providedDir)),
  ]);
  const modules = new Map<string, string>();
  for (const path of snapshot.files.keys()) {
    if (isModule(assignment, path) && !provided.has(path)) modules.set(path, join(dir, path));
  }
  const expected = editionsOf(base).flatMap((edition) => edition.studentFiles.map((file) => file.name));
  // A contract file that is there but was not read (a link, a pipe, too large) still makes a
  // submission: its own verdict says why.
  const whole = assignment.native?.wholeProgram !== undefined;
  // A folder whose pitboss.json names another assignment was likely meant for that one: say so.
  const declared = readDeclared(dir);
  const otherAssignment =
    'rules' in declared && declared.rules !== undefined && declared.rules !== base.name
      ? ` (its pitboss.json names ${declared.rules}: run it without --assignment ${base.name}, or with --assignment ${declared.rules})`
      : '';
  if (whole && modules.size === 0 && ![...snapshot.problems.keys()].some(isWholeProgramSource))
    throw new PitbossError(
      'NOT_A_SUBMISSION',
      `${folder} is not a ${assignment.native!.title} submission: it holds no C++ source (.cc, .cpp)${otherAssignment}`,
    );
  if (!whole && !expected.some((name) => modules.has(name) || snapshot.problems.has(name))) {
    // The student tool and a folder in a language the course grades but the tool cannot check.
    const declared = declaredLanguage(dir);
    for (const [language, edition] of Object.entries(base.languagesNotHere ?? {}))
      if (language === declared || edition.files.some((name) => snapshot.files.has(name)))
        throw new PitbossError('NOT_A_SUBMISSION', `${folder}: ${notHere(base, edition)}`);
    throw new PitbossError(
      'NOT_A_SUBMISSION',
      `${folder} is not a submission: it holds none of ${expected.join(', ')}${otherAssignment}`,
    );
  }
  return {
    dir,
    name: basename(dir),
    modules,
    hash: snapshot.hash,
    snapshot,
    ...(assignment === base ? {} : { language: assignment.native?.name }),
  };
}
