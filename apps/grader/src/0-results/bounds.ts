// Everything below bounds what a report can hold. Student code decides much of a report's text (test
// messages, counterexamples, transcript lines, its own tests' names, its folder's name), so a report
// is bounded before it is stored or rendered: no string, list or whole report can grow without limit.

import type { CallDeviation } from './calls.ts';
import type { DiffRegion, TranscriptDiff } from './diff.ts';
import type { Kill, MutantResult } from './mutant.ts';
import type { CompilerProblem, CompilerReport, TypeCheckResult, TypeProblem } from './problems.ts';
import type { PartNotChecked, PartScore, Report } from './report.ts';
import type { ChanceUse, Hint, TestResult, TestStatus, TranscriptParts, Visibility } from './test.ts';

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
