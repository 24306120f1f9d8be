// The words every report format shares, written once: a status in one word, a score, a test's
// visibility tag. (A replay command is `replayCommand` in model.ts.)
import type { Report, TestResult, TestStatus, TranscriptDiff } from './model.ts';

/** A test's status in one upper-case word: the same in the terminal, the HTML page and the JUnit file. */
export const STATUS_WORDS: Record<TestStatus, string> = {
  passed: 'PASS',
  failed: 'FAIL',
  timeout: 'TIMEOUT',
  'memory-limit': 'MEMORY',
  'output-limit': 'OUTPUT',
  'runtime-error': 'ERROR',
  'load-error': 'LOAD',
};

/** The longest status word, to line statuses up in a column. */
export const STATUS_WIDTH = Math.max(...Object.values(STATUS_WORDS).map((word) => word.length));

/** A number of points as reports print it: at most two decimals, none when whole (`2.5`, `3`). */
export const points = (value: number): string => String(Number(value.toFixed(2)));

/** `score/max`, as every report prints a score. */
export const scoreOutOf = (score: number, max: number): string => `${points(score)}/${points(max)}`;

/** A test's visibility as a tag, in words (`after due date`), or nothing for a visible test. */
export const visibilityWords = (test: Pick<TestResult, 'visibility'>): string | undefined =>
  test.visibility === 'visible' ? undefined : test.visibility.replaceAll('_', ' ');

/**
 * What was typed on a diff's line, in words (`typed: 10`), for the side given: the expected side's
 * reads, and the submission's on the lines before the first difference (the same lines, the same reads).
 */
export function typedOn(diff: TranscriptDiff, line: number, side: 'expected' | 'actual'): string | undefined {
  if (side === 'actual' && line >= diff.line) return undefined;
  const reads = (diff.typed ?? []).filter((read) => read.line === line);
  if (reads.length === 0) return undefined;
  return `typed: ${reads.map((read) => (read.word === null ? '(the input had ended)' : read.word)).join(' ')}`;
}

/** What a legend says of typed input, when a diff shows some. */
export const TYPED_LEGEND = 'input is not echoed: "typed" tells the word read at the end of that line';

/**
 * The type check in lines, as every format tells it: a heading, then `file:line:column TSnnnn message`
 * for each problem. None when the types were not checked or have no problem.
 */
export function typeCheckLines(report: Pick<Report, 'typeCheck'>): string[] {
  const check = report.typeCheck;
  if (check === undefined) return [];
  if ('skipped' in check) return [`Types not checked: ${check.skipped}.`];
  if (check.problems.length === 0) return [];
  const count = check.problems.length + check.omitted;
  return [
    `${count} type error${count === 1 ? '' : 's'} (what tsc, strict, rejects; worth no points):`,
    ...check.problems.map(
      (problem) => `${problem.file}:${problem.line}:${problem.column} TS${problem.code} ${problem.message}`,
    ),
    ...(check.omitted > 0 ? [`and ${check.omitted} more`] : []),
  ];
}
