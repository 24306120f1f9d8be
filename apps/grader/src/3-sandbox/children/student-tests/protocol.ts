// Between the grader and a student-test child. Each run is a child of its own, sent one variant (the
// reference, a correct implementation, a mutant, or the student's own code) and the compiled test
// files it runs, in the grader's order, on stdin: a token line, then a RunInput as JSON. Nothing of
// the variant is a file the child's tests could read. The child runs the files one after another and
// answers on fd 3 with one line `<token> <json>` per file, in order, as each file ends; the grader
// parses and checks every line itself.

/** The fd a student-test child answers on (as the unit harness does). */
export const STUDENT_REPLY_FD = 3;

/** What a run is sent after its token line. */
export interface RunInput {
  /** Module name (`deck`) -> compiled JavaScript: the variant's modules and the provided ones. */
  modules: Record<string, string>;
  /** The compiled test files, in the order they run. */
  tests: string[];
}

/** Where every run's modules seem to live (`<url>deck.mjs`, `<url>tests/0.mjs`): the same for every variant. */
export const VARIANT_URL = 'file:///submission/';

/** The built-in modules a student's test may import (node:test is the runner's own). */
export const TEST_IMPORTS: readonly string[] = ['test', 'assert', 'assert/strict', 'util'];
export const TEST_IMPORTS_WORDS = 'node:test, node:assert (or node:assert/strict) and node:util';

/** The most bytes one file's reply line may take; more ends the run as a broken one. */
export const REPLY_MAX_BYTES = 512 * 1024;
/** The most tests a file may register. */
export const MAX_CASES = 1000;
/** Student text kept from a reply (a name, a message), in characters. */
export const TEXT_MAX = 2048;

export interface Manifest {
  /** Module name (`deck`) -> compiled JavaScript of the reference's files and the provided ones. */
  reference: Record<string, string>;
  /** Mutant id -> its one replaced module. */
  mutants: Record<string, { module: string; source: string }>;
  /** Student test file (`tests/deck.shuffle.test.ts`) -> compiled JavaScript. */
  tests: Record<string, string>;
}

/** One registered test as the child reports it. */
export interface CaseResult {
  /** Where the runner registered it: indices along the describe nesting (`2.0`). */
  position: string;
  status: 'passed' | 'failed' | 'skipped';
  /** Its name (with the describe names), as the test file gave it: shown only from the own-code run. */
  name: string;
  message?: string | undefined;
}

export interface TestRunReply {
  /** The file's place in the run's list. */
  file: number;
  /** Every test the file registered, in order; empty when loading the file itself failed. */
  cases: CaseResult[];
  /** Loading the file failed outside any test. */
  error?: string | undefined;
}

const POSITION = /^\d{1,6}(\.\d{1,6}){0,31}$/;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.slice(0, TEXT_MAX) : undefined;

/**
 * Reads one file's reply line (`<token> <json>`): undefined unless it carries the token and has the
 * shape of a reply (the caller checks that it is the file it waits for). Nothing the child computed beyond each case's own fields is trusted.
 */
export function parseReply(line: string, token: string): TestRunReply | undefined {
  if (!line.startsWith(`${token} `) || line.length > REPLY_MAX_BYTES) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(line.slice(token.length + 1));
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { file, cases, error } = data as { file?: unknown; cases?: unknown; error?: unknown };
  if (typeof file !== 'number' || !Number.isSafeInteger(file) || file < 0) return undefined;
  if (!Array.isArray(cases) || cases.length > MAX_CASES) return undefined;
  if (error !== undefined && typeof error !== 'string') return undefined;
  const parsed: CaseResult[] = [];
  const seen = new Set<string>();
  for (const entry of cases) {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { position, status, name, message } = entry as Record<string, unknown>;
    if (typeof position !== 'string' || !POSITION.test(position) || seen.has(position)) return undefined;
    if (status !== 'passed' && status !== 'failed' && status !== 'skipped') return undefined;
    if (typeof name !== 'string' || (message !== undefined && typeof message !== 'string')) return undefined;
    seen.add(position);
    parsed.push({ position, status, name: text(name)!, message: text(message) });
  }
  return { file, cases: parsed, error: text(error) };
}
