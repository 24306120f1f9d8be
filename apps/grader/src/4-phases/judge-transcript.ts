// Where a transcript is judged: a program's run against the reference's expected output, as a verdict
// and the words that tell it.

import type { TranscriptDiff } from '../0-results/diff.ts';
import type { TranscriptParts } from '../0-results/test.ts';
import { BEFORE_MAIN, type Budget, describeLimit, type ProgramOutcome } from '../3-sandbox/door.ts';
import type { GameEvents, Limits, ReadAllowance, StdinRead } from '../kit/assignment.ts';
import {
  allowanceOf,
  compareEvents,
  courseEvents,
  describeGameDifference,
  FORMAT_ONLY_WORDS,
  formatOnly,
  gameAt,
  ReadingStopped,
  readEvents,
} from './game-events.ts';
import { byBudget, LIMIT_STATUS, type Outcome } from './outcome.ts';
import {
  compareTranscripts,
  describeDiff,
  describeLaterRegions,
  describeReads,
  readsShown,
} from './transcript-diff.ts';

/** The last `count` lines a program printed (a partial last line included), each cut to 200 characters. */
function lastLines(stdout: Buffer, count: number): string[] {
  const tail = stdout.subarray(Math.max(0, stdout.length - 4096)).toString('utf8');
  return tail
    .split('\n')
    .filter((line, i, all) => line !== '' || i < all.length - 1)
    .slice(-count)
    .map((line) => (line.length > 200 ? `${line.slice(0, 200)}...` : line));
}

/** Lines of a text, as a transcript counts them. */
export const lineCount = (text: string): number => text.split('\n').length;

/**
 * A run's verdict. `withhold`: the run had the reference's files beside it (linked), which it could
 * have printed to stdout or stderr, so nothing it printed is told: only where it first differs from the
 * expected text, and how it ended.
 */
export function judgeTranscript(
  program: string,
  expected: string,
  run: ProgramOutcome,
  limits: Limits,
  timeoutMs: number,
  withhold: boolean,
  /** Where the reference read its stdin (TranscriptSuite.reads): told with the difference. */
  reads?: readonly StdinRead[] | undefined,
  /** How the output reads as game events (TranscriptSuite.events): the verdict then has two parts. */
  events?: GameEvents | undefined,
  /**
   * A whole program's exit status is its own (the course never asked for one): a status other than 0
   * with the right output passes, and a wrong output is a difference, not a crash. A signal still crashes.
   */
  anyExitStatus = false,
  /**
   * The submission's budget: reading the output (its diff, its events) is counted in it, and a reading
   * that runs out of it stops with the case failed.
   */
  budget?: Budget | undefined,
): Outcome {
  const stop = budget?.start();
  try {
    const allowance = budget === undefined ? undefined : allowanceOf(budget.left());
    const judged = judgeBytes(program, expected, run, limits, timeoutMs, withhold, reads, anyExitStatus);
    return events === undefined || run.infrastructure === true
      ? judged
      : judgeGame(judged, expected, run, withhold, events, allowance);
  } catch (error) {
    if (!(error instanceof ReadingStopped)) throw error;
    return byBudget({
      status: 'timeout',
      message: `${program}'s output was not read to its end: reading it as the game's events ${describeLimit('budget', limits, 0)}`,
    });
  } finally {
    stop?.();
  }
}

/** A verdict on the bytes in two parts, the game and the format, when the course's output tells a game. */
function judgeGame(
  judged: Outcome,
  expected: string,
  run: ProgramOutcome,
  withhold: boolean,
  events: GameEvents,
  allowance: ReadAllowance | undefined,
): Outcome {
  // The course's output is the reference's: read without an allowance, once a process.
  const course = courseEvents(events, expected);
  // No game in the course's output: nothing to earn but the format (an empty program earns nothing).
  if (course.length === 0) return { ...judged, noGame: true };
  // Points are the scoring's to give (5-scoring/score.ts): here only which part passed.
  const none = { passed: false, score: 0, maxScore: 0 };
  const afterGame = stoppedAfterGame(run, expected, events);
  if (afterGame) {
    // Stopped by its own limit once the course's game was over (a program asking again for ever at
    // the end of its input): the game read before the limit is judged, and the format is lost.
    return {
      ...judged,
      message: `the game is right (every event as the course's), then ${judged.message}`,
      parts: { game: { ...none, passed: true }, format: { ...none, passed: false } },
    };
  }
  // A program stopped by a limit or that crashed earns neither part, whatever it printed before.
  if (judged.diff === undefined || run.limit !== undefined || judged.status !== 'failed') {
    const passed = judged.status === 'passed';
    return { ...judged, parts: { game: { ...none, passed }, format: { ...none, passed } } };
  }
  const actual = run.stdout.toString('utf8');
  const difference = compareEvents(readEvents(events, actual, allowance), course);
  const only = withhold ? undefined : formatOnly(expected, actual, events.withoutPrompts);
  // A run beside the reference's files is told no more than before: whitespace alone, as the diff says.
  const shownOnly = withhold ? (judged.diff.whitespaceOnly ? 'whitespace' : undefined) : only;
  const parts: TranscriptParts = {
    game: {
      ...none,
      passed: difference === undefined,
      ...(difference === undefined ? {} : { at: gameAt(difference, withhold) }),
    },
    format: { ...none, passed: false, ...(shownOnly === undefined ? {} : { only: shownOnly }) },
  };
  const formatWords =
    shownOnly === undefined || (shownOnly === 'whitespace' && judged.diff.whitespaceOnly)
      ? judged.message
      : `${judged.message}; ${FORMAT_ONLY_WORDS[shownOnly]}`;
  const message =
    difference === undefined
      ? `the game is right (every event as the course's), the format is not: ${formatWords}`
      : `the game differs: ${describeGameDifference(difference, events, withhold)}; the format: ${formatWords}`;
  return { ...judged, message, parts };
}

/**
 * Whether a run stopped by its own time, processor or output limit had printed exactly the course's
 * game by then: every event the course's output tells, and none after. A program that loops mid-game
 * stops short of the course's last event, and one that plays on prints more: neither is.
 */
export function stoppedAfterGame(run: ProgramOutcome, expected: string, events: GameEvents): boolean {
  if (run.limit !== 'time' && run.limit !== 'cpu' && run.limit !== 'output') return false;
  // Nothing printed shows no game, even where the course's shows no event.
  if (run.stdout.length === 0) return false;
  const actual = run.stdout.toString('utf8');
  return compareEvents(readEvents(events, actual), courseEvents(events, expected)) === undefined;
}

/** The verdict on the bytes alone, as every transcript was judged before game events. */
function judgeBytes(
  program: string,
  expected: string,
  run: ProgramOutcome,
  limits: Limits,
  timeoutMs: number,
  withhold: boolean,
  reads: readonly StdinRead[] | undefined,
  anyExitStatus: boolean,
): Outcome {
  if (run.infrastructure === true) {
    const why = run.stderr.trim().split('\n').slice(-2).join(' | ');
    return {
      status: 'runtime-error',
      message: `the sandboxed process for ${program} ended before it could start${why ? `: ${why}` : ''}`,
      infrastructure: true,
    };
  }
  if (run.limit !== undefined) {
    const stopped = `${program} ${describeLimit(run.limit, limits, run.limit === 'cpu' ? timeoutMs : limits.programTimeoutMs)}`;
    // What it was doing when it was stopped (an endless `cut at` loop shows itself); never for a run
    // beside the reference's files, which it could have printed.
    const last = withhold ? [] : lastLines(run.stdout, 3);
    const outcome = {
      status: LIMIT_STATUS[run.limit],
      message: last.length === 0 ? stopped : `${stopped}; the last lines it printed:\n${last.join('\n')}`,
    };
    return run.limit === 'budget' ? byBudget(outcome) : outcome;
  }
  const actual = run.stdout.toString('utf8');
  const found = compareTranscripts(expected, actual, { regions: !withhold });
  const lastError = withhold ? undefined : thrownLine(run.stderr);
  // A program that ended before main ended wrongly, whatever its status.
  const crashed =
    run.beforeMain === true ||
    (run.status !== 0 && !(anyExitStatus && run.signal === null && run.status !== null));
  const exit = crashed
    ? `${program} ${run.signal === null ? `exited with status ${run.status}` : `was killed by ${run.signal}`}${run.beforeMain === true ? ` ${BEFORE_MAIN}` : ''}${lastError ? ` (${lastError})` : ''}`
    : undefined;
  if (found === undefined) {
    return crashed
      ? { status: 'runtime-error', message: `${exit} after printing the right transcript` }
      : { status: 'passed' };
  }
  // A run beside the reference's files shows where it first differs and nothing more of its output.
  const diff: TranscriptDiff = withhold
    ? { ...found, actual: { from: found.actual.from, lines: [] }, withheld: true }
    : found;
  const typed = reads === undefined ? [] : readsShown(reads, found);
  if (typed.length > 0) diff.typed = typed;
  const said = [
    withhold ? describeWithheld(found) : describeDiff(found),
    reads === undefined ? undefined : describeReads(reads, found.line),
    withhold ? undefined : describeLaterRegions(found),
  ]
    .filter(Boolean)
    .join('; ');
  return {
    status: crashed ? 'runtime-error' : 'failed',
    message: [exit, said].filter(Boolean).join('; '),
    diff,
  };
}

/** The first difference, without the program's own line. */
function describeWithheld(diff: TranscriptDiff): string {
  const wanted = diff.expected.lines[diff.line - diff.expected.from];
  const expected = wanted === undefined ? 'the end of the output' : JSON.stringify(wanted);
  const lead = `line ${diff.line} differs: expected ${expected} (what your program printed is not shown here: it ran with the reference's files)`;
  return diff.whitespaceOnly ? `${lead}; only whitespace differs` : lead;
}

/** The line of a crashed program's stderr that says what it threw (Node prints it after the source excerpt). */
function thrownLine(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('Node.js v'));
  return lines.find((line) => /^([A-Z]\w*(Error|Exception)|Uncaught|Error)\b/.test(line)) ?? lines.at(-1);
}
