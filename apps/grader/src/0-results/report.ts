// A submission's report: what every format renders. Its JSON form is documented by
// apps/grader/schema/report.schema.json; `schemaVersion` changes when its shape does.
import type { CompilerReport, TypeCheckResult } from './problems.ts';
import { earned, roundPoints, type TestResult } from './test.ts';

export const SCHEMA_VERSION = 2;

export interface ReportTokens {
  allowance: number;
  spent: boolean;
  left: number;
  nextAt: string;
}

export type ReportView = 'student' | 'instructor';

export interface PartScore {
  file: string;
  score: number;
  maxScore: number;
}

/**
 * A part of the course's visible tests the student tool does not check (Assignment.partsNotHere), with
 * its points: the report's maxScore leaves them out; they are scored when the submission is graded.
 */
export interface PartNotChecked {
  file: string;
  maxScore: number;
  /** linked-transcripts: the file's transcripts run it with the reference's other files; mutants: the student's tests against planted bugs. */
  reason: 'linked-transcripts' | 'mutants';
}

/** The course's visible points, when the report leaves some out (the student tool's check). */
export const courseMaxScore = (report: Pick<Report, 'maxScore' | 'notChecked'>): number =>
  roundPoints(report.maxScore + (report.notChecked ?? []).reduce((sum, part) => sum + part.maxScore, 0));

export interface Report {
  schemaVersion: number;
  tool: { name: 'pitboss'; version: string };
  assignment: { name: string; title: string; version: string };
  mode: 'check' | 'grade';
  /**
   * Whom the report was written for. `student`: hidden tests (every visibility but `visible`) keep
   * only their score, pass or fail and a neutral name (6-reports/views.ts). `instructor` (or absent, as
   * graded and stored): everything.
   */
  view?: ReportView | undefined;
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
  /** The student tool's check: the parts of the course's visible tests it does not check (not in maxScore). */
  notChecked?: PartNotChecked[] | undefined;
  notes?: string[] | undefined;
  /**
   * Graded on Gradescope under the rubric's submission policy (tokens.ts): whether this submission
   * spent a token (false: past the limit, so the students' view holds back the hidden tests' detail),
   * how many of `allowance` are left, and when the next comes back (ISO time, after the submission's).
   */
  tokens?: ReportTokens | undefined;
  /**
   * What `tsc` (strict) rejects in the student's files: feedback, worth no points. Absent when not
   * checked (a run of chosen tests: --only, --replay); `skipped` says why a check did not finish.
   */
  typeCheck?: TypeCheckResult | undefined;
  /** The language of a compiled edition the submission was graded in (`cpp`); absent for the assignment's own. */
  language?: string | undefined;
  /** For a compiled edition: what its compiler said of the student's files. */
  compiler?: CompilerReport | undefined;
  score: number;
  maxScore: number;
  parts: PartScore[];
  /** The student's own tests: which count (they pass on the reference) and how many mutants they expose. */
  studentTests: {
    /** Each of the student's tests (a whole file, when it does not count as a whole): its place in its file. */
    cases: {
      file: string;
      position?: string | undefined;
      name: string;
      valid: boolean;
      reason?: string | undefined;
      /**
       * A file `check --keep` wrote (kit/keep.ts): the grader's own case, never one of the student's
       * tests, never counted (`valid` is false).
       */
      kept?: boolean | undefined;
    }[];
    /** How many of the student's tests `cases` leaves out: a report lists at most CASES_LIMIT. */
    omittedCases?: number | undefined;
    exposed: number;
    mutants: number;
  };
  /** Files that are missing or do not compile. */
  loadErrors: { file: string; message: string }[];
  tests: TestResult[];
}

/** The student's own tests and the files `check --keep` wrote, apart: only the first are theirs. */
export function ownAndKept(report: Pick<Report, 'studentTests'>): {
  own: Report['studentTests']['cases'];
  kept: Report['studentTests']['cases'];
} {
  const { cases } = report.studentTests;
  return {
    own: cases.filter((test) => test.kept !== true),
    kept: cases.filter((test) => test.kept === true),
  };
}

/**
 * `report` scored again from its tests' statuses alone: a test earns its maxScore when it passed,
 * else 0 (a transcript with parts, the points of each part that passed); a part, the sum of its file's tests; the report, the sum of them all (summed in the tests'
 * order, as the grader sums them). For results that come from elsewhere (a shard to merge): totals
 * are never trusted.
 */
export function rescore(report: Report): Report {
  const tests = report.tests.map((test) => ({
    ...test,
    score: earned(test),
    ...(test.parts === undefined
      ? {}
      : {
          parts: {
            game: { ...test.parts.game, score: test.parts.game.passed ? test.parts.game.maxScore : 0 },
            format: {
              ...test.parts.format,
              score: test.parts.format.passed ? test.parts.format.maxScore : 0,
            },
          },
        }),
  }));
  const files = [...report.parts.map((part) => part.file), ...tests.map((test) => test.file)];
  const parts: PartScore[] = [];
  for (const file of new Set(files)) {
    const partTests = tests.filter((test) => test.file === file);
    if (partTests.length === 0) continue;
    parts.push({
      file,
      score: roundPoints(partTests.reduce((sum, test) => sum + test.score, 0)),
      maxScore: partTests.reduce((sum, test) => sum + test.maxScore, 0),
    });
  }
  return {
    ...report,
    score: roundPoints(tests.reduce((sum, test) => sum + test.score, 0)),
    maxScore: tests.reduce((sum, test) => sum + test.maxScore, 0),
    parts,
    tests,
  };
}
