// Grades one submission, in the order it travels: its edition and tests chosen (2-plan), its files
// staged for the sandbox (3-sandbox), each phase run (4-phases: unit tests, transcripts, the student's
// own tests, the type check), and the outcomes scored into its report (5-scoring). This file only calls
// them in turn: each phase is a file of 4-phases/.
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from './0-results/report.ts';
import { encodingNotes } from './1-submission/encoding.ts';
import { editionOf, readSubmission, type Submission } from './1-submission/submission.ts';
import { type PlannedTest, planForEdition } from './2-plan/plan.ts';
import {
  Budget,
  CANARY_NAME,
  checkTypes,
  compileNativeShared,
  compileShared,
  IsolateSandbox,
  type NativeStaging,
  realFolder,
  stageNativeSubmission,
  stageSubmission,
  stageWholeProgram,
} from './3-sandbox/door.ts';
import { runNativeTests, withEditionMutant } from './4-phases/native-tests.ts';
import type { GradeOptions } from './4-phases/options.ts';
import type { Outcome } from './4-phases/outcome.ts';
import { runOwnNativeTests } from './4-phases/student-tests/native-own.ts';
import { markKept, runOwnTests, runStudentTests } from './4-phases/student-tests.ts';
import { attribute, keepTranscripts, runTranscripts } from './4-phases/transcripts.ts';
import { runUnitTests } from './4-phases/unit.ts';
import { endlessNote, STUDENT_TOOL_NOTE, scoreReport, scoreTests } from './5-scoring/score.ts';
import type { Assignment } from './kit/assignment.ts';
import { omittedIds } from './mutants/catalogue.ts';
import { timed } from './plumbing/timings.ts';

/** The tests a run includes: a student's check sees only the visible ones. */
export function selectTests(
  plan: readonly PlannedTest[],
  options: Pick<GradeOptions, 'mode' | 'replay' | 'only' | 'filter'>,
): PlannedTest[] {
  if (options.replay !== undefined) return plan.filter((test) => test.id === options.replay?.id);
  const { only } = options;
  return plan.filter(
    (test) =>
      (options.mode === 'grade' || test.visibility === 'visible') &&
      (only === undefined ||
        only.some((prefix) => test.id.startsWith(prefix) || test.file.startsWith(prefix))) &&
      (options.filter === undefined || options.filter(test)),
  );
}

export async function gradeSubmission(
  base: Assignment,
  basePlan: readonly PlannedTest[],
  folder: string,
  options: GradeOptions,
): Promise<Report> {
  const submission = options.submission ?? readSubmission(base, folder);
  // A submission in another language is graded by that edition: the same tests, its own files.
  const assignment = editionOf(base, submission);
  const plan = planForEdition(basePlan, base, assignment);
  const omitted =
    assignment.native === undefined ? new Set<string>() : omittedIds(assignment, options.privateDir);
  const tests = selectTests(plan, options)
    // A bug the edition's language cannot have (its catalogue says why) is no test of its students'.
    .filter((test) => test.mutant === undefined || !omitted.has(test.mutant.id))
    .map((test) => withEditionMutant(test, assignment, options));
  mkdirSync(options.workRoot, { recursive: true });
  // Hosts a watch started for this folder run in the work folder it made for them (the canary's never).
  const spare =
    options.spare !== undefined && realFolder(folder) === options.spare.folder ? options.spare : undefined;
  const workDir = spare?.workDir ?? mkdtempSync(join(options.workRoot, 'submission-'));
  // Every JavaScript run of this submission in one sandboxed host, each run a fresh isolate in it
  // (without isolated-vm, a fresh `node:vm` context with the same library, in a process of its own).
  // One budget for all of this submission's builds and runs: what would start after it is spent is not run.
  const budget = new Budget(options.limits.budgetMs);
  const sandbox =
    assignment.native === undefined
      ? new IsolateSandbox({
          workDir,
          workRoot: options.workRoot,
          limits: options.limits,
          size: options.hosts ?? options.limiter.concurrency,
          // A check's runs are kept for the folder's next check (kept-runs.ts); a grade runs them all.
          keepRunsOf: options.mode === 'check' ? folder : undefined,
          // A kept run answered is charged what it took when it ran.
          budget,
          hosts: spare === undefined ? undefined : await spare.hosts,
        })
      : undefined;
  try {
    return await gradeIn(assignment, submission, tests, folder, workDir, budget, { ...options, sandbox });
  } finally {
    sandbox?.close();
  }
}

async function gradeIn(
  assignment: Assignment,
  submission: Submission,
  tests: readonly PlannedTest[],
  folder: string,
  workDir: string,
  budget: Budget,
  options: GradeOptions,
): Promise<Report> {
  // The sandbox's own uid reads the stages: it must pass through these folders (their files are
  // 0644), but no other user may list them (the private mutants lie beside the stages).
  chmodSync(options.workRoot, 0o711);
  chmodSync(workDir, 0o711);
  const { shared, staging } = await timed('preparing', async () => {
    if (assignment.native !== undefined) {
      const shared = await compileNativeShared(assignment);
      // The student's files are built like its runs: in the limiter's places, within its budget.
      const build = { limiter: options.limiter, budget, budgetMs: options.limits.budgetMs };
      const stage = assignment.native.wholeProgram === undefined ? stageNativeSubmission : stageWholeProgram;
      return { shared, staging: await stage(assignment, submission, shared, workDir, build) };
    }
    const shared = await compileShared(assignment, options.workRoot);
    return { shared, staging: await stageSubmission(assignment, submission, shared, workDir) };
  });
  const compiler = 'compiler' in staging ? (staging as NativeStaging).compiler : undefined;
  const byKind = (kind: PlannedTest['kind']) => tests.filter((test) => test.kind === kind);
  const ownOnly =
    assignment.solutionDir === undefined &&
    options.replay === undefined &&
    options.only === undefined &&
    options.filter === undefined;
  // A run of chosen tests (--only, --replay) is about those tests: the types are checked in a whole run.
  const wholeRun = options.replay === undefined && options.only === undefined && options.filter === undefined;
  const [unit, transcripts, studentTests, typeCheck] = await Promise.all([
    timed('unit', () => runUnitTests(assignment, byKind('unit'), staging, options, budget)),
    timed('transcripts', () => runTranscripts(assignment, byKind('transcript'), staging, options, budget)),
    // The student tool has no solution, so no mutant: the student's tests still run, on their own code.
    timed('studentTests', () =>
      assignment.native !== undefined
        ? ownOnly
          ? runOwnNativeTests(assignment, submission, staging, shared, workDir, {
              ...options,
              canary: join(shared, CANARY_NAME),
              budget,
            }).then((summary) => ({ outcomes: new Map<string, Outcome>(), summary }))
          : runNativeTests(assignment, byKind('mutant'), submission, shared, workDir, options, budget)
        : ownOnly
          ? runOwnTests(assignment, submission, workDir, options, staging).then((summary) => ({
              outcomes: new Map<string, Outcome>(),
              summary,
            }))
          : runStudentTests(assignment, byKind('mutant'), submission, shared, workDir, options, staging),
    ),
    // A compiled edition's types are its compiler's: its problems are in the report's `compiler`.
    (wholeRun || options.typesToo === true) && assignment.native === undefined
      ? timed('typeCheck', () => checkTypes(assignment, submission))
      : undefined,
  ]);
  const outcomes = new Map([...unit, ...transcripts, ...studentTests.outcomes]);
  attribute(tests, outcomes, assignment.transcripts.program);
  const results = scoreTests(tests, outcomes);
  if (options.keep !== undefined) keepTranscripts(assignment, tests, outcomes, options.keep);
  return scoreReport(
    assignment,
    submission,
    folder,
    options.mode,
    results,
    {
      studentTests: markKept(studentTests.summary, submission),
      loadErrors: [...staging.problems].map(([file, message]) => ({ file, message })),
      typeCheck,
      compiler,
    },
    [
      // The student tool holds no reference and no mutant: it says where the rest is scored.
      ...(assignment.solutionDir === undefined ? [STUDENT_TOOL_NOTE] : []),
      ...encodingNotes(submission),
      // A loop at the end of the input, told once for every case it cost a format.
      ...[endlessNote(results, assignment.transcripts.program)].filter((note) => note !== undefined),
    ],
  );
}
