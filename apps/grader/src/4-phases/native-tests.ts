// Phase: a compiled edition's students' tests (C++), against that edition's own mutants.

import { join } from 'node:path';
import type { Report } from '../0-results/report.ts';
import type { Submission } from '../1-submission/submission.ts';
import type { PlannedTest } from '../2-plan/plan.ts';
import { type Budget, CANARY_NAME } from '../3-sandbox/door.ts';
import type { Assignment } from '../kit/assignment.ts';
import { type Mutant, readCatalogue } from '../mutants/catalogue.ts';
import { PitbossError } from '../plumbing/errors.ts';
import type { GradeOptions } from './options.ts';
import type { Outcome } from './outcome.ts';
import { runNativeStudentTests } from './student-tests/native.ts';
import { screenNativeTests } from './student-tests/native-screen.ts';
import { wheatFolders } from './student-tests/wheats.ts';
import { mutantOutcome, NO_STUDENT_TESTS, SURVIVED } from './student-tests.ts';

const editionCatalogues = new Map<string, Map<string, Mutant>>();

/**
 * A language edition's planned mutant test with that edition's own edit of the bug (its catalogue has
 * the same ids): read before any test runs, so a catalogue that lacks one stops the grading at once.
 */
export function withEditionMutant(
  test: PlannedTest,
  assignment: Assignment,
  options: GradeOptions,
): PlannedTest {
  if (assignment.native === undefined || test.mutant === undefined) return test;
  const key = `${assignment.mutantsFile}\0${options.privateDir ?? ''}`;
  let edits = editionCatalogues.get(key);
  if (edits === undefined) {
    edits = new Map(readCatalogue(assignment, options.privateDir).map((mutant) => [mutant.id, mutant]));
    editionCatalogues.set(key, edits);
  }
  const mutant = edits.get(test.mutant.id);
  if (mutant === undefined)
    throw new PitbossError(
      'BAD_ASSIGNMENT',
      `the ${assignment.native.title} mutant catalogue has no ${test.mutant.id}`,
    );
  return { ...test, mutant };
}

/**
 * A compiled edition's students' tests (4-phases/student-tests/native.ts): the planned mutants, each as this
 * edition's own edit of the same bug (its catalogue has the same ids), against the student's tests.
 */
export async function runNativeTests(
  assignment: Assignment,
  tests: readonly PlannedTest[],
  submission: Submission,
  shared: string,
  workDir: string,
  options: GradeOptions,
  budget: Budget,
): Promise<{ outcomes: Map<string, Outcome>; summary: Report['studentTests'] }> {
  const outcomes = new Map<string, Outcome>();
  if (tests.length === 0) return { outcomes, summary: NO_STUDENT_TESTS };
  const planned = tests.map((test) => ({ ...test, mutant: test.mutant! }));
  // Tests refused before any is built (the unchanged example, a folder past the limits) stay cases.
  const screened = screenNativeTests(assignment, submission);
  const built = await runNativeStudentTests(
    assignment,
    screened.submission,
    planned.map((test) => test.mutant),
    workDir,
    {
      limits: options.limits,
      limiter: options.limiter,
      readyObject: join(shared, 'ready.o'),
      canary: join(shared, CANARY_NAME),
      wheats: wheatFolders(assignment, options.privateDir),
      budget,
    },
  );
  const verdicts = {
    ...built,
    cases: [...built.cases, ...screened.refused].sort((a, b) =>
      a.file < b.file ? -1 : a.file > b.file ? 1 : 0,
    ),
  };
  const { folder, suffix } = assignment.studentTests;
  const counting = verdicts.cases.filter((c) => c.valid).length;
  let exposed = 0;
  for (const test of planned) {
    const killedBy = verdicts.killedBy.get(test.mutant.id) ?? [];
    if (killedBy.length > 0) exposed++;
    const survived =
      verdicts.cases.length === 0
        ? `there are no tests (*${suffix}) in ${folder}/`
        : counting === 0
          ? `no test in ${folder}/ counts`
          : SURVIVED;
    outcomes.set(test.id, mutantOutcome(test, killedBy, survived));
  }
  return { outcomes, summary: { cases: verdicts.cases, exposed, mutants: tests.length } };
}
