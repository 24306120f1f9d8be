// Between the grader and a student-test child: the manifest of compiled modules, then one request
// per (test file, mutant) run; replies travel on fd 3 with the run's token.

export interface Manifest {
  /** Module name (`deck`) -> compiled JavaScript of the reference's files and the provided ones. */
  reference: Record<string, string>;
  /** Mutant id -> its one replaced module. */
  mutants: Record<string, { module: string; source: string }>;
  /** Student test file (`tests/deck.shuffle.test.ts`) -> compiled JavaScript. */
  tests: Record<string, string>;
}

export interface TestRunRequest {
  testFile: string;
  /** A mutant id, or null for the reference itself. */
  mutant: string | null;
}

export interface CaseResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  message?: string | undefined;
}

export interface TestRunReply {
  token: string;
  testFile: string;
  mutant: string | null;
  /** Every test the file registered, in order; empty when loading the file itself failed. */
  cases: CaseResult[];
  /** Loading or running the file failed outside any test. */
  error?: string | undefined;
}
