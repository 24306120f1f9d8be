// Gradescope's autograder results.json: score, and one entry per test with name, score, max_score,
// status, output and visibility. Gradescope renders `output` and `name` as HTML or Markdown unless told
// otherwise: every one is declared plain text, so nothing a student's code printed becomes markup, and
// control characters are escaped as in the terminal report.

import { boundReport } from '../0-results/bounds.ts';
import type { TranscriptDiff } from '../0-results/diff.ts';
import type { Report } from '../0-results/report.ts';
import type { Visibility } from '../0-results/test.ts';
import { RERUN_WHERE, rerunCommand } from '../kit/rerun.ts';
import { terminalBlock, terminalLine } from './human.ts';
import {
  compilerLines,
  hintText,
  testWarnings,
  tokensWords,
  typeCheckLines,
  typedOn,
  withheldWords,
} from './words.ts';

/** Both sides of a diff: the reference's lines, then the student's, or that they are withheld. */
const sides = (diff: TranscriptDiff): string =>
  `expected (reference):\n${excerpt(diff, 'expected')}\n${diff.withheld === true ? withheldWords(diff.actualLines) : `got (yours):\n${excerpt(diff, 'actual')}`}`;

/** One side of a diff as text lines, each with what was typed on it (input is not echoed). */
const excerpt = (diff: TranscriptDiff, side: 'expected' | 'actual'): string =>
  diff[side].lines
    .map((line, i) => {
      const typed = typedOn(diff, diff[side].from + i, side);
      return `${terminalLine(line)}${typed === undefined ? '' : `    <- ${terminalLine(typed)}`}`;
    })
    .join('\n');

type TextFormat = 'text';

export interface GradescopeResults {
  score: number;
  output: string;
  output_format: TextFormat;
  test_output_format: TextFormat;
  test_name_format: TextFormat;
  visibility: 'visible';
  stdout_visibility: 'hidden';
  tests: GradescopeTest[];
  /** The submission policy's standing, for a program to read (the output says it in words). */
  extra_data?: { pitboss: { tokens: NonNullable<Report['tokens']> } };
}

export interface GradescopeTest {
  name: string;
  name_format: TextFormat;
  number: string;
  score: number;
  max_score: number;
  /** Absent on a hint's own entry, which is no test. */
  status?: 'passed' | 'failed' | undefined;
  output: string;
  output_format: TextFormat;
  visibility: Visibility;
}

/** Visibilities from the soonest shown to the latest. */
const SHOWN_ORDER: readonly Visibility[] = ['visible', 'after_due_date', 'after_published', 'hidden'];
const later = (a: Visibility, b: Visibility): Visibility =>
  SHOWN_ORDER.indexOf(a) >= SHOWN_ORDER.indexOf(b) ? a : b;

/**
 * Whether a graded test's hint waits for the due date on Gradescope: the rubric says so, or it waits
 * for the student's Nth failing check (Gradescope keeps no count of runs, and a grade reads none).
 * Such a hint is an entry of its own, worth nothing, shown after the due date: Gradescope has no
 * visibility for part of a test's output.
 */
const hintWaits = (report: Report, test: Report['tests'][number]): boolean =>
  report.mode === 'grade' && test.hint?.from !== undefined;

const block = (text: string) => terminalBlock(text, '');

/** How many tests a waiting hint's entry names: the rest are counted. */
const HINTED_NAMED = 10;

/**
 * The hints that wait for the due date, an entry each (worth nothing) for every distinct hint: one
 * hint that many failing tests share is one entry naming them, not one entry per test.
 */
function waitingHints(report: Report): GradescopeTest[] {
  const groups = new Map<string, { hint: string; visibility: Visibility; tests: Report['tests'] }>();
  for (const test of report.tests) {
    const hint = hintText(test);
    if (hint === undefined || !hintWaits(report, test)) continue;
    const visibility = later(test.visibility, 'after_due_date');
    const key = `${visibility}\0${hint}`;
    const group = groups.get(key) ?? { hint, visibility, tests: [] };
    group.tests.push(test);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ hint, visibility, tests }, i): GradescopeTest => {
    const files = [...new Set(tests.map((test) => test.file))];
    const named = tests.slice(0, HINTED_NAMED).map((test) => `- ${test.file}: ${test.name}`);
    const more = tests.length > HINTED_NAMED ? [`- and ${tests.length - HINTED_NAMED} more`] : [];
    return {
      name: terminalLine(
        tests.length === 1
          ? `${tests[0]!.file}: hint for ${tests[0]!.name}`
          : `${files.join(', ')}: hint for ${tests.length} failing tests`,
      ),
      name_format: 'text',
      number: `${report.tests.length + i + 1}`,
      score: 0,
      max_score: 0,
      output: block(tests.length === 1 ? hint : `For:\n${[...named, ...more].join('\n')}\n\n${hint}`),
      output_format: 'text',
      visibility,
    };
  });
}

/** Every entry's name told apart: a name several entries share gets its place among them, `(2 of 5)`. */
function uniqueNames(tests: GradescopeTest[]): GradescopeTest[] {
  const count = new Map<string, number>();
  for (const test of tests) count.set(test.name, (count.get(test.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return tests.map((test) => {
    const total = count.get(test.name)!;
    if (total === 1) return test;
    const place = (seen.get(test.name) ?? 0) + 1;
    seen.set(test.name, place);
    return { ...test, name: `${test.name} (${place} of ${total})` };
  });
}

export function renderGradescope(unbounded: Report): GradescopeResults {
  const report = boundReport(unbounded);
  return {
    score: report.score,
    output: [
      `Graded with pitboss ${terminalLine(report.tool.version)}, ${terminalLine(report.assignment.name)} v${terminalLine(report.assignment.version)}, seed ${report.seed}.`,
      ...(report.notes ?? []).map((note) => terminalLine(`note: ${note}`)),
      ...typeCheckLines(report).map(terminalLine),
      ...compilerLines(report).map(terminalLine),
      ...(report.tokens === undefined ? [] : [terminalLine(tokensWords(report.tokens))]),
    ].join('\n'),
    output_format: 'text',
    test_output_format: 'text',
    test_name_format: 'text',
    visibility: 'visible',
    stdout_visibility: 'hidden',
    tests: uniqueNames([
      ...report.tests.map((test, i): GradescopeTest => {
        const hint = hintText(test);
        return {
          name: terminalLine(`${test.file}: ${test.name}`),
          name_format: 'text',
          number: String(i + 1),
          score: test.score,
          max_score: test.maxScore,
          status: test.status === 'passed' ? 'passed' : 'failed',
          output: [
            block(test.message ?? ''),
            ...testWarnings(test).map((warning) => block(`warning, worth no points: ${warning}`)),
            test.diff === undefined ? '' : sides(test.diff),
            test.shorterInput === undefined
              ? ''
              : `a shorter input shows a difference too (${test.shorterInput.lines} of the ${test.shorterInput.originalLines} lines typed):\n${block(test.shorterInput.stdin)}\n${block(test.shorterInput.message)}\n${sides(test.shorterInput.diff)}`,
            test.replay === undefined
              ? ''
              : // Gradescope's folder is not the student's: the command names theirs in words.
                `Your own check runs this test too, with cases of its own (this case was drawn with the graded seed, which only the course's grader draws), ${RERUN_WHERE}: ${terminalLine(rerunCommand('<your submission folder>', { only: test.id }))}`,
            hint === undefined || hintWaits(report, test) ? '' : block(hint),
          ]
            .filter(Boolean)
            .join('\n\n'),
          output_format: 'text',
          visibility: test.visibility,
        };
      }),
      ...waitingHints(report),
    ]),
    ...(report.tokens === undefined ? {} : { extra_data: { pitboss: { tokens: report.tokens } } }),
  };
}
