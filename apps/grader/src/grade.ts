// Grades one submission: stages its files, runs the unit tests in harness children and the
// transcripts as programs, and scores the results with the rubric.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { LimitFunction } from 'p-limit';
import { executorBundle, studentTestsBundle } from './assignments.ts';
import type { ExecReply, ExecRequest } from './children/executor/calls.ts';
import type { Manifest } from './children/student-tests/protocol.ts';
import { PitbossError } from './errors.ts';
import { type Keeping, keptUnitCase } from './keep.ts';
import {
  type Assignment,
  type ExpectedCall,
  type Limits,
  providedModules,
  type StdinRead,
  type TranscriptCase,
} from './kit/assignment.ts';
import { decodeResults, MalformedReply } from './kit/decode.ts';
import { isKeptTest } from './kit/keep.ts';
import type { Script } from './kit/script.ts';
import type { LoadFailure, TestContext, TestFailure, UnitTest } from './kit/unit-test.ts';
import { type Mutant, omittedIds, readCatalogue } from './mutants/catalogue.ts';
import { placeOf } from './mutants/place.ts';
import { timed } from './phases.ts';
import { ALL_FILES, type PlannedTest, planForEdition, STUDENT_TESTS } from './plan.ts';
import type {
  MutantResult,
  PartScore,
  Report,
  ShorterInput,
  TestResult,
  TestStatus,
  TranscriptDiff,
} from './report/model.ts';
import { boundReport, killWords, SCHEMA_VERSION } from './report/model.ts';
import { describeCalls } from './report/words.ts';
import type { CallDeviations } from './rubric.ts';
import { compareCalls } from './runner/calls.ts';
import { studentChance, withChance } from './runner/chance.ts';
import { Budget, describeLimit, requestLimitMs, transcriptLimitMs } from './runner/limits.ts';
import {
  CANARY_NAME,
  compileNativeShared,
  HARNESS_NAME,
  type NativeStaging,
  stageNativeSubmission,
} from './runner/native.ts';
import { encodeNativeRequest } from './runner/native-calls.ts';
import { BEFORE_MAIN, type ProgramOutcome } from './runner/process.ts';
import { type ProgramRun, runPrograms } from './runner/programs.ts';
import { shrinkLines } from './runner/shrink.ts';
import { compileShared, programIn, type Staging, stageSubmission } from './runner/stage.ts';
import {
  compareTranscripts,
  describeDiff,
  describeLaterRegions,
  describeReads,
  readsShown,
} from './runner/transcript.ts';
import { checkTypes } from './runner/type-check.ts';
import { ChildWorker, type Settled } from './runner/worker.ts';
import { type ExecWorker, IsolateSandbox } from './sandbox/isolate/client.ts';
import { compileStudentTests, compileTargets } from './student-tests/compile.ts';
import { runMatrix, runOwnOnly } from './student-tests/matrix.ts';
import { runNativeStudentTests } from './student-tests/native.ts';
import { runOwnNativeTests } from './student-tests/native-own.ts';
import { screenNativeTests } from './student-tests/native-screen.ts';
import { modulesOf, wheatFolders, wheatsFor } from './student-tests/wheats.ts';
import { editionOf, readSubmission, type Submission } from './submission.ts';
import { TOOL_VERSION } from './version.ts';

export interface Replay {
  id: string;
  seed: number;
  path: string;
}

export interface GradeOptions {
  mode: 'check' | 'grade';
  /** A temporary folder for this run's compiled files. */
  workRoot: string;
  /** Bounds how many student processes run at once, across every submission of a batch. */
  limiter: LimitFunction;
  limits: Limits;
  replay?: Replay | undefined;
  /** Processes one submission's students' tests may use at once. */
  jobs?: number | undefined;
  /** Only tests whose id or file begins with one of these. */
  only?: readonly string[] | undefined;
  /** For the grader's own use: only the tests this accepts. */
  filter?: ((test: PlannedTest) => boolean) | undefined;
  /** A run of chosen tests that checks the types all the same (watch's rerun of what a save changed). */
  typesToo?: boolean | undefined;
  /** The folder as already read (readSubmission): a batch reads each submission once. */
  submission?: Submission | undefined;
  /** The instructor's private part (`--private`): its wheats/ judge students' tests too. */
  privateDir?: string | undefined;
  /** check --keep: each failing visible test's case, collected to be written as a student's test. */
  keep?: Keeping | undefined;
  /** The submission's isolate host (sandbox/isolate): every JavaScript run of it, each a fresh isolate. */
  sandbox?: IsolateSandbox | undefined;
}

const NO_STUDENT_TESTS: Report['studentTests'] = { cases: [], exposed: 0, mutants: 0 };

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
async function runStudentTests(
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

const editionCatalogues = new Map<string, Map<string, Mutant>>();

/**
 * A language edition's planned mutant test with that edition's own edit of the bug (its catalogue has
 * the same ids): read before any test runs, so a catalogue that lacks one stops the grading at once.
 */
function withEditionMutant(test: PlannedTest, assignment: Assignment, options: GradeOptions): PlannedTest {
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
 * A compiled edition's students' tests (student-tests/native.ts): the planned mutants, each as this
 * edition's own edit of the same bug (its catalogue has the same ids), against the student's tests.
 */
async function runNativeTests(
  assignment: Assignment,
  tests: readonly PlannedTest[],
  submission: Submission,
  shared: string,
  workDir: string,
  options: GradeOptions,
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

const SURVIVED = 'survived: no valid test of yours fails on it';

/** A mutant test's outcome: exposed by the tests that failed on it (a time-out counts), or survived, as `survived` says. */
function mutantOutcome(test: PlannedTest, killedBy: MutantResult['killedBy'], survived: string): Outcome {
  const mutant = mutantResult(test, killedBy);
  if (killedBy.length === 0) return { status: 'failed', message: survived, mutant };
  const timedOut = killedBy.some((kill) => 'broke' in kill && kill.broke === 'timeout');
  return {
    status: 'passed',
    message: `exposed by ${killedBy.map(killWords).join('; ')}${timedOut ? ' (a test timed out on it, which counts)' : ''}`,
    mutant,
  };
}

/** A mutant test's result as data; a bug the tests missed is told by where it lies, never by its edit (report/views.ts). */
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
async function runOwnTests(
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

type Outcome = Omit<TestResult, 'id' | 'name' | 'file' | 'kind' | 'visibility' | 'score' | 'maxScore'>;

const sandboxCopies = new Map<string, Promise<string>>();

/**
 * A bundle the sandbox runs, copied into the work root: the work root is chosen so that the sandbox's
 * user can pass through every folder above it (infrastructure.ts), which the project's own folder
 * (a 0700 home, a tool unpacked in a private folder) need not allow.
 */
function forSandbox(bundle: string, workRoot: string): Promise<string> {
  const key = `${workRoot}\0${bundle}`;
  let copy = sandboxCopies.get(key);
  if (copy === undefined) {
    copy = (async () => {
      const dir = join(workRoot, 'bundles');
      mkdirSync(dir, { recursive: true, mode: 0o711 });
      const target = join(dir, basename(bundle));
      copyFileSync(bundle, target);
      chmodSync(target, 0o644);
      return target;
    })();
    sandboxCopies.set(key, copy);
  }
  return copy;
}

/** What the student tool's reports say of what it cannot score. */
export const STUDENT_TOOL_NOTE =
  'This tool runs the visible tests. Hidden tests, and how many planted bugs (mutants) your own tests in tests/ expose, are scored when your submission is graded.';

export const formatReplay = (replay: Replay): string => `${replay.id}@${replay.seed}:${replay.path}`;

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

const expectedCache = new WeakMap<TranscriptCase, string>();
function expectedOf(assignment: Assignment, transcriptCase: TranscriptCase): string {
  let text = expectedCache.get(transcriptCase);
  if (text === undefined) {
    text = assignment.transcripts.expected(transcriptCase);
    expectedCache.set(transcriptCase, text);
  }
  return text;
}

/** The student's process stopped during a test: a limit, or it died. The test's verdict. */
/** Where a request was stopped, in the step's words, when the executor said where it was. */
function stoppedIn(stopped: Stopped): string {
  const { settled, scripts } = stopped;
  if (settled.kind !== 'limit' || settled.at === undefined || scripts === undefined) return '';
  const step = scripts[settled.at.script]?.steps[settled.at.step];
  return step === undefined ? '' : `, in ${step.text}`;
}

class Stopped extends Error {
  readonly settled: Exclude<Settled<ExecReply>, { kind: 'reply' }>;
  /** The request's scripts, to say in which call it was stopped. */
  readonly scripts: readonly Script[] | undefined;
  constructor(settled: Exclude<Settled<ExecReply>, { kind: 'reply' }>, scripts?: readonly Script[]) {
    super('stopped');
    this.settled = settled;
    this.scripts = scripts;
  }
}

/**
 * Each file's unit tests, in the grader's own process: a test draws its cases, computes the oracle's
 * answers and judges, and only the calls go to an executor child beside the student's modules (the
 * student's files and the provided ones: never the reference). A limit or a crash ends that child; the
 * next test gets a fresh one.
 */
async function runUnitTests(
  assignment: Assignment,
  tests: readonly PlannedTest[],
  staging: Staging,
  options: GradeOptions,
  budget: Budget,
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const byFile = new Map<string, PlannedTest[]>();
  for (const test of tests) byFile.set(test.file, [...(byFile.get(test.file) ?? []), test]);
  const native = assignment.native;
  // A compiled edition's calls go to its harness (linked per file, runner/native.ts), not the executor.
  const executor =
    native === undefined ? await forSandbox(await executorBundle(), options.workRoot) : undefined;
  const provided = providedModules(assignment);
  const byId = new Map(assignment.unitTests.map((test) => [test.id, test]));
  const studentNames = assignment.studentFiles.map((file) => file.name);
  const throughFile = (file: string) =>
    assignment.studentFiles.filter((other) => other.testedThrough === file).map((other) => other.name);
  await Promise.all(
    [...byFile].map(([file, fileTests]) =>
      options.limiter(async () => {
        // The file's own problem, and those of the files tested through it (StudentFile.testedThrough).
        const problem = [file, ...throughFile(file)].flatMap((name) => staging.problems.get(name) ?? []);
        if (problem.length > 0) {
          for (const test of fileTests)
            outcomes.set(test.id, { status: 'load-error', message: problem.join('; ') });
          return;
        }
        const cwd = staging.stage(native === undefined ? 'all' : [file], {}, { unitTests: true });
        const worker: ExecWorker =
          options.sandbox !== undefined && native === undefined
            ? options.sandbox.executor(cwd, provided)
            : new ChildWorker<ExecReply>({
                script: executor ?? join(cwd, HARNESS_NAME),
                readable: [],
                cwd,
                limits: options.limits,
                preamble: native === undefined ? [JSON.stringify({ provided })] : [],
                handshake: true,
                progress: true,
                ...(native === undefined
                  ? {}
                  : {
                      native: true,
                      canary: (staging as NativeStaging).canary,
                      encode: (request: object) =>
                        encodeNativeRequest(request as ExecRequest, (argument) =>
                          native.encodeArgument(argument),
                        ),
                    }),
              });
        try {
          // A file whose tests have hung HANGS_TO_STOP times hangs on the rest: they get that verdict
          // without waiting for it again (in the plan's order, one after another: always the same ones).
          const hangs: string[] = [];
          for (const test of fileTests) {
            const unit = byId.get(test.id);
            if (unit === undefined) throw new Error(`no unit test ${test.id} in ${assignment.name}`);
            if (hangs.length >= HANGS_TO_STOP) {
              outcomes.set(test.id, notRunAfterHangs(file, hangs));
              continue;
            }
            const told: { call: string; file: string }[] = [];
            const outcome = withChance(
              await runUnitTest(unit, test, worker, assignment, options, budget, told),
              studentChance(told, studentNames),
            );
            if (hung(outcome)) hangs.push(test.name);
            outcomes.set(test.id, outcome);
          }
        } finally {
          worker.close();
        }
      }),
    ),
  );
  return outcomes;
}

/** A TypeScript file's module in a stage (`deck.ts` -> `deck.mjs`). */
const moduleFile = (name: string) => `${name.replace(/\.ts$/, '')}.mjs`;

/** Outcomes the submission's spent budget gave: no hang of the code's own. */
const budgetStops = new WeakSet<Outcome>();
const byBudget = (outcome: Outcome): Outcome => {
  budgetStops.add(outcome);
  return outcome;
};
/** Whether an outcome says the code hung: its own time limit, never the budget or the machinery. */
const hung = (outcome: Outcome | undefined): boolean =>
  outcome?.status === 'timeout' && outcome.infrastructure !== true && !budgetStops.has(outcome);

/** How many of a file's tests (or a linking's runs) may time out before the rest are not run. */
const HANGS_TO_STOP = 2;
/** A linking's runs started together while none has hung: a few, so that a hang found stops the rest soon. */
const WAVE = 4;

/** A run is long when its time limit is at least this many times the median of its linking's. */
const LONG = 4;

/** The runs among `runs` whose limit (from their expected output's length) marks them long. */
function longRuns(runs: readonly ProgramRun[]): ProgramRun[] {
  const limits = runs.map((each) => each.timeoutMs ?? 0).sort((a, b) => a - b);
  const median = limits[Math.floor(limits.length / 2)] ?? 0;
  return runs.filter((each) => median > 0 && (each.timeoutMs ?? 0) >= LONG * median);
}

/** The verdict of a test not run because the code it needs already hung on `hangs` (their names). */
const notRunAfterHangs = (what: string, hangs: readonly string[]): Outcome => ({
  status: 'timeout',
  // Said as what it is, a rule: this test might have passed, but code that hung twice does not get
  // the machine's time for every test left.
  message: `not run: ${what} already ran out of time on ${hangs.length === 1 ? 'the test' : `the ${hangs.length} tests`} before it, and after ${HANGS_TO_STOP} time-outs the rest are not run (they count as failed)`,
});

let requests = 0;

async function runUnitTest(
  unit: UnitTest,
  test: PlannedTest,
  worker: ExecWorker,
  assignment: Assignment,
  options: GradeOptions,
  budget: Budget,
  /** Filled with the uses of chance the executor tells in its replies. */
  chanceTold: { call: string; file: string }[],
): Promise<Outcome> {
  const { numRuns } = assignment;
  const { limits, replay } = options;
  if (budget.left() <= 0)
    return byBudget({ status: 'timeout', message: `the test ${describeLimit('budget', limits, 0)}` });
  // Each run against the student's code (the test, then a kept case's replay) has its own deadline.
  const execUntil = (deadline: number): TestContext['exec'] => {
    const deadlineByBudget = budget.left() < limits.testTimeoutMs;
    return async (scripts) => {
      const stop = budget.start();
      const id = ++requests;
      // Each request may use the CPU time its calls need (a busy loop costs seconds, whatever the
      // machine's load); wall time is what the test (or the budget) has left, for code that sleeps.
      const steps = scripts.reduce((sum, script) => sum + script.steps.length, 0);
      const cpuLimitMs = requestLimitMs(limits, steps);
      const wallLeft = deadline - Date.now();
      const byBudget = deadlineByBudget || budget.left() < wallLeft;
      const settled = await worker.run(
        { id, scripts: scripts.map((script) => script.wire()) },
        String(id),
        (reply) => String(reply.id),
        Math.max(1, Math.min(wallLeft, budget.left())),
        limits.testTimeoutMs,
        cpuLimitMs,
      );
      stop();
      if (settled.kind === 'limit' && settled.hit === 'time' && byBudget)
        throw new Stopped({ kind: 'limit', hit: 'budget', message: describeLimit('budget', limits, 0) });
      if (settled.kind !== 'reply') throw new Stopped(settled, scripts as readonly Script[]);
      // The child's own word, of any shape: only pairs of strings are read.
      const chance: unknown = settled.reply.chance;
      if (Array.isArray(chance))
        for (const pair of chance as unknown[])
          if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string')
            chanceTold.push({ call: pair[0], file: pair[1] });
      return decodeResults(
        settled.reply.results,
        scripts.map((script) => script.steps.length),
      );
    };
  };
  const exec = execUntil(Date.now() + Math.min(limits.testTimeoutMs, budget.left()));
  try {
    await unit.run({
      exec,
      seed: replay?.seed ?? test.seed,
      numRuns,
      replayPath: replay?.path,
    });
    return { status: 'passed' };
  } catch (error) {
    if (error instanceof Stopped) {
      const { settled } = error;
      worker.close();
      if (settled.kind === 'limit') {
        const outcome = {
          status: LIMIT_STATUS[settled.hit],
          message: `the test ${settled.message}${stoppedIn(error)}`,
        };
        return settled.hit === 'budget' ? byBudget(outcome) : outcome;
      }
      if (settled.infrastructure === true)
        return { status: 'runtime-error', message: settled.message, infrastructure: true };
      return { status: 'runtime-error', message: `${settled.message} during the test` };
    }
    if (error instanceof MalformedReply) {
      worker.close();
      return {
        status: 'runtime-error',
        message: `${error.message} (did the code change a built-in the process needs to answer?)`,
      };
    }
    // The suites are bundled with their own copy of the kit: failures are told apart by their code.
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'TEST_FAILED') {
      const failure = error as TestFailure;
      if (options.keep !== undefined && test.visibility === 'visible')
        await keepUnit(assignment, unit, test, failure, options, {
          exec: execUntil(Date.now() + Math.min(limits.testTimeoutMs, budget.left())),
          close: () => worker.close(),
        });
      return {
        status: failure.status,
        message: failure.message,
        replay:
          failure.replay === undefined
            ? undefined
            : formatReplay({ id: test.id, seed: failure.replay.seed, path: failure.replay.path }),
      };
    }
    if (code === 'LOAD_FAILED') return { status: 'load-error', message: (error as LoadFailure).message };
    // The test itself (the grader's code) failed: never the student's fault.
    throw error;
  }
}

/** check --keep: a failing visible unit test's smallest failing case, kept (or why it is not). */
async function keepUnit(
  assignment: Assignment,
  unit: UnitTest,
  test: PlannedTest,
  failure: TestFailure,
  options: GradeOptions,
  student: { exec: TestContext['exec']; close: () => void },
): Promise<void> {
  const keeping = options.keep!;
  const seed = options.replay?.seed ?? test.seed;
  let found: Awaited<ReturnType<typeof keptUnitCase>>;
  try {
    found = await keptUnitCase(
      assignment,
      unit,
      failure,
      { seed, numRuns: assignment.numRuns, workRoot: options.workRoot },
      student.exec,
    );
  } catch (error) {
    // The student's process hit a limit on the replay: the report's verdict stands, nothing is kept.
    if (error instanceof Stopped) {
      student.close();
      found = { why: `replaying its case ${error.settled.message}` };
    } else if (error instanceof MalformedReply) {
      student.close();
      found = { why: error.message };
    } else throw error;
  }
  if ('why' in found) {
    keeping.notKept.set(test.id, found.why);
    return;
  }
  const replayId =
    failure.replay === undefined
      ? undefined
      : formatReplay({ id: test.id, seed: failure.replay.seed, path: failure.replay.path });
  keeping.units.push({
    testId: test.id,
    name: test.name,
    file: test.file,
    steps: found.steps,
    message: failure.message,
    rerun:
      replayId === undefined ? `pitboss check . --only ${test.id}` : `pitboss check . --replay ${replayId}`,
  });
}

/** The verdict a limit gives: its own status, and a message naming the limit and its value. */
const LIMIT_STATUS = {
  time: 'timeout',
  cpu: 'timeout',
  memory: 'memory-limit',
  output: 'output-limit',
  budget: 'timeout',
} as const;

async function runTranscripts(
  assignment: Assignment,
  tests: readonly PlannedTest[],
  staging: Staging,
  options: GradeOptions,
  budget: Budget,
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const { program } = assignment.transcripts;
  const studentFiles = assignment.studentFiles.map((file) => file.name);
  const stages = new Map<string, string>();
  // A linked run records its program's calls to the reference's files when the assignment checks them.
  const recording = { recording: assignment.transcripts.calls !== undefined };
  const stageFor = (linking: 'linked' | 'own') => {
    let dir = stages.get(linking);
    if (dir === undefined) {
      dir = staging.stage(linking === 'linked' ? [program] : 'all', {}, recording);
      stages.set(linking, dir);
    }
    return dir;
  };
  const runs: ProgramRun[] = [];
  const timeoutOf = new Map<string, number>();
  for (const test of tests) {
    const { case: transcriptCase, linking } = test.transcript!;
    const needed = linking === 'linked' ? [program] : studentFiles;
    const problems = needed.flatMap((file) => staging.problems.get(file) ?? []);
    const linkProblem = staging.linkProblem?.(linking === 'linked' ? [program] : 'all');
    if (problems.length > 0 || linkProblem !== undefined) {
      outcomes.set(test.id, {
        status: 'load-error',
        message: [...problems, ...(linkProblem ?? [])].join('; '),
      });
      continue;
    }
    // A case with files of its own gets a stage of its own, the files beside the program.
    const dir =
      transcriptCase.files === undefined
        ? stageFor(linking)
        : staging.stage(linking === 'linked' ? [program] : 'all', transcriptCase.files, recording);
    const file = programIn(assignment, dir);
    const timeoutMs = transcriptLimitMs(options.limits, lineCount(expectedOf(assignment, transcriptCase)));
    timeoutOf.set(test.id, timeoutMs);
    runs.push({
      key: test.id,
      file,
      cwd: dir,
      args: transcriptCase.words,
      stdin: transcriptCase.stdin,
      timeoutMs,
      native: assignment.native !== undefined,
      ...(assignment.native === undefined ? {} : { canary: (staging as NativeStaging).canary }),
      // The course's files of a linked run, apart from the student's program (sandbox/isolate).
      ...(linking === 'linked'
        ? {
            apart: studentFiles.filter((name) => name !== program).map(moduleFile),
            provided: assignment.providedFiles.map((provided) => moduleFile(provided.name)),
          }
        : {}),
    });
  }
  const caseOf = new Map(tests.map((test) => [test.id, test.transcript!.case]));
  const linkingOf = new Map(tests.map((test) => [test.id, test.transcript!.linking]));
  const nameOf = new Map(tests.map((test) => [test.id, test.name]));
  const callsOf = new Map(tests.map((test) => [test.id, test.transcript!.calls]));
  /** What each run that ended by itself printed, for the repeat below. */
  const printed = new Map<string, Buffer>();
  // Each run a fresh sandboxed process of its own (runner/programs.ts): no run sees another.
  const run = (some: readonly ProgramRun[]) =>
    runPrograms(some, {
      limits: options.limits,
      limiter: options.limiter,
      budget,
      sandbox: options.sandbox,
      done: (id, outcome) => {
        if (outcome.limit === undefined && outcome.infrastructure !== true) printed.set(id, outcome.stdout);
        const judged = judgeTranscript(
          program,
          expectedOf(assignment, caseOf.get(id)!),
          outcome,
          options.limits,
          timeoutOf.get(id) ?? options.limits.programTimeoutMs,
          linkingOf.get(id) === 'linked',
          assignment.transcripts.reads?.(caseOf.get(id)!),
        );
        const calls = callsOf.get(id);
        // A linked run's other files are the reference's: only the program is the student's.
        const own = linkingOf.get(id) === 'linked' ? [program] : studentFiles;
        outcomes.set(
          id,
          withChance(
            calls === undefined
              ? judged
              : judgeCalls(judged, outcome, program, calls, () => callsExpected(assignment, caseOf.get(id)!)),
            studentChance(outcome.chance, own),
          ),
        );
      },
    });
  // Each linking's runs go in waves, in the plan's order: its first HANGS_TO_STOP, then WAVE at a time
  // while none has hung, one at a time once one has. When HANGS_TO_STOP of a linking's runs have run out
  // of time, the program hangs: the rest of that linking get that verdict without waiting for it again,
  // so a program that hangs in most cases costs a few limits, not one per case. Which runs decide is
  // fixed by the plan's order and the verdicts, never by which finished first or by --jobs.
  const linkings = [...new Set(runs.map((each) => linkingOf.get(each.key)!))];
  const pending = new Map(
    linkings.map((linking) => [linking, runs.filter((each) => linkingOf.get(each.key) === linking)]),
  );
  const hangsIn = new Map(linkings.map((linking) => [linking, [] as string[]]));
  // A linking's long runs (the 5000-hand game) start as soon as its first wave ends without a hang,
  // beside the waves, rather than last: the same verdicts (each is taken in its wave's turn, and one
  // the waves would not have run is told so), the wall time of the longest run instead of its sum.
  const early = new Map<string, Promise<void>>();
  for (let wave = 0; [...pending.values()].some((left) => left.length > 0); wave++) {
    const now = linkings.flatMap((linking) => {
      const hangs = hangsIn.get(linking)!.length;
      const size = wave === 0 ? HANGS_TO_STOP : hangs > 0 ? 1 : WAVE;
      return pending.get(linking)!.splice(0, size);
    });
    await Promise.all([
      run(now.filter((each) => !early.has(each.key))),
      ...now.flatMap((each) => early.get(each.key) ?? []),
    ]);
    for (const each of now) {
      if (hung(outcomes.get(each.key))) hangsIn.get(linkingOf.get(each.key)!)!.push(nameOf.get(each.key)!);
    }
    for (const linking of linkings) {
      const hangs = hangsIn.get(linking)!;
      if (hangs.length < HANGS_TO_STOP) {
        if (wave === 0 && hangs.length === 0)
          for (const each of longRuns(pending.get(linking)!)) early.set(each.key, run([each]));
        continue;
      }
      for (const each of pending.get(linking)!.splice(0)) {
        await early.get(each.key);
        printed.delete(each.key);
        outcomes.set(
          each.key,
          notRunAfterHangs(linking === 'linked' ? program : `${program} with all your files`, hangs),
        );
      }
    }
  }
  await repeatFirstRuns(
    runs.filter((each) => printed.has(each.key)),
    linkingOf,
    printed,
    outcomes,
    program,
    options,
    budget,
  );
  // The first failing case of each linking in a group that shrinks is cut down to a shorter stdin.
  const groups = assignment.transcripts.shrink?.groups ?? [];
  const shrinking = linkings.flatMap((linking) => {
    const failing = runs.find((each) => {
      const outcome = outcomes.get(each.key)!;
      const transcriptCase = caseOf.get(each.key)!;
      return (
        linkingOf.get(each.key) === linking &&
        groups.includes(transcriptCase.group) &&
        transcriptCase.stdin !== undefined &&
        outcome.diff !== undefined &&
        outcome.infrastructure !== true
      );
    });
    return failing === undefined ? [] : [failing];
  });
  await Promise.all(
    shrinking.map(async (failing) => {
      const linked = linkingOf.get(failing.key) === 'linked';
      const shorter = await shorterInput(
        assignment,
        failing,
        caseOf.get(failing.key)!,
        linked,
        options,
        budget,
      );
      if (shorter === undefined) return;
      const outcome = outcomes.get(failing.key)!;
      outcomes.set(failing.key, {
        ...outcome,
        message: `${outcome.message}; a shorter input shows a difference too: ${shorter.lines} of the ${shorter.originalLines} lines typed (shown below)`,
        shorterInput: shorter,
      });
    }),
  );
  return outcomes;
}

/**
 * Chance the sandbox cannot repeat (children/chance.ts makes the usual sources repeatable; timers
 * racing, or a realm of the code's own making, are not) shows as a program that prints otherwise when
 * run again on the same input. The first run of each linking that ended by itself (`ran`, in the plan's
 * order: always the same ones) runs once more; a difference fails its test, naming the first line that
 * differs and never what is on it (a linked run's output is withheld). A second run stopped by a limit
 * says nothing of chance and changes nothing.
 */
async function repeatFirstRuns(
  ran: readonly ProgramRun[],
  linkingOf: ReadonlyMap<string, 'linked' | 'own'>,
  printed: ReadonlyMap<string, Buffer>,
  outcomes: Map<string, Outcome>,
  program: string,
  options: GradeOptions,
  budget: Budget,
): Promise<void> {
  const linkings = [...new Set(ran.map((each) => linkingOf.get(each.key)!))];
  const again = linkings.map((linking) => ran.find((each) => linkingOf.get(each.key) === linking)!);
  await runPrograms(again, {
    limits: options.limits,
    limiter: options.limiter,
    budget,
    sandbox: options.sandbox,
    done: (id, second) => {
      if (second.limit !== undefined || second.infrastructure === true) return;
      const first = printed.get(id)!;
      if (first.equals(second.stdout)) return;
      const line = firstDifferentLine(first.toString('utf8'), second.stdout.toString('utf8'));
      const outcome = outcomes.get(id)!;
      outcomes.set(id, {
        ...outcome,
        status: 'failed',
        message: `run twice on the same input, your ${program} printed something else the second time, from line ${line}: what it prints must depend only on its input (timers racing each other, or chance the grader cannot make repeat, such as a new realm's Math.random, make it differ)${outcome.status === 'passed' ? '' : `; the first run: ${outcome.message ?? outcome.status}`}`,
        unrepeatable: { line },
      });
    },
  });
}

/** The number of the first line two outputs differ on (from 1). */
function firstDifferentLine(first: string, second: string): number {
  const a = first.split('\n');
  const b = second.split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  return line + 1;
}

/**
 * The shortest stdin (in lines, runner/shrink.ts) with which a failing case's program still differs
 * from the reference, each candidate a run like the case's own; undefined when no line could go. Only
 * the shrinking's own runs are spent on it: the case's verdict and score stay as they were.
 */
async function shorterInput(
  assignment: Assignment,
  failing: ProgramRun,
  transcriptCase: TranscriptCase,
  /** A linked run: its output is withheld, as the case's own. */
  withhold: boolean,
  options: GradeOptions,
  budget: Budget,
): Promise<ShorterInput | undefined> {
  const { program } = assignment.transcripts;
  const stdin = transcriptCase.stdin!;
  const ending = stdin.endsWith('\n') ? '\n' : '';
  const lines = (ending === '' ? stdin : stdin.slice(0, -1)).split('\n');
  const textOf = (candidate: readonly string[]) =>
    candidate.length === 0 ? '' : `${candidate.join('\n')}${ending}`;
  const judgeWith = (input: string, expected: string, run: ProgramOutcome): Outcome => {
    const shorterCase = { ...transcriptCase, stdin: input };
    return judgeTranscript(
      program,
      expected,
      run,
      options.limits,
      options.limits.programTimeoutMs,
      withhold,
      assignment.transcripts.reads?.(shorterCase),
    );
  };
  const judged = new Map<string, Outcome>();
  // A program that hangs on a shorter input would cost every later candidate its whole limit: the
  // first run stopped by a limit ends the search, with the shortest input found so far.
  let stopped = false;
  const fails = async (candidate: readonly string[]): Promise<boolean> => {
    if (stopped) return false;
    const input = textOf(candidate);
    const expected = assignment.transcripts.expected({ ...transcriptCase, stdin: input });
    let outcome: ProgramOutcome | undefined;
    await runPrograms(
      [{ ...failing, stdin: input, timeoutMs: transcriptLimitMs(options.limits, lineCount(expected)) }],
      {
        limits: options.limits,
        limiter: options.limiter,
        budget,
        sandbox: options.sandbox,
        done: (_, each) => {
          outcome = each;
        },
      },
    );
    // A run stopped by a limit shows no difference of its output: it is not kept.
    if (outcome === undefined || outcome.limit !== undefined || outcome.infrastructure === true) {
      stopped = true;
      return false;
    }
    const verdict = judgeWith(input, expected, outcome);
    if (verdict.diff === undefined) return false;
    judged.set(input, verdict);
    return true;
  };
  const shrunk = await shrinkLines(lines, fails);
  if (shrunk.lines.length >= lines.length) return undefined;
  const input = textOf(shrunk.lines);
  const verdict = judged.get(input)!;
  return {
    stdin: input,
    lines: shrunk.lines.length,
    originalLines: lines.length,
    diff: verdict.diff!,
    message: verdict.message ?? '',
  };
}

const expectedCalls = new WeakMap<TranscriptCase, readonly ExpectedCall[]>();
function callsExpected(assignment: Assignment, transcriptCase: TranscriptCase): readonly ExpectedCall[] {
  let calls = expectedCalls.get(transcriptCase);
  if (calls === undefined) {
    calls = assignment.transcripts.calls!.expected(transcriptCase);
    expectedCalls.set(transcriptCase, calls);
  }
  return calls;
}

/**
 * A linked run's verdict with its calls to the reference's files (CallsCheck) checked too. A run that
 * ended by itself is compared: a deviation is told with a wrong transcript, and with a right one is a
 * warning, or a failure where the rubric scores calls (`scored`).
 */
function judgeCalls(
  judged: Outcome,
  run: ProgramOutcome,
  program: string,
  costs: CallDeviations,
  expected: () => readonly ExpectedCall[],
): Outcome {
  if (run.limit !== undefined || run.infrastructure === true) return judged;
  const scored = costs === 'scored';
  const deviation = compareCalls(expected(), run.calls, { cut: run.callsCut, scored });
  if (deviation === undefined) return judged;
  if (judged.status === 'passed') {
    if (!scored) return { ...judged, calls: deviation };
    return {
      status: 'failed',
      message: `the transcript is right, but ${describeCalls(deviation, program)}`,
      calls: deviation,
    };
  }
  return {
    ...judged,
    message: `${judged.message}; ${describeCalls(deviation, program)}`,
    calls: { ...deviation, scored: true },
  };
}

/** The last `count` lines a program printed (a partial last line included), each cut to 200 characters. */
function lastLines(stdout: Buffer, count: number): string[] {
  const tail = stdout.subarray(Math.max(0, stdout.length - 4096)).toString('utf8');
  return tail
    .split('\n')
    .filter((line, i, all) => line !== '' || i < all.length - 1)
    .slice(-count)
    .map((line) => (line.length > 200 ? `${line.slice(0, 200)}...` : line));
}

/** Lines of a text, as a transcript counts them. */
const lineCount = (text: string): number => text.split('\n').length;

/**
 * A run's verdict. `withhold`: the run had the reference's files beside it (linked), which it could
 * have printed to stdout or stderr, so nothing it printed is told: only where it first differs from the
 * expected text, and how it ended.
 */
function judgeTranscript(
  program: string,
  expected: string,
  run: ProgramOutcome,
  limits: Limits,
  timeoutMs: number,
  withhold: boolean,
  /** Where the reference read its stdin (TranscriptSuite.reads): told with the difference. */
  reads?: readonly StdinRead[] | undefined,
): Outcome {
  if (run.infrastructure === true) {
    const why = run.stderr.trim().split('\n').slice(-2).join(' | ');
    return {
      status: 'runtime-error',
      message: `the sandboxed process for ${program} ended before it could start${why ? `: ${why}` : ''}`,
      infrastructure: true,
    };
  }
  if (run.limit !== undefined) {
    const stopped = `${program} ${describeLimit(run.limit, limits, run.limit === 'cpu' ? timeoutMs : limits.programTimeoutMs)}`;
    // What it was doing when it was stopped (an endless `cut at` loop shows itself); never for a run
    // beside the reference's files, which it could have printed.
    const last = withhold ? [] : lastLines(run.stdout, 3);
    const outcome = {
      status: LIMIT_STATUS[run.limit],
      message: last.length === 0 ? stopped : `${stopped}; the last lines it printed:\n${last.join('\n')}`,
    };
    return run.limit === 'budget' ? byBudget(outcome) : outcome;
  }
  const actual = run.stdout.toString('utf8');
  const found = compareTranscripts(expected, actual, { regions: !withhold });
  const lastError = withhold ? undefined : thrownLine(run.stderr);
  // A program that ended before main ended wrongly, whatever its status.
  const crashed = run.status !== 0 || run.beforeMain === true;
  const exit = crashed
    ? `${program} ${run.signal === null ? `exited with status ${run.status}` : `was killed by ${run.signal}`}${run.beforeMain === true ? ` ${BEFORE_MAIN}` : ''}${lastError ? ` (${lastError})` : ''}`
    : undefined;
  if (found === undefined) {
    return crashed
      ? { status: 'runtime-error', message: `${exit} after printing the right transcript` }
      : { status: 'passed' };
  }
  // A run beside the reference's files shows where it first differs and nothing more of its output.
  const diff: TranscriptDiff = withhold
    ? { ...found, actual: { from: found.actual.from, lines: [] }, withheld: true }
    : found;
  const typed = reads === undefined ? [] : readsShown(reads, found);
  if (typed.length > 0) diff.typed = typed;
  const said = [
    withhold ? describeWithheld(found) : describeDiff(found),
    reads === undefined ? undefined : describeReads(reads, found.line),
    withhold ? undefined : describeLaterRegions(found),
  ]
    .filter(Boolean)
    .join('; ');
  return {
    status: crashed ? 'runtime-error' : 'failed',
    message: [exit, said].filter(Boolean).join('; '),
    diff,
  };
}

/** The first difference, without the program's own line. */
function describeWithheld(diff: TranscriptDiff): string {
  const wanted = diff.expected.lines[diff.line - diff.expected.from];
  const expected = wanted === undefined ? 'the end of the output' : JSON.stringify(wanted);
  const lead = `line ${diff.line} differs: expected ${expected} (what your program printed is not shown here: it ran with the reference's files)`;
  return diff.whitespaceOnly ? `${lead}; only whitespace differs` : lead;
}

/** The line of a crashed program's stderr that says what it threw (Node prints it after the source excerpt). */
function thrownLine(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('Node.js v'));
  return lines.find((line) => /^([A-Z]\w*(Error|Exception)|Uncaught|Error)\b/.test(line)) ?? lines.at(-1);
}

/** When the student's files together fail where their program alone passed, name the likely culprits. */
function attribute(tests: readonly PlannedTest[], outcomes: Map<string, Outcome>, program: string): void {
  const failedFiles = [
    ...new Set(
      tests
        .filter((test) => test.kind === 'unit' && outcomes.get(test.id)?.status !== 'passed')
        .map((test) => test.file),
    ),
  ];
  // The linked run of each case, found by the case itself, never by taking an id apart.
  const linkedOf = new Map(
    tests
      .filter((test) => test.transcript?.linking === 'linked')
      .map((test) => [test.transcript!.case, test.id]),
  );
  for (const test of tests) {
    if (test.transcript?.linking !== 'own') continue;
    const own = outcomes.get(test.id);
    if (own === undefined || own.status === 'passed' || own.status === 'load-error') continue;
    const linkedId = linkedOf.get(test.transcript.case);
    if (linkedId === undefined || outcomes.get(linkedId)?.status !== 'passed') continue;
    own.suspects = failedFiles;
    const suspects = failedFiles.length > 0 ? failedFiles.join(', ') : 'another of your files';
    own.message = `${own.message}. Your ${program} gets this case right with the reference files, so the difference comes from ${suspects}: see the tests of ${failedFiles.length === 1 ? 'that file' : 'those files'}`;
  }
}

/**
 * How many of the expected output's lines a kept transcript compares: through the first that differs,
 * when the program's own line there (as the kept test splits its stdout) is known to differ, so the
 * shorter test still fails; undefined (the whole output) when that is not sure or saves nothing.
 */
function linesThrough(expected: string, diff: TranscriptDiff): number | undefined {
  const want = expected.split('\n');
  const n = diff.line;
  if (n >= want.length) return undefined;
  let got: string | undefined;
  if (n <= diff.actualLines) {
    got = diff.actual.lines[n - diff.actual.from];
    if (got === undefined) return undefined;
  } else if (n === diff.actualLines + 1 && diff.finalNewline?.actual === true) got = '';
  return got === want[n - 1] ? undefined : n;
}

/**
 * check --keep: each visible transcript the student's own files print wrong, kept as its words, its
 * stdin and the expected output (a visible case shows it already) through its first difference. A linked run's failure is
 * the student's program beside the reference's files, which their own test cannot run: only `own`.
 */
function keepTranscripts(
  assignment: Assignment,
  tests: readonly PlannedTest[],
  outcomes: ReadonlyMap<string, Outcome>,
  keeping: Keeping,
): void {
  for (const test of tests) {
    const outcome = outcomes.get(test.id);
    if (test.transcript?.linking !== 'own' || test.visibility !== 'visible' || outcome === undefined)
      continue;
    if (outcome.status === 'passed') continue;
    const transcriptCase = test.transcript.case;
    if (outcome.status !== 'failed') {
      keeping.notKept.set(test.id, `it ended in ${outcome.status}, not a difference in its output`);
      continue;
    }
    if (transcriptCase.files !== undefined) {
      keeping.notKept.set(test.id, 'its words name files the grader writes beside the program');
      continue;
    }
    const expected = assignment.transcripts.expected(transcriptCase);
    const lines = outcome.diff === undefined ? undefined : linesThrough(expected, outcome.diff);
    keeping.transcripts.push({
      testId: test.id,
      name: test.name,
      program: assignment.transcripts.program,
      words: transcriptCase.words,
      stdin: transcriptCase.stdin,
      expected,
      ...(lines === undefined ? {} : { lines }),
      message: outcome.message ?? 'its output differs',
      rerun: `pitboss check . --only ${test.id}`,
    });
  }
}

/** The files `check --keep` wrote, marked in the student's tests: the grader's cases, never theirs. */
function markKept(summary: Report['studentTests'], submission: Submission): Report['studentTests'] {
  return {
    ...summary,
    cases: summary.cases.map((test) =>
      isKeptTest(test.file, submission.snapshot.files.get(test.file)?.toString('utf8') ?? '')
        ? { ...test, valid: false, kept: true }
        : test,
    ),
  };
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
  const workDir = mkdtempSync(join(options.workRoot, 'submission-'));
  // Every JavaScript run of this submission in one sandboxed host, each run a fresh isolate in it
  // (without isolated-vm, a fresh `node:vm` context with the same library, in a process of its own).
  const sandbox =
    assignment.native === undefined
      ? new IsolateSandbox({
          workDir,
          workRoot: options.workRoot,
          limits: options.limits,
          size: options.limiter.concurrency,
          // A check's runs are kept for the folder's next check (kept-runs.ts); a grade runs them all.
          keepRunsOf: options.mode === 'check' ? folder : undefined,
        })
      : undefined;
  try {
    return await gradeIn(assignment, submission, tests, folder, workDir, { ...options, sandbox });
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
  options: GradeOptions,
): Promise<Report> {
  // The sandbox's own uid reads the stages: it must pass through these folders (their files are
  // 0644), but no other user may list them (the private mutants lie beside the stages).
  chmodSync(options.workRoot, 0o711);
  chmodSync(workDir, 0o711);
  // One budget for all of this submission's builds and runs: what would start after it is spent is not run.
  const budget = new Budget(options.limits.budgetMs);
  const { shared, staging } = await timed('preparing', async () => {
    if (assignment.native !== undefined) {
      const shared = await compileNativeShared(assignment);
      // The student's files are built like its runs: in the limiter's places, within its budget.
      const build = { limiter: options.limiter, budget, budgetMs: options.limits.budgetMs };
      return { shared, staging: await stageNativeSubmission(assignment, submission, shared, workDir, build) };
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
            }).then((summary) => ({ outcomes: new Map<string, Outcome>(), summary }))
          : runNativeTests(assignment, byKind('mutant'), submission, shared, workDir, options)
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

  const results: TestResult[] = tests.map((test) => {
    const outcome = outcomes.get(test.id) ?? {
      status: 'runtime-error' as TestStatus,
      message: 'the test did not run',
    };
    return {
      id: test.id,
      name: test.name,
      file: test.file,
      kind: test.kind,
      visibility: test.visibility,
      score: outcome.status === 'passed' ? test.points : 0,
      maxScore: test.points,
      ...outcome,
      ...(test.transcript === undefined
        ? {}
        : { transcript: { linking: test.transcript.linking, words: [...test.transcript.case.words] } }),
      // Every hint of a failing test, with its condition: the report is the same on every run, and a
      // student's check drops those not due yet (hints.ts); a fault of the machinery is no evidence.
      ...(test.hint === undefined || outcome.status === 'passed' || outcome.infrastructure === true
        ? {}
        : { hint: test.hint }),
    };
  });
  if (options.keep !== undefined) keepTranscripts(assignment, tests, outcomes, options.keep);
  const parts: PartScore[] = [];
  for (const file of [...assignment.studentFiles.map((f) => f.name), ALL_FILES, STUDENT_TESTS]) {
    const partTests = results.filter((result) => result.file === file);
    if (partTests.length === 0) continue;
    parts.push({
      file,
      score: partTests.reduce((sum, result) => sum + result.score, 0),
      maxScore: partTests.reduce((sum, result) => sum + result.maxScore, 0),
    });
  }
  // Every string a submission could make long is cut before the report is stored or rendered.
  return boundReport({
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'pitboss', version: TOOL_VERSION },
    assignment: { name: assignment.name, title: assignment.title, version: assignment.version },
    mode: options.mode,
    seed: assignment.seed,
    submission: { name: submission.name, path: folder, hash: submission.hash },
    score: results.reduce((sum, result) => sum + result.score, 0),
    maxScore: results.reduce((sum, result) => sum + result.maxScore, 0),
    parts,
    studentTests: markKept(studentTests.summary, submission),
    loadErrors: [...staging.problems].map(([file, message]) => ({ file, message })),
    ...(typeCheck === undefined ? {} : { typeCheck }),
    ...(compiler === undefined ? {} : { compiler }),
    ...(assignment.native === undefined ? {} : { language: assignment.native.name }),
    tests: results,
    ...notesOf([
      // The student tool holds no reference and no mutant: it says where the rest is scored.
      ...(assignment.solutionDir === undefined ? [STUDENT_TOOL_NOTE] : []),
      ...encodingNotes(submission),
    ]),
  });
}

const notesOf = (notes: string[]) => (notes.length === 0 ? {} : { notes });

/** How a note on a file's encoding ends: a note of the submission's own content, kept with its report. */
export const ENCODING_NOTE_END =
  ': it was read as UTF-8 all the same, each byte that is not as \ufffd, which is what its strings print; save it as UTF-8';

/** Files read as code or tests: the ones whose encoding changes what is graded. */
const TEXT_SOURCE = /\.(ts|mts|cts|js|mjs|cjs|cpp|cc|h|hpp)$/;

/**
 * A note for each source that is not UTF-8 (saved as Latin-1 or UTF-16, say): it is read as UTF-8
 * all the same, each bad byte as U+FFFD, so a string it prints shows `�` and the report says why.
 */
function encodingNotes(submission: Submission): string[] {
  const strict = new TextDecoder('utf-8', { fatal: true });
  const notes: string[] = [];
  for (const [path, bytes] of [...submission.snapshot.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!TEXT_SOURCE.test(path)) continue;
    try {
      strict.decode(bytes);
    } catch {
      const at = firstBadByte(bytes);
      const line = bytes.subarray(0, at).filter((byte) => byte === 0x0a).length + 1;
      notes.push(
        `${path} is not UTF-8 text (byte 0x${bytes[at]!.toString(16).padStart(2, '0')} on line ${line})${ENCODING_NOTE_END}`,
      );
    }
  }
  return notes;
}

/** Where the first sequence that is not UTF-8 starts (WHATWG's decoder takes no shorter form). */
function firstBadByte(bytes: Uint8Array): number {
  const strict = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead < 0xe0
          ? 2
          : lead >= 0xe0 && lead < 0xf0
            ? 3
            : lead >= 0xf0 && lead < 0xf5
              ? 4
              : 0;
    if (length === 0) return at;
    try {
      strict.decode(bytes.subarray(at, at + length));
    } catch {
      return at;
    }
    at += length;
  }
  return 0;
}
