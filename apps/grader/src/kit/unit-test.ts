// What an assignment's unit tests are made of. They run inside the harness child process, next to the
// student's code; the grader's own process only reads their ids, names and files.
import fc from 'fast-check';

/** The modules a test may load: the student's file under test, the reference for the others. */
export interface TestContext {
  /** A submission file's module, by its name in the contract (`deck.ts`). */
  load(file: string): Promise<Record<string, unknown>>;
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
  /** The one student file it grades; every other file it loads is the reference's. */
  file: string;
  run(t: TestContext): Promise<void> | void;
}

/** A test's verdict against the student's code, in words a student can act on. */
export class TestFailure extends Error {
  readonly code = 'TEST_FAILED';
  /** For a property: the seed and shrink path that replay the counterexample. */
  readonly replay: { seed: number; path: string } | undefined;

  constructor(message: string, replay?: { seed: number; path: string }) {
    super(message);
    this.name = 'TestFailure';
    this.replay = replay;
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
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Describes what a call to student code threw; `undefined` when it returned. */
export function attempt<T>(call: () => T): { value: T } | { thrown: unknown } {
  try {
    return { value: call() };
  } catch (thrown) {
    return { thrown };
  }
}

export function threw(thrown: unknown): string {
  if (thrown instanceof Error) return `threw ${thrown.name}: ${thrown.message}`;
  return `threw ${show(thrown)} (not an Error)`;
}

/**
 * Runs a property with the test's seed. `predicate` throws an Error whose message tells the whole
 * counterexample in the game's words; fast-check shrinks it first, so the message is the smallest.
 */
export function checkProperty<T>(
  t: TestContext,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => void,
): void {
  const details = fc.check(
    fc.property(arbitrary, (value) => {
      predicate(value);
    }),
    t.replayPath === undefined
      ? { seed: t.seed, numRuns: t.numRuns }
      : { seed: t.seed, numRuns: 1, path: t.replayPath, endOnFailure: true },
  );
  if (!details.failed) return;
  const error = details.errorInstance;
  const message = error instanceof Error ? error.message : `the test threw ${show(error)}`;
  throw new TestFailure(message, { seed: details.seed, path: details.counterexamplePath ?? '' });
}

/** Fails a table-driven check with the first row that went wrong. */
export function fail(message: string): never {
  throw new TestFailure(message);
}

/** A named export of the student's module, of the kind the contract asks for. */
export function requireExport<T>(
  module: Record<string, unknown>,
  file: string,
  name: string,
  kind: 'class' | 'function',
): T {
  const value = module[name];
  if (typeof value !== 'function') {
    throw new LoadFailure(
      value === undefined
        ? `${file} does not export ${kind === 'class' ? 'a class' : 'a function'} named ${name}`
        : `${file} exports ${name}, but it is ${show(value)}, not a ${kind}`,
    );
  }
  return value as T;
}
