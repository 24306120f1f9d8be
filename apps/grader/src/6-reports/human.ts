// The report for people: score by part, then every lost point with what to do about it.
import pc from 'picocolors';
import { boundReport } from '../0-results/bounds.ts';
import type { TranscriptDiff } from '../0-results/diff.ts';
import { killWords, type MutantResult } from '../0-results/mutant.ts';
import { courseMaxScore, ownAndKept, type Report } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import { type ReplayFrom, rerunLine } from './replay.ts';
import {
  byHint,
  compilerLines,
  failingPoints,
  failingSentence,
  groupedHints,
  groupedWarnings,
  hintText,
  IDLE_TESTS_QUESTION,
  notCheckedWords,
  OWN_TESTS_SCORED_LATER,
  ownTestWorth,
  placeWords,
  STATUS_WIDTH,
  STATUS_WORDS,
  sameFailures,
  sameInWords,
  scoreOutOf,
  TYPED_LEGEND,
  tokensWords,
  typeCheckLines,
  typedOn,
  WARNINGS_HEADING,
  withheldWords,
  worthWords,
} from './words.ts';

export interface HumanOptions {
  color: boolean;
  /** Where its replay commands are to be run (replay.ts); absent: from the submission's folder. */
  from?: ReplayFrom | undefined;
}

// What could steer a terminal: C0 controls (tab and, in a block, newline aside), DEL, C1 controls
// (CSI and OSC among them), line and paragraph separators, and the bidirectional marks, embeddings,
// overrides and isolates that reorder what is shown. ESC escaped ends every escape sequence.
const CONTROLS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it matches
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escaped = (char: string): string => {
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** Text for a terminal, on one line: every control character shown as an escape (`\x1b`, `\u202e`). */
export const terminalLine = (text: string): string => text.replace(CONTROLS, escaped);

/**
 * Text as lines, for any reader (a terminal, an HTML page): every control character but the line
 * ends and tabs shown as an escape, as terminalLine shows it, so no bidirectional override reorders
 * what a page shows.
 */
export const shownControls = (text: string): string =>
  text.replace(CONTROLS, (char) => (char === '\n' ? char : escaped(char)));

/**
 * Text for a terminal as a block of lines, each after `indent`: a line of the text cannot start at
 * the left margin, where the report's own lines are, nor hold a control character.
 */
export const terminalBlock = (text: string, indent: string): string =>
  text
    .split('\n')
    .map((line) => `${indent}${terminalLine(line)}`)
    .join('\n');

type Colors = ReturnType<typeof pc.createColors>;

/** A mutant's kills on one line: `by a > x, and 1 more`, a timeout first when one counted. */
function firstExposure(mutant: MutantResult): string {
  const tests = mutant.killedBy.filter((kill) => !('broke' in kill));
  const timeout = mutant.killedBy.some((kill) => 'broke' in kill && kill.broke === 'timeout');
  const first = mutant.killedBy[0];
  if (first === undefined) return '';
  const lead = timeout ? 'a timeout; ' : '';
  const shown = tests[0] ?? first;
  const rest = mutant.killedBy.length - 1 - (timeout && tests.length > 0 ? 1 : 0);
  return `${lead}by ${killWords(shown)}${rest > 0 ? `, and ${rest} more` : ''}`;
}

/** Without mutants (the student tool): the student's tests as they ran on their own code, unscored. */
function ownTestsSection(report: Report, c: Colors): string[] {
  const t = terminalLine;
  const { own: cases, kept } = ownAndKept(report);
  if (cases.length === 0 && kept.length === 0) return [];
  const passed = cases.filter((test) => test.valid).length;
  const out = ['', c.bold(`Your tests, on your own code: ${passed} of ${cases.length} pass.`)];
  for (const test of cases)
    out.push(
      test.valid
        ? `  ${c.green('pass')} ${t(test.file)} > ${t(test.name)}`
        : c.red(`  FAIL ${t(test.file)} > ${t(test.name)}: ${t(test.reason ?? '')}`),
    );
  const omitted = report.studentTests.omittedCases ?? 0;
  if (omitted > 0) out.push(`  (${omitted} more of your tests are not listed)`);
  out.push(...keptLines(kept, c));
  out.push(c.dim(`  ${OWN_TESTS_SCORED_LATER}`));
  return out;
}

/** The files `check --keep` wrote: the grader's cases, named as such, apart from the student's tests. */
function keptLines(kept: Report['studentTests']['cases'], c: Colors): string[] {
  if (kept.length === 0) return [];
  return [
    c.dim(
      `  Kept by pitboss check --keep (${kept.length}): the grader's failing cases, for you to run (npm test); not your tests, never counted:`,
    ),
    ...kept.map((test) => c.dim(`    kept: ${terminalLine(test.file)}`)),
  ];
}

/** The student's own tests: which count, and which mutants they expose (per the rubric's visibility). */
function studentTestsSection(report: Report, c: Colors): string[] {
  const t = terminalLine;
  const { exposed, mutants } = report.studentTests;
  if (mutants === 0) return ownTestsSection(report, c);
  const { own: cases, kept } = ownAndKept(report);
  const out = ['', c.bold(`Your tests expose ${exposed} of ${mutants} mutants.`)];
  const valid = cases.filter((test) => test.valid).length;
  const omitted = report.studentTests.omittedCases ?? 0;
  out.push(
    `  ${valid} of ${cases.length} of your tests count (a test counts when it passes on the reference solution).`,
  );
  if (omitted > 0) out.push(`  (${omitted} more of your tests are not listed)`);
  // Three kinds of message, kept apart: the student's test is wrong, their tests missed a bug, their
  // tests found one (their code being wrong is the failures above).
  const invalid = cases.filter((each) => !each.valid);
  if (invalid.length > 0) {
    out.push(
      c.yellow(
        '  Your tests that are wrong (they fail on the reference solution, so they count for nothing):',
      ),
    );
    for (const test of invalid)
      out.push(c.yellow(`    does not count: ${t(test.file)} > ${t(test.name)}: ${t(test.reason ?? '')}`));
  }
  out.push(...keptLines(kept, c));
  const mutantTests = report.tests.filter((test) => test.kind === 'mutant');
  const shown = mutantTests.filter((test) => test.visibility === 'visible');
  const missed = shown.filter((test) => test.mutant?.status === 'survived');
  if (missed.length > 0) {
    out.push(`  Bugs your tests missed (${missed.length}):`);
    // Each hint once, below the bugs it is for (an instructor's hint often covers a whole file's).
    for (const { hint, tests: alike } of byHint(missed)) {
      for (const test of alike) {
        const mutant = test.mutant!;
        const place = mutant.place;
        out.push(
          `    ${c.red('survived')} ${t(place === undefined ? `${mutant.id}: ${mutant.description}` : `a bug planted in ${placeWords(place)}`)}${report.view === 'student' || place === undefined ? '' : c.dim(`  (${t(`${mutant.id}: ${mutant.description}`)})`)}`,
        );
      }
      if (hint !== undefined)
        out.push(
          c.cyan(
            terminalBlock(
              alike.length === 1 ? hint : `${hint} (for the ${alike.length} above)`,
              '             ',
            ),
          ),
        );
    }
  }
  const found = shown.filter((test) => test.mutant?.status === 'killed');
  if (found.length > 0) out.push(`  Bugs your tests found (${found.length}):`);
  for (const { mutant } of found) {
    const detail = firstExposure(mutant!);
    out.push(
      `    ${c.green('exposed ')} ${t(`${mutant!.id}: ${mutant!.description}`)}${detail ? c.dim(`  (${t(detail)})`) : ''}`,
    );
  }
  const worth = ownTestWorth(report);
  if (worth.length > 0 && shown.length > 0) {
    const alone = worth.filter((test) => test.alone.length > 0);
    // A test that exposes no bug at all is always named: it may test nothing (an assert-free test).
    const idle = worth
      .filter((test) => test.alone.length === 0)
      .sort((a, b) => Number(a.exposes.length > 0) - Number(b.exposes.length > 0));
    const none = idle.filter((test) => test.exposes.length === 0);
    if (missed.length === 0) {
      // Every visible bug found: what each test adds is told in one line, no question asked.
      const shared = idle.length - none.length;
      out.push(
        `  Your ${worth.length} test${worth.length === 1 ? '' : 's'}: ${alone.length} expose${alone.length === 1 ? 's' : ''} a bug no other of yours does${shared > 0 ? `, ${shared} only bugs the others expose too` : ''}${none.length > 0 ? `, ${none.length} no bug at all:` : '.'}`,
      );
      for (const test of none)
        out.push(c.yellow(`    ${t(test.file)} > ${t(test.name)}: ${t(worthWords(test))}`));
    } else {
      out.push('  What each of your tests is worth (the visible mutants it alone exposes):');
      for (const test of alone) out.push(`    ${t(test.file)} > ${t(test.name)}: ${t(worthWords(test))}`);
      if (idle.length > 0) {
        out.push(
          c.yellow(
            `    ${idle.length} expose${idle.length === 1 ? 's' : ''} nothing the others do not, with bugs still missed: ${IDLE_TESTS_QUESTION}`,
          ),
        );
        const named = Math.max(IDLE_NAMED, none.length);
        for (const test of idle.slice(0, named))
          out.push(c.yellow(`      ${t(test.file)} > ${t(test.name)}: ${t(worthWords(test))}`));
        if (idle.length > named) out.push(c.yellow(`      and ${idle.length - named} more`));
      }
    }
  }
  // Mutant tests that failed before any mutant ran (no test of theirs counts) still show their hints.
  for (const hint of groupedHints(shown.filter((each) => each.mutant === undefined)))
    out.push(c.cyan(terminalBlock(hint, '  ')));
  const hidden = mutantTests.length - shown.length;
  if (hidden > 0) {
    const hiddenExposed = mutantTests.filter(
      (test) => test.visibility !== 'visible' && test.status === 'passed',
    ).length;
    out.push(`  ${hiddenExposed} of ${hidden} hidden mutants exposed`);
  }
  return out;
}

/** How many tests that pin down nothing of their own are named (besides any that expose no bug at all). */
const IDLE_NAMED = 5;
/** How many tests a warning names: it is the same in all of them. */
const WARNED_NAMED = 2;

/** A transcript diff's context, both sides numbered, the first differing line marked. */
function diffBlock(diff: TranscriptDiff, c: Colors): string[] {
  const t = terminalLine;
  const out: string[] = [];
  const mark = (
    from: number,
    lines: string[],
    sign: string,
    paint: (text: string) => string,
    side: 'expected' | 'actual',
  ) =>
    lines.map((line, i) => {
      const number = from + i;
      const text = `${sign}${String(number).padStart(6)} | ${t(line).replaceAll(' ', number === diff.line ? '·' : ' ')}`;
      const typed = typedOn(diff, number, side);
      return `${number === diff.line ? paint(text) : c.dim(text)}${typed === undefined ? '' : c.cyan(`  <- ${t(typed)}`)}`;
    });
  if (diff.typed !== undefined && diff.typed.length > 0) out.push(c.dim(`      (${TYPED_LEGEND})`));
  out.push(`      expected (reference), ${diff.expectedLines} lines:`);
  out.push(...mark(diff.expected.from, diff.expected.lines, '      ', c.green, 'expected'));
  if (diff.withheld === true) {
    out.push(`      ${withheldWords(diff.actualLines)}`);
  } else {
    out.push(`      got (yours), ${diff.actualLines} lines:`);
    out.push(...mark(diff.actual.from, diff.actual.lines, '      ', c.red, 'actual'));
  }
  return out;
}

/** A test's status, padded to line up, green for a pass and red for anything else. */
export function statusWord(test: Pick<TestResult, 'status'>, c: Colors): string {
  const word = STATUS_WORDS[test.status].padEnd(STATUS_WIDTH);
  return test.status === 'passed' ? c.green(word) : c.red(word);
}

/**
 * One failing test as the report tells it: its status, name and file, then its evidence (the message,
 * the transcript's difference, a shorter input, the replay command, its hint). Watch mode tells a newly
 * failing test with the same lines.
 */
export function failureLines(
  report: Report,
  test: TestResult,
  c: Colors,
  from: ReplayFrom = 'submission',
): string[] {
  const t = terminalLine;
  const out = [
    `${statusWord(test, c)} ${t(test.name)}  ${c.dim(`[${t(test.file)}, ${failingPoints(test)}]`)}`,
  ];
  if (test.message !== undefined) out.push(terminalBlock(test.message, '      '));
  if (test.diff !== undefined) out.push(...diffBlock(test.diff, c));
  const shorter = test.shorterInput;
  if (shorter !== undefined) {
    out.push(
      c.yellow(
        `      a shorter input shows a difference too: ${shorter.lines} of the ${shorter.originalLines} lines typed:`,
      ),
    );
    out.push(
      ...shorter.stdin
        .split('\n')
        .slice(0, shorter.lines)
        .map((line) => `        < ${t(line)}`),
    );
    out.push(terminalBlock(shorter.message, '      '));
    out.push(...diffBlock(shorter.diff, c));
  }
  const rerun = rerunLine(report, test, from);
  if (rerun !== undefined) out.push(c.dim(`      ${t(rerun)}`));
  const hint = hintText(test);
  if (hint !== undefined) out.push(c.cyan(terminalBlock(hint, '      ')));
  return out;
}

export function renderHuman(unbounded: Report, options: HumanOptions): string {
  const report = boundReport(unbounded);
  const c = pc.createColors(options.color);
  const t = terminalLine;
  const out: string[] = [];
  out.push(c.bold(t(`${report.assignment.title}: ${report.submission.name}`)));
  out.push(
    `${c.bold(`Score ${scoreOutOf(report.score, report.maxScore)}`)}  (${report.notChecked !== undefined ? `the visible tests this tool checks: ${report.maxScore} of the course's ${courseMaxScore(report)} visible points` : report.mode === 'check' ? 'visible tests only' : 'all tests'}; seed ${report.seed}; grader ${t(report.assignment.name)} v${t(report.assignment.version)})`,
  );
  out.push('');
  for (const part of report.parts) {
    const full = part.score === part.maxScore;
    out.push(
      `  ${(full ? c.green : c.yellow)(scoreOutOf(part.score, part.maxScore).padStart(9))}  ${t(part.file)}`,
    );
  }
  // The parts the student tool cannot check: their points, and why, where the parts are.
  for (const part of report.notChecked ?? [])
    out.push(
      c.dim(
        terminalBlock(
          `${`-/${part.maxScore}`.padStart(9)}  ${part.file}: not checked here, ${notCheckedWords(part)}`,
          '  ',
        ),
      ),
    );
  for (const problem of report.loadErrors) out.push(c.red(terminalBlock(problem.message, '  ')));
  for (const note of report.notes ?? []) out.push(c.dim(terminalBlock(`note: ${note}`, '  ')));
  if (report.tokens !== undefined) out.push(terminalBlock(tokensWords(report.tokens), '  '));
  const [typesHeading, ...typeProblems] = typeCheckLines(report);
  if (typesHeading !== undefined) {
    out.push('', c.yellow(t(typesHeading)));
    for (const line of typeProblems) out.push(terminalBlock(line, '  '));
  }
  const [compilerHeading, ...compilerProblems] = compilerLines(report);
  if (compilerHeading !== undefined) {
    out.push('', c.yellow(t(compilerHeading)));
    for (const line of compilerProblems) out.push(terminalBlock(line, '  '));
  }
  // The implementation's failures first, then the student's own tests and the mutants.
  const failed = report.tests.filter((test) => test.status !== 'passed' && test.kind !== 'mutant');
  const implementation = report.tests.filter((test) => test.kind !== 'mutant').length;
  if (failed.length === 0) {
    if (implementation > 0) out.push('', c.green(`All ${implementation} tests of your implementation pass.`));
  } else {
    out.push('', c.bold(`${failingSentence(failed, implementation)}:`));
    // A failure repeated case after case (the same first difference, the same hang) is told once,
    // with the other tests it affects named after it.
    for (const [test, same] of sameFailures(failed)) {
      out.push('', ...failureLines(report, test, c, options.from));
      if (same.length > 0) out.push(c.yellow(`      ${t(sameInWords(same))}`));
    }
  }
  const warnings = groupedWarnings(report.tests);
  if (warnings.length > 0) {
    out.push('', c.bold(`${WARNINGS_HEADING}:`));
    for (const { warning, tests } of warnings) {
      const named = tests.slice(0, WARNED_NAMED).map((test) => t(test.name));
      const more = tests.length - named.length;
      out.push('', c.yellow(terminalBlock(warning, '  ')));
      out.push(c.dim(`      in ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`));
    }
  }
  out.push(...studentTestsSection(report, c));
  return `${out.join('\n')}\n`;
}
