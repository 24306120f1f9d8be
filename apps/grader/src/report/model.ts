// A submission's report: what every format renders. Its JSON form is documented by
// apps/grader/schema/report.schema.json; `schemaVersion` changes when its shape does.
import type { Visibility } from '../rubric.ts';

export const SCHEMA_VERSION = 1;

/**
 * passed; failed (a wrong value or output); timeout (wall or CPU time); memory-limit; output-limit;
 * runtime-error (the code threw, even a non-Error, or its process died); load-error (missing file,
 * syntax error, missing export).
 */
export type TestStatus =
  | 'passed'
  | 'failed'
  | 'timeout'
  | 'memory-limit'
  | 'output-limit'
  | 'runtime-error'
  | 'load-error';

export interface TranscriptDiff {
  /** 1-based number of the first line that differs. */
  line: number;
  /** A few lines either side, as the reference printed them and as the submission did. */
  expected: { from: number; lines: string[] };
  actual: { from: number; lines: string[] };
  /** True when the two differ only in spaces, tabs or line endings. */
  whitespaceOnly: boolean;
  expectedLines: number;
  actualLines: number;
  /** Whether each output ends with a newline (absent in reports made before it was recorded). */
  finalNewline?: { expected: boolean; actual: boolean } | undefined;
}

export interface TestResult {
  id: string;
  name: string;
  file: string;
  kind: 'unit' | 'transcript' | 'mutant';
  visibility: Visibility;
  status: TestStatus;
  score: number;
  maxScore: number;
  /** What went wrong, in words a student can act on; absent when passed. */
  message?: string | undefined;
  /** `pitboss check --replay <replay>` runs just this counterexample again. */
  replay?: string | undefined;
  diff?: TranscriptDiff | undefined;
}

/**
 * Which of the student's counting tests fail on one visible mutant: a row of the tests x mutants matrix.
 * Hidden mutants have none (which tests catch one would hint at it): their tests' status tells.
 */
export interface MutantExposure {
  /** The mutant's test id (`mutant.<part>.<mutant>`): its visibility is that test's. */
  mutant: string;
  /** `<file> > <test name>` for a test that fails on it; `<file> (timed out)` or `<file> (<limit>)` when the whole file hit a limit. */
  by: string[];
  /** Whether a test file ran out of time on it (which counts as exposing it). */
  timeout: boolean;
}

export interface PartScore {
  file: string;
  score: number;
  maxScore: number;
}

export interface Report {
  schemaVersion: number;
  tool: { name: 'pitboss'; version: string };
  assignment: { name: string; title: string; version: string };
  mode: 'check' | 'grade';
  /** The assignment's fixed seed; each test's own seed derives from it and its id. */
  seed: number;
  submission: {
    name: string;
    path: string;
    hash: string;
    /** `grade`: the rule set the submission's own pitboss.json names, when not the one it was graded by. */
    declaredRules?: string | undefined;
  };
  /** What the grader noticed and did not score, in sentences (e.g. a pitboss.json it did not follow). */
  notes?: string[] | undefined;
  score: number;
  maxScore: number;
  parts: PartScore[];
  /** The student's own tests: which count (they pass on the reference) and how many mutants they expose. */
  studentTests: {
    cases: { file: string; name: string; valid: boolean; reason?: string | undefined }[];
    exposed: number;
    mutants: number;
    /** Per visible mutant run, the counting tests that expose it (absent when no test of the student's ran). */
    exposures?: MutantExposure[] | undefined;
  };
  /** Files that are missing or do not compile. */
  loadErrors: { file: string; message: string }[];
  tests: TestResult[];
}
