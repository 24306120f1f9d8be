// Two checks on a transcript's runs beside its verdict: a failing case's stdin cut to the shortest that
// still shows a difference, and a linked run's calls to the reference's files (CallsCheck).

import { describeCalls } from '../0-results/calls.ts';
import type { ShorterInput } from '../0-results/diff.ts';
import type { CallDeviations } from '../2-plan/rubric.ts';
import {
  type Budget,
  type ProgramOutcome,
  type ProgramRun,
  runPrograms,
  transcriptLimitMs,
} from '../3-sandbox/door.ts';
import type { Assignment, ExpectedCall, TranscriptCase } from '../kit/assignment.ts';
import { compareCalls } from './calls-diff.ts';
import { judgeTranscript, lineCount } from './judge-transcript.ts';
import type { GradeOptions } from './options.ts';
import type { Outcome } from './outcome.ts';
import { shrinkLines } from './shrink-lines.ts';

/**
 * The shortest stdin (in lines, 4-phases/shrink-lines.ts) with which a failing case's program still differs
 * from the reference, each candidate a run like the case's own; undefined when no line could go. Only
 * the shrinking's own runs are spent on it: the case's verdict and score stay as they were.
 */
export async function shorterInput(
  assignment: Assignment,
  failing: ProgramRun,
  transcriptCase: TranscriptCase,
  /** A linked run: its output is withheld, as the case's own. */
  withhold: boolean,
  options: GradeOptions,
  budget: Budget,
): Promise<ShorterInput | undefined> {
  const { program } = assignment.transcripts;
  const stdin = transcriptCase.stdin!;
  const ending = stdin.endsWith('\n') ? '\n' : '';
  const lines = (ending === '' ? stdin : stdin.slice(0, -1)).split('\n');
  const cut = (candidate: readonly string[]) =>
    candidate.length === 0 ? '' : `${candidate.join('\n')}${ending}`;
  // A cut input ends as the group's cases end (a Straights case never ends at a prompt).
  const endedAs = assignment.transcripts.shrink?.ending;
  const textOf = (candidate: readonly string[]) =>
    endedAs === undefined ? cut(candidate) : endedAs(cut(candidate), transcriptCase);
  const judgeWith = (input: string, expected: string, run: ProgramOutcome): Outcome => {
    const shorterCase = { ...transcriptCase, stdin: input };
    return judgeTranscript(
      program,
      expected,
      run,
      options.limits,
      options.limits.programTimeoutMs,
      withhold,
      assignment.transcripts.reads?.(shorterCase),
      assignment.transcripts.events,
      assignment.native?.wholeProgram !== undefined,
      budget,
    );
  };
  const judged = new Map<string, Outcome>();
  // A program that hangs on a shorter input would cost every later candidate its whole limit: the
  // first run stopped by a limit ends the search, with the shortest input found so far.
  let stopped = false;
  const fails = async (candidate: readonly string[]): Promise<boolean> => {
    if (stopped) return false;
    const input = textOf(candidate);
    const expected = assignment.transcripts.expected({ ...transcriptCase, stdin: input });
    let outcome: ProgramOutcome | undefined;
    await runPrograms(
      [
        {
          ...failing,
          stdin: input,
          timeoutMs: transcriptLimitMs(
            options.limits,
            lineCount(expected),
            assignment.native?.wholeProgram?.floorMs,
          ),
        },
      ],
      {
        limits: options.limits,
        limiter: options.limiter,
        budget,
        sandbox: options.sandbox,
        done: (_, each) => {
          outcome = each;
        },
      },
    );
    // A run stopped by a limit shows no difference of its output: it is not kept.
    if (outcome === undefined || outcome.limit !== undefined || outcome.infrastructure === true) {
      stopped = true;
      return false;
    }
    const verdict = judgeWith(input, expected, outcome);
    if (verdict.diff === undefined) return false;
    judged.set(input, verdict);
    return true;
  };
  const shrunk = await shrinkLines(lines, fails);
  const input = textOf(shrunk.lines);
  // Counted as ended (a `quit` added is a line typed): no shorter than the case, nothing to show.
  const typed = input === '' ? 0 : input.replace(/\n$/, '').split('\n').length;
  if (shrunk.lines.length >= lines.length || typed >= lines.length) return undefined;
  const verdict = judged.get(input)!;
  return {
    stdin: input,
    lines: typed,
    originalLines: lines.length,
    diff: verdict.diff!,
    message: verdict.message ?? '',
  };
}

/**
 * A linked run's verdict with its calls to the reference's files (CallsCheck) checked too. A run that
 * ended by itself is compared: a deviation is told with a wrong transcript, and with a right one is a
 * warning, or a failure where the rubric scores calls (`scored`).
 */
export function judgeCalls(
  judged: Outcome,
  run: ProgramOutcome,
  program: string,
  costs: CallDeviations,
  expected: () => readonly ExpectedCall[],
): Outcome {
  if (run.limit !== undefined || run.infrastructure === true) return judged;
  const scored = costs === 'scored';
  const deviation = compareCalls(expected(), run.calls, { cut: run.callsCut, scored });
  if (deviation === undefined) return judged;
  if (judged.status === 'passed') {
    if (!scored) return { ...judged, calls: deviation };
    return {
      status: 'failed',
      message: `the transcript is right, but ${describeCalls(deviation, program)}`,
      calls: deviation,
    };
  }
  return {
    ...judged,
    message: `${judged.message}; ${describeCalls(deviation, program)}`,
    calls: { ...deviation, scored: true },
  };
}
