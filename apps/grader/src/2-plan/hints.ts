// An instructor's hints (rubric.json `hints`): a sentence shown below a failing test's evidence. Three
// things live here: the check that no hint quotes the private part (a hint is text for students), when
// a student's `check` shows a hint, and the student's own count of failing checks that gates some.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import { solutionDirOf } from '../assignment/load.ts';
import type { Assignment, TranscriptCase } from '../kit/assignment.ts';
import type { Mutant } from '../mutants/catalogue.ts';
import { PitbossError } from '../plumbing/errors.ts';
import type { HintEntry } from './rubric.ts';

/**
 * Lower case, words split on whitespace and stripped of the punctuation that ends a sentence: a quote
 * is found however it was spaced, cased or punctuated.
 */
const normal = (text: string): string =>
  text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[.,;:!?]+$/, ''))
    .filter(Boolean)
    .join(' ');

/** `phrase` in `text` as whole words (not `6 1 counting` inside `16 1 counting`). */
function quotes(text: string, phrase: string): boolean {
  const wanted = normal(phrase);
  if (wanted === '') return false;
  const haystack = ` ${normal(text)} `;
  let at = haystack.indexOf(wanted);
  while (at !== -1) {
    const before = haystack[at - 1] ?? ' ';
    const after = haystack[at + wanted.length] ?? ' ';
    if (!/[\w-]/.test(before) && !/[\w-]/.test(after)) return true;
    at = haystack.indexOf(wanted, at + 1);
  }
  return false;
}

/** How many consecutive words of a description make a quote of it. */
const QUOTED_WORDS = 6;
/** A changed source line this long (trimmed) is distinctive enough to be a quote. */
const DISTINCTIVE_LINE = 12;
/** A hidden case's stdin line this long (trimmed) is distinctive enough to be a quote. */
const DISTINCTIVE_INPUT = 16;

/** Every run of QUOTED_WORDS words of a text (the whole text when it is shorter). */
function wordRuns(text: string): string[] {
  const words = normal(text).split(' ').filter(Boolean);
  if (words.length <= QUOTED_WORDS) return [words.join(' ')];
  return words
    .slice(0, words.length - QUOTED_WORDS + 1)
    .map((_, i) => words.slice(i, i + QUOTED_WORDS).join(' '));
}

/** The lines of a private mutant that the solution does not have: what its edit wrote. */
function changedLines(assignment: Assignment, mutant: Mutant): string[] {
  let original: Set<string>;
  try {
    original = new Set(
      readFileSync(join(solutionDirOf(assignment), mutant.file), 'utf8')
        .split('\n')
        .map((line) => line.trim()),
    );
  } catch {
    original = new Set();
  }
  return mutant.source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length >= DISTINCTIVE_LINE && !original.has(line));
}

/** What a hint may not quote, each with how to say it was quoted. */
function secretsOf(
  assignment: Assignment,
  mutants: readonly Mutant[],
  privateCases: readonly TranscriptCase[],
): { phrase: string; what: string }[] {
  const secrets: { phrase: string; what: string }[] = [];
  for (const hidden of privateCases) {
    const words = hidden.words.join(' ');
    secrets.push({ phrase: words, what: `the hidden transcript case '${words}'` });
    secrets.push({ phrase: hidden.words.join('_'), what: `the hidden transcript case '${words}' (its id)` });
    if (hidden.input !== undefined)
      secrets.push({ phrase: hidden.input, what: `the stdin file of the hidden case '${words}'` });
    for (const line of (hidden.stdin ?? '').split('\n').map((each) => each.trim()))
      if (line.length >= DISTINCTIVE_INPUT)
        secrets.push({ phrase: line, what: `a line of the stdin of the hidden case '${words}'` });
  }
  for (const mutant of mutants.filter((each) => each.part === 'private')) {
    secrets.push({ phrase: mutant.id, what: `the private mutant ${mutant.id} (its id)` });
    for (const run of wordRuns(mutant.description))
      secrets.push({ phrase: run, what: `the private mutant ${mutant.id} (its description)` });
    for (const line of changedLines(assignment, mutant))
      secrets.push({ phrase: line, what: `the private mutant ${mutant.id} (a line of its source)` });
  }
  return secrets;
}

/**
 * Refuses (HINT_QUOTES_SECRET, exit 2) a rubric whose hint quotes a hidden transcript case (its words,
 * its id, its stdin file or a long line of that stdin) or a private mutant (its id, six words in a row
 * of its description, a line its edit wrote). Every hint is checked, whatever test it is on: a hint is
 * written for students, and a rubric travels with the student tool.
 */
export function refuseQuotingHints(
  assignment: Assignment,
  hints: readonly HintEntry[],
  mutants: readonly Mutant[],
  privateCases: readonly TranscriptCase[],
): void {
  if (hints.length === 0) return;
  const secrets = secretsOf(assignment, mutants, privateCases);
  for (const hint of hints) {
    const quoted = secrets.find((secret) => quotes(hint.hint, secret.phrase));
    if (quoted !== undefined)
      throw new PitbossError(
        'HINT_QUOTES_SECRET',
        `rubric ${assignment.rubricFile}: the hint for '${hint.match}' quotes ${quoted.what}, which is private: a hint is shown to students (HINT_QUOTES_SECRET)`,
      );
  }
}

/** Where a student's `check` keeps its count of failing runs, inside the submission (never graded). */
export const HISTORY_FOLDER = '.pitboss';
export const HISTORY_FILE = 'history.json';

/** The student's own history: per test id, on how many `check` runs it failed. */
export interface History {
  failingRuns: Record<string, number>;
}

/** The most test ids a history keeps (a file written by hand cannot grow a check's memory). */
const HISTORY_IDS = 10_000;

/** The history of a submission folder; an empty one when there is none or it is not one. */
export function readHistory(folder: string): History {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(join(folder, HISTORY_FOLDER, HISTORY_FILE), 'utf8'));
  } catch {
    return { failingRuns: {} };
  }
  const runs = (data as { failingRuns?: unknown } | null)?.failingRuns;
  const failingRuns: Record<string, number> = {};
  if (runs !== null && typeof runs === 'object' && !Array.isArray(runs)) {
    for (const [id, count] of Object.entries(runs).slice(0, HISTORY_IDS))
      if (Number.isSafeInteger(count) && (count as number) > 0) failingRuns[id] = count as number;
  }
  return { failingRuns };
}

/** `history` with one more failing run for every test `report` failed. */
export function countFailures(history: History, report: Report): History {
  const failingRuns = { ...history.failingRuns };
  for (const test of report.tests)
    if (test.status !== 'passed') failingRuns[test.id] = (failingRuns[test.id] ?? 0) + 1;
  return { failingRuns };
}

let writes = 0;

/** Writes the history whole (a temporary name, then renamed): a check stopped half-way leaves the old one. */
export function writeHistory(folder: string, history: History): void {
  const dir = join(folder, HISTORY_FOLDER);
  mkdirSync(dir, { recursive: true });
  const target = join(dir, HISTORY_FILE);
  // Unique per write: two checks of one folder at once (in one process too) never share a file.
  const temporary = `${target}.${process.pid}.${++writes}.tmp`;
  const sorted = Object.fromEntries(Object.entries(history.failingRuns).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(temporary, `${JSON.stringify({ failingRuns: sorted }, null, 2)}\n`);
  renameSync(temporary, target);
}

/**
 * A student's check of `report` (graded with every hint of a failing test): the hints it may show. An
 * `after_due_date` hint goes (a check runs before the due date); one `from` N failing runs stays when
 * the history, this run counted, has the test failing N times or more.
 */
export function checkHints(report: Report, history: History): Report {
  const tests = report.tests.map((test): TestResult => {
    const { hint } = test;
    if (hint?.from === undefined) return test;
    const shown =
      hint.from !== 'after_due_date' && (history.failingRuns[test.id] ?? 0) >= hint.from.failingRuns;
    if (shown) return test;
    const { hint: _withheld, ...rest } = test;
    return rest;
  });
  return { ...report, tests };
}
