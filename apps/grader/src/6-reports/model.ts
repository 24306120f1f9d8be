// A submission's report: what every format renders. Its JSON form is documented by
// apps/grader/schema/report.schema.json; `schemaVersion` changes when its shape does.
import { basename, isAbsolute, relative, resolve } from 'node:path';
import type { Hint, Visibility } from '../2-plan/rubric.ts';
import { RERUN_WHERE, rerunCommand, shellWord } from '../kit/rerun.ts';

export const SCHEMA_VERSION = 2;

/** What a report without mutants (the student tool) says of the part of the students' tests it cannot score. */
export const OWN_TESTS_SCORED_LATER =
  'How many planted bugs (mutants) your tests expose is scored when your submission is graded.';

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
  /**
   * The program's lines are not shown (`actual.lines` is empty): it ran with the reference's files,
   * which it could have printed. Only its line count and where it first differs are told.
   */
  withheld?: boolean | undefined;
  /**
   * What the program read from stdin on the lines shown, for a program that reads it (input is not in
   * its output): each read with the line, numbered as the expected output's, it was read on (the line
   * a prompt left open); `word` null once the input had ended. The lines before the first difference
   * are the same on both sides, and so were the reads on them.
   */
  typed?: { line: number; word: string | null }[] | undefined;
  /**
   * The other places the outputs differ, after the first (which is shown in full), as a line diff
   * finds them; at most a few, `moreRegions` counting the rest ('too many' when the outputs differ too
   * much to list). None for a withheld diff.
   */
  regions?: DiffRegion[] | undefined;
  moreRegions?: number | 'too many' | undefined;
}

/** One place two outputs differ: its first line on each side and how many lines each side has there. */
export interface DiffRegion {
  expected: number;
  actual: number;
  expectedCount: number;
  actualCount: number;
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

/** The sentence above a report's failing tests: how many lose points, and how many fail for none. */
export function failingSentence(failed: readonly TestResult[], total: number): string {
  const losing = failed.filter((test) => test.maxScore > 0).length;
  const free = failed.length - losing;
  const lead = `${losing} of ${total} tests of your implementation lose points`;
  return free === 0 ? lead : `${lead}, and ${free} worth no points fail${free === 1 ? 's' : ''}`;
}

/**
 * Where a printed replay command is to be run: the working directory of the run that printed it (its
 * stdout), or the submission's own folder (a page or a file read elsewhere, where no path of the
 * grading machine is true).
 */
export type ReplayFrom = { cwd: string } | 'submission';

export { RERUN_WHERE, rerunCommand, shellWord };

/**
 * The command that runs one counterexample again, run as printed from where it is to be run. From the
 * run's working directory: the way this project runs pitboss (`pnpm --silent pitboss`, which resolves
 * folders from there) and the folder as that directory reaches it (`folder` is the path the run was
 * given). From the submission's folder: `pitboss check .`, the folder itself, with pitboss as the course
 * installs it (pnpm would look for its script in the submission's own package.json).
 */
export function replayCommand(folder: string, replay: string, from: ReplayFrom): string {
  if (from === 'submission') return rerunCommand(basename(folder), { replay });
  const reached = isAbsolute(folder) ? folder : relative(from.cwd, resolve(from.cwd, folder)) || '.';
  // A folder named like an option would be read as one.
  const named = reached.startsWith('-') ? `./${reached}` : reached;
  return `pnpm --silent pitboss check ${shellWord(named)} --replay ${shellWord(replay)}`;
}

/**
 * How a page tells a failing test to be run again. A student's check: its counterexample, with the
 * tool that drew it. A grade's student view: the graded cases are drawn with the course's seed, which
 * only the course's grader draws with, so the student's own check of the same test (cases of its own).
 * An instructor's view: the counterexample, with the course's grader.
 */
export function rerunFor(
  report: Pick<Report, 'mode' | 'view' | 'submission'>,
  test: Pick<TestResult, 'id' | 'replay'>,
): { words: string; command: string } | undefined {
  if (test.replay === undefined) return undefined;
  const name = report.submission.name;
  if (report.mode === 'grade' && report.view === 'student')
    return {
      words: `Your own check runs this test too, with cases of its own (this case was drawn with the graded seed, which only the course's grader draws), ${RERUN_WHERE}`,
      command: rerunCommand(name, { only: test.id }),
    };
  return {
    words:
      report.mode === 'grade'
        ? "Run this case again with the course's grader, in its repository (the submission's folder named as it is from there)"
        : `Run it again, ${RERUN_WHERE}`,
    command: rerunCommand(name, { replay: test.replay }),
  };
}

export interface ReportTokens {
  allowance: number;
  spent: boolean;
  left: number;
  nextAt: string;
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

/**
 * The first place a program's calls to the reference's files (CallsCheck) part from the reference
 * program's calls. `missing`: the reference makes `expected` here, and the program makes it fewer
 * times in all; `extra`: the program makes `actual` here, more times in all than the reference;
 * `order`: the program makes `actual` at another moment than the reference does; `different`: a call
 * the reference never makes in this run.
 */
export interface CallDeviation {
  kind: 'missing' | 'extra' | 'order' | 'different';
  /** 1-based: the reference's call at that place (one past its last when it has no more). */
  index: number;
  /** The reference's call there; absent when the reference had made its last call. */
  expected?: string | undefined;
  /**
   * The program's call there, only when the reference makes the very same call somewhere in this run
   * (the program ran beside the reference's files: no other text of its own is told); absent when it
   * had made its last call or made one the reference never makes.
   */
  actual?: string | undefined;
  /** The program had made its last call. */
  ended?: boolean | undefined;
  /** The method of a call the reference never makes (`player.bet`), when the reference calls that method. */
  actualMethod?: string | undefined;
  /** The last call both made before it. */
  after?: string | undefined;
  /** How many lines of the transcript the reference had printed when it made its call there. */
  line: number;
  /** Where the reference makes `actual` (1-based), for `order`. */
  referenceIndex?: number | undefined;
  /** The rubric makes the deviation cost the test its points (`calls: scored`), even with a right transcript. */
  scored: boolean;
}

/** The shortest stdin found that still shows a difference, and how the program differs with it. */
export interface ShorterInput {
  /** The stdin, whole: lines of the case's own stdin, in its order. */
  stdin: string;
  lines: number;
  /** How many lines the case's stdin had. */
  originalLines: number;
  /** Where the outputs differ with it (the same rules as the test's own diff: withheld for a linked run). */
  diff: TranscriptDiff;
  /** That difference in words. */
  message: string;
}

export interface TranscriptRun {
  /** `linked`: the student's program with the reference's other files; `own`: all the student's files. */
  linking: 'linked' | 'own';
  /** The program's command-line words. */
  words: string[];
}

/**
 * What exposed a mutant (StrykerJS's killedBy): one of the student's tests that failed on it (its file,
 * its place there, the name it has in the student's own run), or a whole test file whose run broke on
 * it (a limit), which counts too.
 */
export type Kill =
  | { file: string; position: string; name: string }
  | { file: string; broke: 'timeout' | 'memory-limit' | 'output-limit' };

/** A kill in words: `tests/a.test.ts > its name`, or `tests/a.test.ts (timed out)`. */
export const killWords = (kill: Kill): string =>
  'broke' in kill
    ? `${kill.file} (${kill.broke === 'timeout' ? 'timed out' : kill.broke})`
    : `${kill.file} > ${kill.name}`;

/** A mutant as the student's tests left it (StrykerJS's mutant result: status, killedBy). */
export interface MutantResult {
  /** The mutant's id in the catalogue (`deck.reset-keeps-order`). */
  id: string;
  /** What its one edit does, in the game's words. */
  description: string;
  status: 'killed' | 'survived';
  /** Every counting test that failed on it and every file that broke on it; empty when it survived. */
  killedBy: Kill[];
  /**
   * A survived mutant: where its edit lies, in its module's names (`deck.ts`, `Deck.shuffle`), what a
   * student is told of it instead of the edit.
   */
  place?: { file: string; in?: string | undefined } | undefined;
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

/** Why a part is not checked here, in a student's words. */
export function notCheckedWords(part: PartNotChecked): string {
  return part.reason === 'linked-transcripts'
    ? `its transcripts run it with the course's solution for the other files, which this tool does not hold: scored when your submission is graded`
    : `how many planted bugs (mutants) your tests expose: scored when your submission is graded`;
}

/** The course's visible points, when the report leaves some out (the student tool's check). */
export const courseMaxScore = (report: Pick<Report, 'maxScore' | 'notChecked'>): number =>
  roundPoints(report.maxScore + (report.notChecked ?? []).reduce((sum, part) => sum + part.maxScore, 0));

/** One problem `tsc` finds in a student's file: where, TypeScript's number for it, its words. */
export interface TypeProblem {
  file: string;
  line: number;
  column: number;
  code: number;
  message: string;
}

export type TypeCheckResult = { problems: TypeProblem[]; omitted: number } | { skipped: string };

/** One thing a compiled language's compiler said of a student's file (3-sandbox/native.ts). */
export interface CompilerProblem {
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
  message: string;
  /** The warning's flag (`-Wunused-variable`), when it has one. */
  option?: string | undefined;
}

/** What the compiler said of a compiled submission's files: errors and warnings, worth no points themselves. */
export interface CompilerReport {
  /** The compiler and its flags: `g++ -std=c++17 -O2 -Wall -Wextra`. */
  command: string;
  problems: CompilerProblem[];
  /** Problems beyond the first ten of a file, not listed. */
  omitted: number;
}

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

// Everything below bounds what a report can hold. Student code decides much of a report's text (test
// messages, counterexamples, transcript lines, its own tests' names, its folder's name), so a report
// is bounded before it is stored or rendered: no string, list or whole report can grow without limit.

/** The most characters of one string from a report, the note saying how much was cut included. */
export const TEXT_LIMIT = 64 * 1024;
/** The most characters of one line of a transcript diff's context. */
export const LINE_LIMIT = 8 * 1024;
/** The most lines of each side of a transcript diff's context (the grader gives 7). */
export const LINES_LIMIT = 50;
/** The most of the student's own tests a report lists (and the most tests exposing one mutant). */
export const CASES_LIMIT = 1000;
/** The most characters of text in a whole report: past it, each string keeps only FLOOR_LIMIT. */
export const REPORT_BUDGET = 8 * 1024 * 1024;
const FLOOR_LIMIT = 256;

const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * `text` cut to at most `limit` characters, ending with how much was cut. A string already cut is
 * left as it is: the result is never longer than `limit`, so bounding again changes nothing.
 */
export function cutText(text: string, limit: number = TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  // The note's length depends on the count it names, the count on where the text ends: settle both.
  let keep = limit;
  for (;;) {
    const note = `... [cut: ${grouped(text.length - keep)} more characters]`;
    let next = Math.max(0, limit - note.length);
    // Never half a surrogate pair.
    const last = text.charCodeAt(next - 1);
    if (next > 0 && last >= 0xd800 && last <= 0xdbff) next--;
    if (next === keep) return `${text.slice(0, keep)}${note}`;
    keep = next;
  }
}

const STATUSES: readonly TestStatus[] = [
  'passed',
  'failed',
  'timeout',
  'memory-limit',
  'output-limit',
  'runtime-error',
  'load-error',
];
const KINDS: readonly TestResult['kind'][] = ['unit', 'transcript', 'mutant'];
const VISIBILITIES: readonly Visibility[] = ['visible', 'hidden', 'after_due_date', 'after_published'];

const oneOf = <T>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Cuts strings against one report's budget, in a fixed order: the same report is cut the same way. */
class Bounder {
  #left = REPORT_BUDGET;

  text(value: unknown, limit: number = TEXT_LIMIT): string {
    const text = cutText(
      typeof value === 'string' ? value : String(value ?? ''),
      Math.max(FLOOR_LIMIT, Math.min(limit, this.#left)),
    );
    this.#left -= text.length;
    return text;
  }

  optional(value: unknown, limit: number = TEXT_LIMIT): string | undefined {
    return value === undefined ? undefined : this.text(value, limit);
  }

  lines(value: unknown): string[] {
    return list<unknown>(value)
      .slice(0, LINES_LIMIT)
      .map((line) => this.text(line, LINE_LIMIT));
  }
}

/** How many differing regions a transcript diff lists after the first; the rest are counted. */
export const REGIONS_LISTED = 8;

function boundDiff(diff: TranscriptDiff, b: Bounder): TranscriptDiff {
  const bounded: TranscriptDiff = {
    line: finite(diff.line),
    expected: { from: finite(diff.expected?.from), lines: b.lines(diff.expected?.lines) },
    actual: { from: finite(diff.actual?.from), lines: b.lines(diff.actual?.lines) },
    whitespaceOnly: diff.whitespaceOnly === true,
    expectedLines: finite(diff.expectedLines),
    actualLines: finite(diff.actualLines),
  };
  if (diff.withheld === true) {
    bounded.withheld = true;
    bounded.actual.lines = [];
  }
  if (Array.isArray(diff.typed)) {
    bounded.typed = list<{ line?: unknown; word?: unknown }>(diff.typed)
      .slice(0, LINES_LIMIT)
      .map((read) => ({
        line: finite(read?.line),
        word: typeof read?.word === 'string' ? b.text(read.word, LINE_LIMIT) : null,
      }));
  }
  if (diff.finalNewline !== undefined) {
    bounded.finalNewline = {
      expected: diff.finalNewline?.expected === true,
      actual: diff.finalNewline?.actual === true,
    };
  }
  if (diff.withheld !== true && diff.regions !== undefined) {
    bounded.regions = list<DiffRegion>(diff.regions)
      .slice(0, REGIONS_LISTED)
      .map((region) => ({
        expected: finite(region?.expected),
        actual: finite(region?.actual),
        expectedCount: finite(region?.expectedCount),
        actualCount: finite(region?.actualCount),
      }));
  }
  if (diff.withheld !== true && diff.moreRegions !== undefined)
    bounded.moreRegions =
      diff.moreRegions === 'too many' ? 'too many' : Math.max(1, finite(diff.moreRegions));
  return bounded;
}

function boundCompiler(compiler: CompilerReport, b: Bounder): CompilerReport {
  return {
    command: b.text(compiler.command),
    problems: list<CompilerProblem>(compiler.problems)
      .slice(0, CASES_LIMIT)
      .map((problem) => ({
        file: b.text(problem.file),
        line: finite(problem.line),
        column: finite(problem.column),
        severity: problem.severity === 'warning' ? 'warning' : 'error',
        message: b.text(problem.message),
        ...(problem.option === undefined ? {} : { option: b.text(problem.option) }),
      })),
    omitted: finite(compiler.omitted),
  };
}

function boundTypeCheck(check: TypeCheckResult, b: Bounder): TypeCheckResult {
  if ('skipped' in check) return { skipped: b.text(check.skipped) };
  return {
    problems: list<TypeProblem>(check.problems)
      .slice(0, CASES_LIMIT)
      .map((problem) => ({
        file: b.text(problem.file),
        line: finite(problem.line),
        column: finite(problem.column),
        code: finite(problem.code),
        message: b.text(problem.message),
      })),
    omitted: finite(check.omitted),
  };
}

function boundTest(test: TestResult, b: Bounder): TestResult {
  const bounded: TestResult = {
    id: b.text(test.id),
    name: b.text(test.name),
    file: b.text(test.file),
    kind: oneOf(test.kind, KINDS, 'unit'),
    // Unknown visibility is treated as the most private one.
    visibility: oneOf(test.visibility, VISIBILITIES, 'hidden'),
    status: oneOf(test.status, STATUSES, 'runtime-error'),
    score: finite(test.score),
    maxScore: finite(test.maxScore),
  };
  // Optional fields stay absent when absent: a bounded report serialises as the original did.
  if (test.message !== undefined) bounded.message = b.text(test.message);
  if (test.replay !== undefined) bounded.replay = b.text(test.replay);
  // A fault of the machinery must survive bounding: such a result is never a score.
  if (test.infrastructure === true) bounded.infrastructure = true;
  if (test.diff !== undefined && test.diff !== null) bounded.diff = boundDiff(test.diff, b);
  if (test.transcript !== undefined && test.transcript !== null) {
    bounded.transcript = {
      linking: oneOf(test.transcript.linking, ['linked', 'own'] as const, 'own'),
      words: list<unknown>(test.transcript.words)
        .slice(0, CASES_LIMIT)
        .map((word) => b.text(word)),
    };
  }
  if (test.suspects !== undefined)
    bounded.suspects = list<unknown>(test.suspects)
      .slice(0, CASES_LIMIT)
      .map((file) => b.text(file));
  if (test.mutant !== undefined && test.mutant !== null) bounded.mutant = boundMutant(test.mutant, b);
  if (test.calls !== undefined && test.calls !== null) bounded.calls = boundCalls(test.calls, b);
  if (test.unrepeatable !== undefined && test.unrepeatable !== null)
    bounded.unrepeatable = { line: finite(test.unrepeatable.line) };
  if (test.chance !== undefined)
    bounded.chance = list<ChanceUse>(test.chance)
      .slice(0, CASES_LIMIT)
      .map((use) => ({ file: b.text(use.file), call: b.text(use.call) }));
  if (test.shorterInput !== undefined && test.shorterInput !== null) {
    bounded.shorterInput = {
      stdin: b.text(test.shorterInput.stdin),
      lines: finite(test.shorterInput.lines),
      originalLines: finite(test.shorterInput.originalLines),
      diff: boundDiff(test.shorterInput.diff, b),
      message: b.text(test.shorterInput.message),
    };
  }
  if (test.hint !== undefined && test.hint !== null) bounded.hint = boundHint(test.hint, b);
  if (test.parts !== undefined && test.parts !== null) bounded.parts = boundParts(test.parts);
  return bounded;
}

const FORMAT_ONLY = ['whitespace', 'case', 'prompts'] as const;

function boundParts(parts: TranscriptParts): TranscriptParts {
  const game = parts.game ?? { passed: false, score: 0, maxScore: 0 };
  const format = parts.format ?? { passed: false, score: 0, maxScore: 0 };
  const bounded: TranscriptParts = {
    game: { passed: game.passed === true, score: finite(game.score), maxScore: finite(game.maxScore) },
    format: {
      passed: format.passed === true,
      score: finite(format.score),
      maxScore: finite(format.maxScore),
    },
  };
  if (game.at !== undefined && game.at !== null) {
    bounded.game.at = { round: finite(game.at.round), line: finite(game.at.line) };
    if (game.at.actualLine !== undefined) bounded.game.at.actualLine = finite(game.at.actualLine);
  }
  if (format.only !== undefined) bounded.format.only = oneOf(format.only, FORMAT_ONLY, 'whitespace');
  return bounded;
}

function boundHint(hint: Hint, b: Bounder): Hint {
  const bounded: Hint = { text: b.text(hint.text) };
  const from = hint.from as unknown;
  if (from === 'after_due_date') bounded.from = 'after_due_date';
  else if (from !== null && typeof from === 'object')
    bounded.from = {
      failingRuns: Math.max(1, Math.floor(finite((from as { failingRuns?: unknown }).failingRuns))),
    };
  return bounded;
}

const DEVIATIONS = ['missing', 'extra', 'order', 'different'] as const;

function boundCalls(calls: CallDeviation, b: Bounder): CallDeviation {
  const bounded: CallDeviation = {
    kind: oneOf(calls.kind, DEVIATIONS, 'different'),
    index: finite(calls.index),
    line: finite(calls.line),
    scored: calls.scored === true,
  };
  for (const key of ['expected', 'actual', 'actualMethod', 'after'] as const)
    if (calls[key] !== undefined) bounded[key] = b.text(calls[key]);
  if (calls.referenceIndex !== undefined) bounded.referenceIndex = finite(calls.referenceIndex);
  if (calls.ended === true) bounded.ended = true;
  return bounded;
}

const BROKEN = ['timeout', 'memory-limit', 'output-limit'] as const;

function boundMutant(mutant: MutantResult, b: Bounder): MutantResult {
  const place =
    mutant.place === undefined || mutant.place === null
      ? {}
      : {
          place: {
            file: b.text(mutant.place.file),
            ...(mutant.place.in === undefined ? {} : { in: b.text(mutant.place.in) }),
          },
        };
  return {
    id: b.text(mutant.id),
    description: b.text(mutant.description),
    status: oneOf(mutant.status, ['killed', 'survived'] as const, 'survived'),
    killedBy: list<Kill>(mutant.killedBy)
      .slice(0, CASES_LIMIT)
      .map(
        (kill): Kill =>
          'broke' in kill
            ? { file: b.text(kill.file), broke: oneOf(kill.broke, BROKEN, 'timeout') }
            : { file: b.text(kill.file), position: b.text(kill.position), name: b.text(kill.name) },
      ),
    ...place,
  };
}

/**
 * A copy of `report` that cannot exhaust whoever stores or renders it: every string cut to TEXT_LIMIT
 * (a diff line to LINE_LIMIT) saying how much was cut, and all of them together to REPORT_BUDGET;
 * a diff's context to LINES_LIMIT lines a side; the student's own tests to CASES_LIMIT; numbers
 * finite, enumerations one of their values. Idempotent, and the identity on a report within limits.
 * Applied by the grader to each report it builds, to a stored result read back, and by every renderer.
 */
export function boundReport(report: Report): Report {
  const b = new Bounder();
  const student = report.studentTests ?? { cases: [], exposed: 0, mutants: 0 };
  const cases = list<Report['studentTests']['cases'][number]>(student.cases);
  const studentTests: Report['studentTests'] = {
    cases: cases.slice(0, CASES_LIMIT).map((test) => {
      const bounded: Report['studentTests']['cases'][number] = {
        file: b.text(test.file),
        ...(test.position === undefined ? {} : { position: b.text(test.position) }),
        name: b.text(test.name),
        valid: test.valid === true,
      };
      if (test.reason !== undefined) bounded.reason = b.text(test.reason);
      if (test.kept === true) bounded.kept = true;
      return bounded;
    }),
    exposed: finite(student.exposed),
    mutants: finite(student.mutants),
  };
  const omitted = finite(student.omittedCases) + Math.max(0, cases.length - CASES_LIMIT);
  if (omitted > 0) studentTests.omittedCases = omitted;
  // Keys in the order the grader writes them, so a report within limits serialises byte for byte alike.
  const submission = report.submission ?? { name: '', path: '', hash: '' };
  return {
    schemaVersion: finite(report.schemaVersion),
    tool: { name: 'pitboss', version: b.text(report.tool?.version) },
    assignment: {
      name: b.text(report.assignment?.name),
      title: b.text(report.assignment?.title),
      version: b.text(report.assignment?.version),
    },
    mode: oneOf(report.mode, ['check', 'grade'] as const, 'check'),
    // An unknown view is labelled the student's: the label never makes a report hold more.
    ...(report.view === undefined
      ? {}
      : { view: oneOf(report.view, ['student', 'instructor'] as const, 'student') }),
    seed: finite(report.seed),
    submission: {
      name: b.text(submission.name),
      path: b.text(submission.path),
      hash: b.text(submission.hash),
      ...(submission.declaredRules === undefined ? {} : { declaredRules: b.text(submission.declaredRules) }),
    },
    ...(report.notes === undefined
      ? {}
      : {
          notes: list<unknown>(report.notes)
            .slice(0, CASES_LIMIT)
            .map((note) => b.text(note)),
        }),
    ...(report.tokens === undefined
      ? {}
      : {
          tokens: {
            allowance: finite(report.tokens.allowance),
            spent: report.tokens.spent === true,
            left: finite(report.tokens.left),
            nextAt: b.text(report.tokens.nextAt),
          },
        }),
    ...(report.typeCheck === undefined ? {} : { typeCheck: boundTypeCheck(report.typeCheck, b) }),
    ...(report.language === undefined ? {} : { language: b.text(report.language) }),
    ...(report.compiler === undefined ? {} : { compiler: boundCompiler(report.compiler, b) }),
    score: finite(report.score),
    maxScore: finite(report.maxScore),
    parts: list<PartScore>(report.parts).map((part) => ({
      file: b.text(part.file),
      score: finite(part.score),
      maxScore: finite(part.maxScore),
    })),
    ...(report.notChecked === undefined
      ? {}
      : {
          notChecked: list<PartNotChecked>(report.notChecked).map((part) => ({
            file: b.text(part.file),
            maxScore: finite(part.maxScore),
            reason: oneOf(part.reason, ['linked-transcripts', 'mutants'] as const, 'linked-transcripts'),
          })),
        }),
    studentTests,
    loadErrors: list<Report['loadErrors'][number]>(report.loadErrors).map((problem) => ({
      file: b.text(problem.file),
      message: b.text(problem.message),
    })),
    tests: list<TestResult>(report.tests).map((test) => boundTest(test, b)),
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
