// Phase: the students' own tests, against their code, the reference, the other correct
// implementations and the mutants; a mutant is exposed here, by the tests that fail on it.

import { join } from 'node:path';
import { killWords, type MutantResult } from '../0-results/mutant.ts';
import type { Report } from '../0-results/report.ts';
import type { Submission } from '../1-submission/submission.ts';
import type { PlannedTest } from '../2-plan/plan.ts';
import { forSandbox, type Manifest, type Staging } from '../3-sandbox/door.ts';
import { studentTestsBundle } from '../assignment/load.ts';
import type { Assignment } from '../kit/assignment.ts';
import { isKeptTest } from '../kit/keep.ts';
import type { Mutant } from '../mutants/catalogue.ts';
import { placeOf } from '../mutants/place.ts';
import type { GradeOptions } from './options.ts';
import type { Outcome } from './outcome.ts';
import { compileStudentTests, compileTargets } from './student-tests/compile.ts';
import { runMatrix, runOwnOnly } from './student-tests/matrix.ts';
import { modulesOf, wheatsFor } from './student-tests/wheats.ts';

export const NO_STUDENT_TESTS: Report['studentTests'] = { cases: [], exposed: 0, mutants: 0 };

const targetBuilds = new Map<string, Promise<Pick<Manifest, 'reference' | 'mutants'>>>();

/** The solution and the mutants, compiled once per run whatever the number of submissions. */
function targetsFor(assignment: Assignment, mutants: readonly Mutant[], shared: string, workRoot: string) {
  const key = `${workRoot}\0${assignment.name}\0${mutants.map((mutant) => mutant.id).join(',')}`;
  let built = targetBuilds.get(key);
  if (built === undefined) {
    built = compileTargets(assignment, mutants, shared, workRoot);
    targetBuilds.set(key, built);
  }
  return built;
}

/**
 * Runs the student's own tests against their own code, the reference, the other correct
 * implementations and the mutants the selected tests name, each run a fresh process (matrix.ts).
 */
export async function runStudentTests(
  assignment: Assignment,
  tests: readonly PlannedTest[],
  submission: Submission,
  shared: string,
  workDir: string,
  options: GradeOptions,
  staging: Staging,
): Promise<{ outcomes: Map<string, Outcome>; summary: Report['studentTests'] }> {
  const outcomes = new Map<string, Outcome>();
  if (tests.length === 0) return { outcomes, summary: NO_STUDENT_TESTS };
  const mutants = tests.map((test) => test.mutant!);
  const compiled = await compileStudentTests(assignment, submission, join(workDir, 'tests'));
  const where = `${assignment.studentTests.folder}/`;
  const invalid = [...compiled.problems].map(([file, reason]) => ({
    file,
    name: '(the whole file)',
    valid: false,
    reason,
  }));
  if (Object.keys(compiled.tests).length === 0) {
    const message =
      invalid.length > 0
        ? `no test in ${where} compiles`
        : `there are no tests (*${assignment.studentTests.suffix}) in ${where}`;
    // Each mutant survived, and says so as data: the student's view tells it by where it lies only.
    for (const test of tests)
      outcomes.set(test.id, { status: 'failed', message, mutant: mutantResult(test, []) });
    return { outcomes, summary: { cases: invalid, exposed: 0, mutants: mutants.length } };
  }
  // Held in the grader's memory; each run's folder gets only the one variant it runs.
  const manifest: Manifest = {
    ...(await targetsFor(assignment, mutants, shared, options.workRoot)),
    tests: compiled.tests,
  };
  // The student's own code, where the names and messages they see come from (none if it cannot run).
  const own = staging.problems.size === 0 ? modulesOf(staging.stage('all')) : undefined;
  const matrix = await runMatrix(manifest, {
    harness: await forSandbox(await studentTestsBundle(), options.workRoot),
    limits: options.limits,
    limiter: options.limiter,
    runTimeoutMs: options.limits.programTimeoutMs,
    workDir,
    sandbox: options.sandbox,
    own,
    wheats: await wheatsFor(assignment, shared, options.workRoot, options.privateDir),
  });
  let exposed = 0;
  for (const test of tests) {
    const { killedBy } = matrix.verdicts.get(test.mutant!.id)!;
    if (killedBy.length > 0) exposed++;
    outcomes.set(test.id, mutantOutcome(test, killedBy, SURVIVED));
  }
  return {
    outcomes,
    summary: { cases: [...invalid, ...matrix.cases], exposed, mutants: mutants.length },
  };
}

export const SURVIVED = 'survived: no valid test of yours fails on it';

/** A mutant test's outcome: exposed by the tests that failed on it (a time-out counts), or survived, as `survived` says. */
export function mutantOutcome(
  test: PlannedTest,
  killedBy: MutantResult['killedBy'],
  survived: string,
): Outcome {
  const mutant = mutantResult(test, killedBy);
  if (killedBy.length === 0) return { status: 'failed', message: survived, mutant };
  const timedOut = killedBy.some((kill) => 'broke' in kill && kill.broke === 'timeout');
  return {
    status: 'passed',
    message: `exposed by ${killedBy.map(killWords).join('; ')}${timedOut ? ' (a test timed out on it, which counts)' : ''}`,
    mutant,
  };
}

/** A mutant test's result as data; a bug the tests missed is told by where it lies, never by its edit (6-reports/views.ts). */
function mutantResult(test: PlannedTest, killedBy: MutantResult['killedBy']): MutantResult {
  const mutant: MutantResult = {
    id: test.mutant!.id,
    description: test.mutant!.description,
    status: killedBy.length > 0 ? 'killed' : 'survived',
    killedBy,
  };
  if (killedBy.length === 0) {
    const { file, source, at } = test.mutant!;
    const where = placeOf(source, file, at);
    mutant.place = where === undefined ? { file } : { file, in: where };
  }
  return mutant;
}

/**
 * Without a solution (the student tool): the student's own tests on their own code only, each told as
 * passing or failing, with no points; how many mutants they expose is scored when the submission is graded.
 */
export async function runOwnTests(
  assignment: Assignment,
  submission: Submission,
  workDir: string,
  options: GradeOptions,
  staging: Staging,
): Promise<Report['studentTests']> {
  const compiled = await compileStudentTests(assignment, submission, join(workDir, 'tests'));
  const invalid = [...compiled.problems].map(([file, reason]) => ({
    file,
    name: '(the whole file)',
    valid: false,
    reason,
  }));
  const files = Object.keys(compiled.tests);
  if (files.length === 0) return { cases: invalid, exposed: 0, mutants: 0 };
  if (staging.problems.size > 0) {
    const reason = `your code does not load (${[...staging.problems.keys()].join(', ')}), so it did not run`;
    return {
      cases: [...invalid, ...files.map((file) => ({ file, name: '(the whole file)', valid: false, reason }))],
      exposed: 0,
      mutants: 0,
    };
  }
  const cases = await runOwnOnly(compiled.tests, modulesOf(staging.stage('all')), {
    harness: await forSandbox(await studentTestsBundle(), options.workRoot),
    limits: options.limits,
    limiter: options.limiter,
    runTimeoutMs: options.limits.programTimeoutMs,
    workDir,
    sandbox: options.sandbox,
  });
  return { cases: [...invalid, ...cases], exposed: 0, mutants: 0 };
}

/** The files `check --keep` wrote, marked in the student's tests: the grader's cases, never theirs. */
export function markKept(summary: Report['studentTests'], submission: Submission): Report['studentTests'] {
  return {
    ...summary,
    cases: summary.cases.map((test) =>
      isKeptTest(test.file, submission.snapshot.files.get(test.file)?.toString('utf8') ?? '')
        ? { ...test, valid: false, kept: true }
        : test,
    ),
  };
}
