// The words every report format shares, written once: a status in one word, a score, a test's
// visibility tag. (A replay command is `replayCommand` in replay.ts.)

import { describeCalls } from '../0-results/calls.ts';
import type { TranscriptDiff } from '../0-results/diff.ts';
import type { PartNotChecked, Report } from '../0-results/report.ts';
import type { TestResult, TestStatus } from '../0-results/test.ts';

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

/**
 * What a compiled edition's compiler said, in lines, as every format tells it: a heading, then
 * `file:line:column: error|warning: message [-Wflag]` for each problem. None without problems.
 */
export function compilerLines(report: Pick<Report, 'compiler'>): string[] {
  const compiler = report.compiler;
  if (compiler === undefined || compiler.problems.length === 0) return [];
  const errors = compiler.problems.filter((problem) => problem.severity === 'error').length;
  const warnings = compiler.problems.length - errors;
  const counted = [
    ...(errors > 0 ? [`${errors} error${errors === 1 ? '' : 's'}`] : []),
    ...(warnings > 0 ? [`${warnings} warning${warnings === 1 ? '' : 's'}`] : []),
  ].join(' and ');
  return [
    `${compiler.command} said ${counted} (a file that does not compile loses its own tests; a warning costs nothing):`,
    ...compiler.problems.map(
      (problem) =>
        `${problem.file}:${problem.line}:${problem.column}: ${problem.severity}: ${problem.message}${problem.option === undefined ? '' : ` [${problem.option}]`}`,
    ),
    ...(compiler.omitted > 0 ? [`and ${compiler.omitted} more`] : []),
  ];
}

/** A passing test's warning: the calls part from the reference's while the transcript is right. */
export const callsWarning = (test: Pick<TestResult, 'calls' | 'file' | 'status'>): string | undefined =>
  test.calls === undefined || test.status !== 'passed'
    ? undefined
    : `the transcript is right, but ${describeCalls(test.calls, test.file)}`;

/**
 * A test's warning about chance: the student's file called a source of chance or the clock, which the
 * grader answered alike on every run (3-sandbox/children/chance.ts), one sentence per use.
 */
export const chanceWarnings = (test: Pick<TestResult, 'chance'>): string[] =>
  (test.chance ?? []).map(
    ({ file, call }) =>
      `your ${file} calls ${call}: here it answers the same on every run, so your score cannot change between runs, but anywhere else your output can differ from one run to the next (what the game does must depend only on its input: the words, the seed and what is typed)`,
  );

/** Every warning of a test, each one sentence. */
export const testWarnings = (test: TestResult): string[] => {
  const calls = callsWarning(test);
  return [...(calls === undefined ? [] : [calls]), ...chanceWarnings(test)];
};

/**
 * The warnings of a report's tests, each said once with every test it was found in (a deviation is
 * usually the same in every case), in the report's order.
 */
export function groupedWarnings(tests: readonly TestResult[]): { warning: string; tests: TestResult[] }[] {
  const groups = new Map<string, TestResult[]>();
  for (const test of tests) {
    for (const warning of testWarnings(test)) {
      const group = groups.get(warning);
      if (group === undefined) groups.set(warning, [test]);
      else group.push(test);
    }
  }
  return [...groups].map(([warning, tests]) => ({ warning, tests }));
}

/** The heading over a report's warnings. */
export const WARNINGS_HEADING = 'Warnings (worth no points: what the scores do not show)';

/** A survived mutant's place in words: `deck.ts, in Deck.shuffle`. */
export const placeWords = (place: { file: string; in?: string | undefined }): string =>
  place.in === undefined ? place.file : `${place.file}, in ${place.in}`;

/** One of the student's counting tests, with the visible mutants it exposes and those only it exposes. */
export interface OwnTestWorth {
  file: string;
  name: string;
  exposes: string[];
  alone: string[];
}

/**
 * What each of the student's counting tests is worth against the visible mutants (the full matrix:
 * every test that fails on a mutant is in its killedBy): the mutants it exposes, and those no other
 * test of theirs does. A file that broke on a mutant exposes it as a file, not as any one test.
 */
export function ownTestWorth(report: Pick<Report, 'studentTests' | 'tests'>): OwnTestWorth[] {
  const visible = report.tests.filter(
    (test) => test.kind === 'mutant' && test.visibility === 'visible' && test.mutant !== undefined,
  );
  const key = (file: string, position: string | undefined) => `${file}\0${position ?? ''}`;
  const exposedBy = new Map<string, string[]>();
  for (const test of visible) {
    const { id, killedBy } = test.mutant!;
    // Each mutant once per test, however its kills are listed.
    const by = new Set(killedBy.flatMap((kill) => ('broke' in kill ? [] : [key(kill.file, kill.position)])));
    exposedBy.set(id, [...by]);
  }
  return report.studentTests.cases
    .filter((test) => test.valid)
    .map((test) => {
      const self = key(test.file, test.position);
      const exposes = [...exposedBy].filter(([, by]) => by.includes(self)).map(([id]) => id);
      const alone = exposes.filter((id) => exposedBy.get(id)!.length === 1);
      return { file: test.file, name: test.name, exposes, alone };
    });
}

/** A test's worth in words: what it alone pins down, or that it pins down nothing the others do not. */
export function worthWords(worth: OwnTestWorth): string {
  const mutants = (n: number) => `${n} mutant${n === 1 ? '' : 's'}`;
  if (worth.alone.length > 0)
    return `the only test that exposes ${mutants(worth.alone.length)} (${worth.alone.join(', ')})${worth.exposes.length > worth.alone.length ? `, and ${worth.exposes.length - worth.alone.length} more with others` : ''}`;
  const what =
    worth.exposes.length === 0
      ? 'it exposes no mutant'
      : `its ${mutants(worth.exposes.length)} ${worth.exposes.length === 1 ? 'is' : 'are'} exposed by other tests of yours too`;
  return `exposes nothing the others do not (${what})`;
}

/** The question tests that pin down nothing of their own raise: asked once, where bugs got through. */
export const IDLE_TESTS_QUESTION = 'what did you mean each to pin down?';

/**
 * The heading of a failing test's hint, as every format shows it below the evidence: `Hint` or, for
 * one the rubric keeps until the due date, `Hint (after the due date)`.
 */
export const hintHeading = (test: Pick<TestResult, 'hint'>): string =>
  test.hint?.from === 'after_due_date' ? 'Hint (after the due date)' : 'Hint';

/** A test's hint in one block of text (`Hint: ...`), or nothing: shown only on a failing test. */
export const hintText = (test: Pick<TestResult, 'hint' | 'status'>): string | undefined =>
  test.hint === undefined || test.status === 'passed' ? undefined : `${hintHeading(test)}: ${test.hint.text}`;

/**
 * The hints of tests told together (mutant tests that failed before any mutant ran: no test of the
 * student's counts), each hint once with how many tests it is for, in the order first met.
 */
export function groupedHints(tests: readonly TestResult[]): string[] {
  const groups = new Map<string, number>();
  for (const test of tests) {
    const hint = hintText(test);
    if (hint !== undefined) groups.set(hint, (groups.get(hint) ?? 0) + 1);
  }
  return [...groups].map(([hint, count]) => (count === 1 ? hint : `${hint} (for ${count} mutants)`));
}

/** The name of the one entry that stands for a visibility's hidden tests past the submission limit. */
export const heldBackName = (visibility: TestResult['visibility']): string =>
  `${visibility === 'hidden' ? 'hidden tests' : `hidden tests (${visibility.replaceAll('_', ' ')})`}: their detail is held back, no submission token was left`;

/** What the submission policy did to this submission, and when the next token comes back: one sentence. */
export function tokensWords(tokens: NonNullable<Report['tokens']>): string {
  const standing = `${tokens.left} of ${tokens.allowance} submission tokens left; the next comes back at ${tokens.nextAt}`;
  return tokens.spent
    ? `This submission used a submission token: ${standing}.`
    : `No submission token was left: this submission is scored, with its visible tests' feedback, and its hidden tests' detail is held back. ${standing}.`;
}

/** What stands for a linked run's own lines, which are never shown: that they are withheld, and why. */
export const withheldWords = (actualLines: number): string =>
  `got (yours), ${actualLines} lines: not shown (this run had the reference's files; the same case with all your files shows your lines)`;

/**
 * A failing transcript's two parts in a few words, for the line that names it: `game right, format
 * differs` (most of its points kept) or `game differs`; nothing for a test without parts.
 */
export const partsWords = (test: Pick<TestResult, 'parts' | 'status'>): string | undefined => {
  if (test.parts === undefined || test.status === 'passed') return undefined;
  if (!test.parts.game.passed) return 'game differs';
  const only = test.parts.format.only;
  return `game right, format differs${only === undefined ? '' : ` (${only === 'prompts' ? 'prompts' : only} only)`}`;
};

/** A test's points as its failing line shows them: what it earned, and its parts when it has them. */
export const failingPoints = (test: Pick<TestResult, 'parts' | 'status' | 'score' | 'maxScore'>): string => {
  const parts = partsWords(test);
  return `${scoreOutOf(test.score, test.maxScore)}${parts === undefined ? '' : `: ${parts}`}`;
};

/** How many of the other tests a repeated failure names. */
const SAME_NAMED = 6;

/**
 * What makes two failures the same for a reader: the same status and message, or for a transcript the
 * same first differing line (whatever its number) and the same lines there; and the same hint.
 */
export function failureKey(test: TestResult): string {
  const { diff } = test;
  // Tests with different hints are told apart: each hint shows below its own test.
  const hint = test.hint?.text ?? '';
  if (diff === undefined) return `${test.status}\0${test.message ?? ''}\0${hint}`;
  const at = (side: TestResult['diff'] & object, which: 'expected' | 'actual') =>
    side[which].lines[diff.line - side[which].from] ?? '(end)';
  return `${test.status}\0diff\0${at(diff, 'expected')}\0${diff.withheld ? '(withheld)' : at(diff, 'actual')}\0${diff.whitespaceOnly}\0${hint}`;
}

/** The failures grouped, in the order each group first fails: the first of each, and the rest like it. */
export function sameFailures(failed: readonly TestResult[]): [TestResult, TestResult[]][] {
  const groups = new Map<string, [TestResult, TestResult[]]>();
  for (const test of failed) {
    const key = failureKey(test);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [test, []]);
    else group[1].push(test);
  }
  return [...groups.values()];
}

/** The tests failing as the one shown does, in one line: `the same in 9 more tests: a [deck.ts]; ...`. */
export function sameInWords(same: readonly TestResult[]): string {
  const named = same.slice(0, SAME_NAMED).map((other) => `${other.name} [${other.file}]`);
  const more = same.length - named.length;
  return `the same in ${same.length} more test${same.length === 1 ? '' : 's'}: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** Tests grouped by their hint (none last), in the order each hint first shows: each hint said once. */
export function byHint(tests: readonly TestResult[]): { hint: string | undefined; tests: TestResult[] }[] {
  const groups = new Map<string | undefined, TestResult[]>();
  for (const test of tests) {
    const hint = hintText(test);
    const group = groups.get(hint);
    if (group === undefined) groups.set(hint, [test]);
    else group.push(test);
  }
  const withHint = [...groups].filter(([hint]) => hint !== undefined);
  const without = groups.get(undefined);
  return [
    ...withHint.map(([hint, grouped]) => ({ hint, tests: grouped })),
    ...(without === undefined ? [] : [{ hint: undefined, tests: without }]),
  ];
}

/** What a report without mutants (the student tool) says of the part of the students' tests it cannot score. */
export const OWN_TESTS_SCORED_LATER =
  'How many planted bugs (mutants) your tests expose is scored when your submission is graded.';

/** The sentence above a report's failing tests: how many lose points, and how many fail for none. */
export function failingSentence(failed: readonly TestResult[], total: number): string {
  const losing = failed.filter((test) => test.maxScore > 0).length;
  const free = failed.length - losing;
  const lead = `${losing} of ${total} tests of your implementation lose points`;
  return free === 0 ? lead : `${lead}, and ${free} worth no points fail${free === 1 ? 's' : ''}`;
}

/** Why a part is not checked here, in a student's words. */
export function notCheckedWords(part: PartNotChecked): string {
  return part.reason === 'linked-transcripts'
    ? `its transcripts run it with the course's solution for the other files, which this tool does not hold: scored when your submission is graded`
    : `how many planted bugs (mutants) your tests expose: scored when your submission is graded`;
}
