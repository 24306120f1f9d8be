// One test's result in a report: its status, its score and the evidence a format shows with it. The
// vocabulary every room shares: the phases fill it in, scoring adds the points, the formats render it.
import type { CallDeviation } from './calls.ts';
import type { ShorterInput, TranscriptDiff } from './diff.ts';
import type { MutantResult } from './mutant.ts';

/** Who may see a test's detail, as the rubric says (rubric.json `visibility`). */
export const VISIBILITIES = ['visible', 'hidden', 'after_due_date', 'after_published'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * When a hint may be shown, beyond the test failing: `after_due_date` (only by `grade`: never by a
 * student's `check`; on Gradescope a test of its own, shown after the due date), or from the Nth
 * `check` of the student's own folder on which the test failed (`grade` always shows it).
 */
export type HintFrom = 'after_due_date' | { failingRuns: number };

/** An instructor's hint for a failing test (a mutant test fails when the student's tests miss it). */
export interface Hint {
  text: string;
  from?: HintFrom | undefined;
}

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
  /** A transcript test: the run it judges (which files it linked, the program's words). */
  transcript?: TranscriptRun | undefined;
  /**
   * An `own` transcript that fails where the program passed with the reference's files: the student
   * files whose own tests fail, where the difference most likely comes from (empty: another file).
   */
  suspects?: string[] | undefined;
  /** A mutant test: the mutant, and what the student's tests did to it. */
  mutant?: MutantResult | undefined;
  /**
   * A linked transcript whose program's calls to the reference's files part from the reference
   * program's: where first. On a passing test it is a warning; `scored` when it failed the test.
   */
  calls?: CallDeviation | undefined;
  /**
   * The student's code drew on chance or the clock during the test (Math.random, Date.now...): each
   * call and the student's file that made it. The grader made each answer the same on every run, so it
   * is a warning, worth nothing: the score cannot change between runs.
   */
  chance?: ChanceUse[] | undefined;
  /**
   * The program, run again on the same input, printed otherwise from this line (from 1): chance the
   * grader could not make repeat. The test fails; what is on the line is never shown.
   */
  unrepeatable?: { line: number } | undefined;
  /**
   * A failing case with a stdin, cut down (TranscriptSuite.shrink): a shorter stdin that still shows a
   * difference, and that difference.
   */
  shorterInput?: ShorterInput | undefined;
  /**
   * The grading machinery failed on this test (a sandbox that could not start): not the student's
   * doing. Such a report is never a score: the CLI stops with an infrastructure error and stores nothing.
   */
  infrastructure?: boolean | undefined;
  /**
   * The instructor's hint (rubric.json `hints`), on a failing test only, shown below its evidence;
   * `from` says when the rubric lets it show (a student's check keeps only those due: hints.ts).
   */
  hint?: Hint | undefined;
  /**
   * A transcript test of an assignment that reads its output as game events: its two parts, each with
   * the points the rubric gives it (`transcriptParts`). The test's score is their sum.
   */
  parts?: TranscriptParts | undefined;
}

/**
 * A transcript's game (its events equal the reference's, whatever the layout) and its format (its
 * bytes equal the reference's). A run stopped by a limit, a crash or chance passes neither.
 */
export interface TranscriptParts {
  game: {
    passed: boolean;
    score: number;
    maxScore: number;
    /**
     * Where the game first differs: the round, the line of the course's output and (not for a run
     * beside the reference's files) the line of the program's.
     */
    at?: { round: number; line: number; actualLine?: number | undefined } | undefined;
  };
  format: {
    passed: boolean;
    score: number;
    maxScore: number;
    /** The bytes differ in this alone: whitespace, letter case or the prompts. */
    only?: 'whitespace' | 'case' | 'prompts' | undefined;
  };
}

/** A test's score from its parts, or from its status when it has none. */
export const earned = (test: Pick<TestResult, 'status' | 'maxScore' | 'parts'>): number =>
  test.parts === undefined
    ? test.status === 'passed'
      ? test.maxScore
      : 0
    : roundPoints(
        (test.parts.game.passed ? test.parts.game.maxScore : 0) +
          (test.parts.format.passed ? test.parts.format.maxScore : 0),
      );

/** Points to a thousandth: parts of a half point sum without binary noise (0.4 + 0.1, not 0.5000000001). */
export const roundPoints = (points: number): number => Math.round(points * 1000) / 1000;

/** One use of chance or the clock: `call` (one of 3-sandbox/children/chance.ts's CHANCE_CALLS) made by the student's `file`. */
export interface ChanceUse {
  file: string;
  call: string;
}

export interface TranscriptRun {
  /** `linked`: the student's program with the reference's other files; `own`: all the student's files. */
  linking: 'linked' | 'own';
  /** The program's command-line words. */
  words: string[];
}
