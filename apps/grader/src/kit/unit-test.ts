// What an assignment's unit tests are made of. A test runs in the grader's own process: it draws its
// cases, computes the oracle's answers from the generator's values, and sends only the calls (a
// Script) to the student's process, which sends back what each call gave. Student code never runs
// where a verdict is decided.
import fc from 'fast-check';
import type { WireStep } from '../3-sandbox/children/executor/calls.ts';
import { makeTextExecutor } from '../3-sandbox/children/executor/executor-core.ts';
import type { Coverage } from './coverage.ts';
import { decodeResults, isOpaque, type Outcome } from './decode.ts';
import type { Calls, Script, Thrown } from './script.ts';

/** What a test may do: run scripts against the student's code, with its own seed. */
export interface TestContext {
  /** Runs scripts in the student's process; what each step gave, script by script. */
  exec(scripts: readonly Calls[]): Promise<Outcome[][]>;
  /** This test's own seed, derived from the assignment's fixed seed and the test id. */
  seed: number;
  numRuns: number;
  /** A fast-check shrink path: replays just the counterexample. */
  replayPath?: string | undefined;
}

export interface UnitTest {
  /** Stable id, `<file>.<behaviour>`: rubric entries and replay ids name it. */
  id: string;
  /** What it checks, in the game's words: the report's heading for it. */
  name: string;
  /** The one student file it grades. */
  file: string;
  run(t: TestContext): Promise<void> | void;
  /**
   * For a property: what it draws and the situations those draws must reach on the fixed seed
   * (`pitboss mutants` holds them against their floors). None for a table-driven test.
   */
  coverage?: Coverage | undefined;
  /**
   * Whether a replay path names a case this test holds (the student tool's recorded tests hold a
   * fixed list); absent: any path, which fast-check replays from the seed.
   */
  replayable?: ((path: string) => boolean) | undefined;
}

/** How a failure is graded: a wrong answer, or the student's code threw where it should not have. */
export type FailureStatus = 'failed' | 'runtime-error';

/** A test's verdict against the student's code, in words a student can act on. */
export class TestFailure extends Error {
  readonly code = 'TEST_FAILED';
  readonly status: FailureStatus;
  /** For a property: the seed and shrink path that replay the counterexample. */
  readonly replay: { seed: number; path: string } | undefined;

  constructor(message: string, replay?: { seed: number; path: string }, status: FailureStatus = 'failed') {
    super(message);
    this.name = 'TestFailure';
    this.replay = replay;
    this.status = status;
  }
}

/** The student's file could not be used at all (a missing export, a module that throws on load). */
export class LoadFailure extends Error {
  readonly code = 'LOAD_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'LoadFailure';
  }
}

/** A value the student's code returned or threw, shown as plainly as possible. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (isOpaque(value)) {
    switch (value.kind) {
      case 'function':
        return `function ${value.name || '(anonymous)'}`;
      case 'promise':
        return 'a Promise (is the method async? it must return the value itself)';
      case 'symbol':
        return `Symbol(${value.name})`;
      case 'cycle':
        return '(a cycle)';
      case 'deep':
        return '(...)';
    }
  }
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  try {
    return (
      JSON.stringify(value, (_, inner: unknown) =>
        isOpaque(inner) ? show(inner) : inner === undefined ? 'undefined' : inner,
      ) ?? String(value)
    );
  } catch {
    return String(value);
  }
}

/** What the student's code threw, in a step's words: `threw TypeError: ...` or `threw "x" (not an Error)`. */
export function threw(thrown: Thrown): string {
  if (thrown.error) return `threw ${thrown.name || 'Error'}: ${thrown.message}`;
  return `threw ${show(thrown.value)} (not an Error)`;
}

/** A failing step: what to say, and whether the student's code threw. */
export interface Problem {
  message: string;
  status: FailureStatus;
  load?: boolean;
}

/** A file that would not load, or lacks the export a step calls: a load error in the contract's words. */
export function loadProblem(op: WireStep['op'], outcome: Extract<Outcome, { load: unknown }>): Problem {
  const { load } = outcome;
  if (load.kind === 'load')
    return {
      message: `${load.file} failed to load: ${load.thrown.error ? `${load.thrown.name}: ${load.thrown.message}` : show(load.thrown.value)}`,
      status: 'runtime-error',
      load: true,
    };
  const kind = op === 'new' ? 'class' : 'function';
  const declaration = `export ${kind} ${load.export}`;
  let hint = '';
  if (load.found === undefined) {
    if (load.exports.includes('default'))
      hint = `: it has a default export instead (or module.exports, which becomes one); write \`${declaration}\`, a named export`;
    else if (load.exports.length === 0)
      hint = `: it exports nothing (a CommonJS module.exports, or a package.json "type": "commonjs", is not read); write \`${declaration}\``;
    else hint = ` (it exports ${load.exports.join(', ')}; names are case-sensitive)`;
  }
  return {
    message:
      load.found === undefined
        ? `${load.file} does not export ${kind === 'class' ? 'a class' : 'a function'} named ${load.export}${hint}`
        : `${load.file} exports ${load.export}, but it is ${show(load.found)}, not a ${kind}`,
    status: 'runtime-error',
    load: true,
  };
}

/** Judges one script's outcomes: the first step that went wrong, or undefined. */
export function judge(script: Script, outcomes: readonly Outcome[]): Problem | undefined {
  for (const [i, step] of script.steps.entries()) {
    const outcome = outcomes[i];
    if (outcome === undefined) {
      // The executor ends a script only after a throw or a load problem, which returned above.
      return { message: `${step.text}: the student's process sent no answer`, status: 'runtime-error' };
    }
    if ('load' in outcome) return loadProblem(step.wire.op, outcome);
    if ('thrown' in outcome) {
      if (step.onThrow === undefined)
        return { message: `${step.text} ${threw(outcome.thrown)}`, status: 'runtime-error' };
      const problem = step.onThrow(outcome.thrown);
      if (problem !== undefined) return { message: problem, status: 'runtime-error' };
      continue;
    }
    const problem = step.check?.(outcome.value);
    if (problem !== undefined) return { message: problem, status: 'failed' };
  }
  return undefined;
}

const failureOf = (problem: Problem, replay?: { seed: number; path: string }): Error =>
  problem.load === true
    ? new LoadFailure(problem.message)
    : new TestFailure(problem.message, replay, problem.status);

/** Steps per request: a reply stays a few MiB at most. */
const STEPS_PER_REQUEST = 20_000;

/** Runs scripts in order, as few requests as fit; fails with the first script that goes wrong. */
export async function runScripts(t: TestContext, scripts: readonly Script[]): Promise<void> {
  for (const batch of batches(scripts)) {
    const outcomes = await t.exec(batch);
    for (const [i, script] of batch.entries()) {
      const problem = judge(script, outcomes[i]!);
      if (problem !== undefined) throw failureOf(problem);
    }
  }
}

function* batches(scripts: readonly Script[]): Generator<Script[]> {
  let batch: Script[] = [];
  let steps = 0;
  for (const script of scripts) {
    if (batch.length > 0 && steps + script.steps.length > STEPS_PER_REQUEST) {
      yield batch;
      batch = [];
      steps = 0;
    }
    batch.push(script);
    steps += script.steps.length;
  }
  if (batch.length > 0) yield batch;
}

/** Thrown inside fast-check's predicate: the problem, carried out of fc.check. */
class PropertyProblem extends Error {
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(problem.message);
    this.problem = problem;
  }
}

/**
 * Runs a property with the test's seed: `build` turns a generated case into the script(s) that check
 * it, with the oracle's answers inside. fast-check shrinks a failure first, so the message tells the
 * smallest counterexample. The cases fast-check will draw are drawn first and sent in a few requests;
 * only shrinking asks the student's process one case at a time.
 */
export async function checkProperty<T>(
  t: TestContext,
  arbitrary: fc.Arbitrary<T>,
  build: (value: T) => Script | Script[],
): Promise<void> {
  const scriptsOf = (value: T): Script[] => {
    const built = build(value);
    return Array.isArray(built) ? built : [built];
  };
  const known = new Map<string, Problem | null>();
  const keyOf = (scripts: readonly Script[]) => JSON.stringify(scripts.map((script) => script.wire()));
  let stopped: unknown;
  const verdict = async (value: T): Promise<Problem | undefined> => {
    // Once the student's process hit a limit, shrinking stops asking it: the limit is the verdict.
    if (stopped !== undefined) return undefined;
    const scripts = scriptsOf(value);
    const key = keyOf(scripts);
    const cached = known.get(key);
    if (cached !== undefined) return cached ?? undefined;
    let outcomes: Outcome[][];
    try {
      outcomes = await t.exec(scripts);
    } catch (error) {
      stopped = error;
      return undefined;
    }
    const problem = scripts.map((script, i) => judge(script, outcomes[i]!)).find(Boolean);
    known.set(key, problem ?? null);
    return problem;
  };

  if (t.replayPath === undefined) {
    const values: T[] = [];
    fc.check(
      fc.property(arbitrary, (value) => {
        values.push(value);
      }),
      { seed: t.seed, numRuns: t.numRuns },
    );
    const cases = values.map((value) => ({ value, scripts: scriptsOf(value) }));
    const judged = new Map<Script, Problem | undefined>();
    let anyProblem = false;
    let next = 0;
    for (const batch of batches(cases.flatMap((c) => c.scripts))) {
      const outcomes = await t.exec(batch);
      for (const [i, script] of batch.entries()) judged.set(script, judge(script, outcomes[i]!));
      // Cases whose every script is judged, in order: a failing one hands over to fc.check.
      for (; next < cases.length && cases[next]!.scripts.every((script) => judged.has(script)); next++)
        if (cases[next]!.scripts.some((script) => judged.get(script) !== undefined)) anyProblem = true;
      if (anyProblem) break;
    }
    if (!anyProblem) return;
    // What fc.check asks again while it shrinks is answered from the cases judged here (keyed only
    // now: a property that holds, the usual case, needs no key).
    for (const c of cases.slice(0, next))
      known.set(keyOf(c.scripts), c.scripts.map((script) => judged.get(script)).find(Boolean) ?? null);
  }

  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      const problem = await verdict(value);
      if (problem !== undefined) throw new PropertyProblem(problem);
    }),
    t.replayPath === undefined
      ? { seed: t.seed, numRuns: t.numRuns }
      : { seed: t.seed, numRuns: 1, path: t.replayPath, endOnFailure: true },
  );
  if (stopped !== undefined) throw stopped;
  if (!details.failed) return;
  const error = details.errorInstance;
  if (!(error instanceof PropertyProblem)) throw error;
  throw failureOf(error.problem, { seed: details.seed, path: details.counterexamplePath ?? '' });
}

/** Fails a table-driven check with the words given. */
export function fail(message: string): never {
  throw new TestFailure(message);
}

/**
 * The executor run in this process on trusted modules: how an assignment's own tests check its
 * suites against the reference. The same encoding, decoding and judging as a student's process.
 */
export function localExec(
  provided: readonly string[],
  importModule: (file: string) => Promise<Record<string, unknown>>,
): TestContext['exec'] {
  const run = makeTextExecutor({ provided, importModule });
  return async (scripts) => {
    const text = await run({ id: 0, scripts: scripts.map((script) => script.wire()) });
    return decodeResults(
      JSON.parse(text),
      scripts.map((script) => script.steps.length),
    );
  };
}
