// Phase: the unit tests. Each file's tests run in the grader's process; only their calls go to an
// executor beside the student's modules, in the sandbox, and come back as data to judge.

import { join } from 'node:path';
import type { PlannedTest } from '../2-plan/plan.ts';
import {
  type Budget,
  ChildWorker,
  describeLimit,
  type ExecReply,
  type ExecRequest,
  type ExecWorker,
  encodeNativeRequest,
  forSandbox,
  HARNESS_NAME,
  type NativeStaging,
  requestLimitMs,
  type Settled,
  type Staging,
  studentChance,
  withChance,
} from '../3-sandbox/door.ts';
import { executorBundle } from '../assignment/load.ts';
import { type Assignment, providedModules } from '../kit/assignment.ts';
import { decodeResults, MalformedReply } from '../kit/decode.ts';
import type { Script } from '../kit/script.ts';
import type { LoadFailure, TestContext, TestFailure, UnitTest } from '../kit/unit-test.ts';
import { keptUnitCase } from './keep.ts';
import { formatReplay, type GradeOptions } from './options.ts';
import { byBudget, HANGS_TO_STOP, hung, LIMIT_STATUS, notRunAfterHangs, type Outcome } from './outcome.ts';

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
export async function runUnitTests(
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
  // A compiled edition's calls go to its harness (linked per file, 3-sandbox/native/build.ts), not the executor.
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
    rerun: replayId === undefined ? { only: test.id } : { replay: replayId },
  });
}
