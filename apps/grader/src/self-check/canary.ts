// The sandbox canary: the reference solution graded exactly as a submission is (same limits, sandbox
// and work root) before any grade counts. It must score full marks; if it does not, the machinery is
// at fault (a folder the sandbox user cannot enter, a process limit reached), and nothing is scored.

import { createHash } from 'node:crypto';
import { basename, resolve } from 'node:path';
import type { PartScore, Report } from '../0-results/report.ts';
import { SCHEMA_VERSION } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import { ALL_FILES, type PlannedTest, STUDENT_TESTS } from '../2-plan/plan.ts';
import type { GradeOptions } from '../4-phases/options.ts';
import { gradeSubmission, selectTests } from '../grade.ts';
import type { Assignment } from '../kit/assignment.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { TOOL_VERSION } from '../plumbing/version.ts';

/** A cheap but complete probe: the first unit test of each file and the first transcript run on the student's files. */
export function smallSubset(tests: readonly PlannedTest[]): PlannedTest[] {
  const files = new Set<string>();
  let transcript = false;
  return tests.filter((test) => {
    if (test.kind === 'unit' && !files.has(test.file)) {
      files.add(test.file);
      return true;
    }
    if (test.kind === 'transcript' && !transcript && test.transcript?.linking === 'own') {
      transcript = true;
      return true;
    }
    return false;
  });
}

/**
 * The tests the canary runs: `grade`, every selected test the reference can pass by itself (students'
 * tests need a test suite it does not have); `check`, a small subset of them, so a student's run stays
 * quick. When the selection holds none (`--only mutant.`), the small subset of the whole visible plan.
 */
export function canaryTests(
  plan: readonly PlannedTest[],
  options: Pick<GradeOptions, 'mode' | 'only'>,
): PlannedTest[] {
  const selected = selectTests(plan, { mode: options.mode, only: options.only }).filter(
    (test) => test.kind !== 'mutant',
  );
  const chosen = options.mode === 'check' ? smallSubset(selected) : selected;
  return chosen.length > 0
    ? chosen
    : smallSubset(selectTests(plan, { mode: 'check' }).filter((test) => test.kind !== 'mutant'));
}

/** One line: no line breaks, at most `limit` characters. */
const oneLine = (text: string, limit = 400): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 3)}...`;
};

/**
 * Grades the reference solution with `options` (a submission's own) on the canary's tests. Resolves to
 * undefined when it scores full marks, else to what failed, in one line; rejects only with a usage
 * error, when the reference fails within --budget and passes without it.
 */
export async function runCanary(
  assignment: Assignment,
  plan: readonly PlannedTest[],
  options: GradeOptions,
  /** The language edition whose reference to grade (Assignment.languages): the assignment's own by default. */
  edition: Assignment = assignment,
): Promise<string | undefined> {
  // The student tool holds no reference to grade: there, a sandbox that cannot start is caught run by
  // run (each says it is ready before student code runs), as an infrastructure error all the same.
  if (edition.solutionDir === undefined) return undefined;
  const ids = new Set(canaryTests(plan, options).map((test) => test.id));
  try {
    const report = await gradeSubmission(assignment, plan, edition.solutionDir, {
      ...options,
      replay: undefined,
      only: undefined,
      filter: (test) => ids.has(test.id),
      // A check's canary is a handful of short runs: one host (a second would cost more to start than it saves).
      hosts: options.mode === 'check' ? 1 : options.hosts,
    });
    if (report.tests.length > 0 && report.score === report.maxScore) return undefined;
    // A --budget too small for the reference itself is the instructor's setting, not the sandbox:
    // proven by the same tests passing without it, and told as a usage error.
    if (options.limits.budgetMs !== undefined) {
      const unbudgeted = await runCanary(
        assignment,
        plan,
        { ...options, limits: { ...options.limits, budgetMs: undefined } },
        edition,
      );
      if (unbudgeted === undefined)
        throw new PitbossError(
          'USAGE',
          `--budget ${Math.round(options.limits.budgetMs / 1000)} is too little for the reference solution itself (it scores full marks without it): give each submission more time`,
        );
    }
    const failed = report.tests.find((test) => test.status !== 'passed');
    const why = failed === undefined ? '' : `: ${failed.id} ${failed.status}: ${failed.message ?? ''}`;
    const which =
      edition === assignment
        ? 'the reference solution'
        : `the ${edition.native?.title ?? ''} reference solution`;
    return oneLine(`${which} scores ${report.score}/${report.maxScore} in this sandbox${why}`);
  } catch (error) {
    if (error instanceof PitbossError && error.code === 'USAGE') throw error;
    const which =
      edition === assignment
        ? 'the reference solution'
        : `the ${edition.native?.title ?? ''} reference solution`;
    return oneLine(`${which} could not be graded in this sandbox: ${(error as Error).message}`);
  }
}

/** A report's test that the machinery failed on (the harness marks such outcomes `infrastructure`). */
export function infrastructureFault(report: Report): string | undefined {
  const faulty = report.tests.find((test) => test.infrastructure === true);
  return faulty === undefined ? undefined : oneLine(`${faulty.id}: ${faulty.message ?? faulty.status}`);
}

/**
 * The verdict for a folder that cannot be graded at all (not a submission, its files unreadable): every
 * selected test a load error naming why, 0 points, so it keeps its own row in the gradebook. The why
 * names the folder by its name, as its row does: a report holds no path of the grading machine (the
 * same class gives the same files wherever, and however, its folder was named).
 */
export function ungradableReport(
  assignment: Assignment,
  tests: readonly PlannedTest[],
  folder: string,
  mode: 'check' | 'grade',
  reason: string,
): Report {
  const name = basename(resolve(folder));
  const message = oneLine(reason.startsWith(folder) ? `${name}${reason.slice(folder.length)}` : reason, 2000);
  const results: TestResult[] = tests.map((test) => ({
    id: test.id,
    name: test.name,
    file: test.file,
    kind: test.kind,
    visibility: test.visibility,
    status: 'load-error',
    score: 0,
    maxScore: test.points,
    message,
  }));
  const parts: PartScore[] = [];
  for (const file of [...assignment.studentFiles.map((f) => f.name), ALL_FILES, STUDENT_TESTS]) {
    const partTests = results.filter((result) => result.file === file);
    if (partTests.length > 0)
      parts.push({ file, score: 0, maxScore: partTests.reduce((sum, result) => sum + result.maxScore, 0) });
  }
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'pitboss', version: TOOL_VERSION },
    assignment: { name: assignment.name, title: assignment.title, version: assignment.version },
    mode,
    seed: assignment.seed,
    // Nothing of the folder was read: the hash is of nothing.
    submission: { name, path: folder, hash: createHash('sha256').digest('hex') },
    score: 0,
    maxScore: results.reduce((sum, result) => sum + result.maxScore, 0),
    parts,
    studentTests: { cases: [], exposed: 0, mutants: tests.filter((test) => test.kind === 'mutant').length },
    loadErrors: [{ file: '(the submission)', message }],
    tests: results,
  };
}
