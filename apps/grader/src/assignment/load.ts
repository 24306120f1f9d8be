// Assignments are folders under graders/: each has an index.ts exporting `assignment`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Assignment, notHere } from '../kit/assignment.ts';
import { bundleCached } from '../plumbing/bundle.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { REPO_ROOT } from '../plumbing/paths.ts';

export const GRADERS_ROOT = join(REPO_ROOT, 'graders');

/**
 * The assignment a command grades by when nothing names one: the project's choice
 * (graders/pitboss.json, `{ "default": "<name>" }`), else the only assignment there is.
 */
export function defaultAssignment(): string {
  const names = assignmentNames();
  const file = join(GRADERS_ROOT, 'pitboss.json');
  if (existsSync(file)) {
    const chosen = (JSON.parse(readFileSync(file, 'utf8')) as { default?: unknown }).default;
    if (typeof chosen === 'string' && names.includes(chosen)) return chosen;
  }
  if (names.length === 1) return names[0]!;
  throw new PitbossError('USAGE', `name an assignment with --assignment (${names.join(', ')})`);
}

export function assignmentNames(): string[] {
  if (!existsSync(GRADERS_ROOT)) return [];
  return readdirSync(GRADERS_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(GRADERS_ROOT, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

const loaded = new Map<string, Promise<Assignment>>();

export function loadAssignment(name: string): Promise<Assignment> {
  const names = assignmentNames();
  if (!names.includes(name)) {
    throw new PitbossError(
      'UNKNOWN_ASSIGNMENT',
      `unknown assignment '${name}' (expected ${names.join(', ')})`,
    );
  }
  let assignment = loaded.get(name);
  if (assignment === undefined) {
    assignment = (async () => {
      const file = await bundleCached(`assignment-${name}`, { file: join(GRADERS_ROOT, name, 'index.ts') });
      const module = (await import(pathToFileURL(file).href)) as { assignment?: Assignment };
      if (module.assignment?.name !== name) {
        throw new PitbossError(
          'BAD_ASSIGNMENT',
          `graders/${name}/index.ts must export an assignment named '${name}'`,
        );
      }
      return module.assignment;
    })();
    loaded.set(name, assignment);
  }
  return assignment;
}

/**
 * The programs that run beside student code, each a file of children/ bundled on its own: the
 * executor (unit tests: makes the calls it is sent; no test, no reference, no expected answer) and
 * the students'-tests child (node:test emulated, one variant per process), the type checker (a
 * worker thread: it reads the student's files, never runs them) and the preload of a program run
 * (chance made repeatable, the record channel opened).
 */
export const CHILD_PROGRAMS = {
  executor: 'apps/grader/src/3-sandbox/children/executor/executor.ts',
  studentTests: 'apps/grader/src/3-sandbox/children/student-tests/child.ts',
  typeCheck: 'apps/grader/src/3-sandbox/children/type-check.ts',
  programPreload: 'apps/grader/src/3-sandbox/children/program.ts',
} as const;

export const studentTestsBundle = (): Promise<string> =>
  bundleCached('student-tests', { file: join(REPO_ROOT, CHILD_PROGRAMS.studentTests) });

export const typeCheckBundle = (): Promise<string> =>
  bundleCached('type-check', { file: join(REPO_ROOT, CHILD_PROGRAMS.typeCheck) }, { commonjs: true });

/** The preload of a student's program run, as the data: URL Node imports it from (no file to read). */
let programPreload: Promise<string> | undefined;
export const programPreloadUrl = (): Promise<string> =>
  (programPreload ??= bundleCached(
    'program-preload',
    { file: join(REPO_ROOT, CHILD_PROGRAMS.programPreload) },
    { requireShim: false },
  ).then((path) => `data:text/javascript;base64,${readFileSync(path).toString('base64')}`));

export const executorBundle = (): Promise<string> =>
  bundleCached('executor', { file: join(REPO_ROOT, CHILD_PROGRAMS.executor) });

/**
 * The assignment's reference as a standalone submission; the student tool has none, and what needs
 * it (mutants, students' tests against them, the self-check) says so instead of grading.
 */
export function solutionDirOf(assignment: Assignment): string {
  if (assignment.solutionDir === undefined) {
    throw new PitbossError(
      'NO_REFERENCE',
      `this copy of ${assignment.name} holds no reference solution (a student tool): mutants and the self-check run where the grader is installed`,
    );
  }
  return assignment.solutionDir;
}

/** The name the assignment's own language goes by beside its editions' (`--language ts`). */
export const OWN_LANGUAGE = 'ts';

/**
 * The edition of an assignment in `language` (Assignment.languages): the assignment itself for none or
 * `ts`; a usage error naming the languages there are for any other.
 */
export function editionIn(assignment: Assignment, language: string | undefined): Assignment {
  if (language === undefined || language === OWN_LANGUAGE) return assignment;
  const edition = assignment.languages?.[language];
  const elsewhere = assignment.languagesNotHere?.[language];
  if (edition === undefined && elsewhere !== undefined)
    throw new PitbossError('USAGE', notHere(assignment, elsewhere));
  if (edition === undefined) {
    const known = [OWN_LANGUAGE, ...Object.keys(assignment.languages ?? {})].join(', ');
    throw new PitbossError('USAGE', `${assignment.name} has no edition in '${language}' (it has: ${known})`);
  }
  return edition;
}
