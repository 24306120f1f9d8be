// Compares the calls a program made to the reference's files (recorded in its linked run) with the
// calls the reference program makes, and finds where they first part (CallsCheck, kit/assignment.ts).

import type { CallDeviation } from '../0-results/calls.ts';
import type { ExpectedCall } from '../kit/assignment.ts';

/** `player.bet(100, 5)` is a call of `player.bet`. */
const methodOf = (call: string): string => call.replace(/\(.*$/s, '');

const count = (calls: readonly string[], call: string): number =>
  calls.reduce((n, each) => (each === call ? n + 1 : n), 0);

/**
 * Where the program's calls first part from the reference's, or undefined where they agree (or where
 * the program's record was cut before they part: past the cut, nothing can be told). What the program
 * made is told only in the reference's own words: a call the reference makes somewhere in the run, or
 * the method of one it never makes (the program ran beside the reference's files, so any other text
 * on its record could be theirs).
 */
export function compareCalls(
  expected: readonly ExpectedCall[],
  actual: readonly string[],
  options: { cut?: boolean | undefined; scored: boolean },
): CallDeviation | undefined {
  let i = 0;
  while (i < expected.length && i < actual.length && expected[i]!.call === actual[i]) i++;
  if (i === expected.length && i === actual.length) return undefined;
  if (i === actual.length && options.cut === true) return undefined;
  const want = expected[i]?.call;
  const got = actual[i];
  const calls = expected.map((each) => each.call);
  const deviation: CallDeviation = {
    kind: 'different',
    index: i + 1,
    // Past the reference's last call, the line it had printed by then.
    line: expected[i]?.line ?? expected.at(-1)?.line ?? 0,
    scored: options.scored,
  };
  if (i > 0) deviation.after = calls[i - 1];
  if (want !== undefined) deviation.expected = want;
  if (got !== undefined) {
    if (calls.includes(got)) deviation.actual = got;
    else if (calls.some((call) => methodOf(call) === methodOf(got))) deviation.actualMethod = methodOf(got);
  }
  // Which of the two is at fault: how often each is made in the whole run, then, where both are off
  // (a run that went another way from here), what the next call of each shows.
  if (got === undefined) {
    deviation.kind = 'missing';
    deviation.ended = true;
  } else if (want === undefined) deviation.kind = 'extra';
  else if (!calls.includes(got)) deviation.kind = 'different';
  else {
    const extra = count(actual, got) > count(calls, got);
    const missing = count(actual, want) < count(calls, want);
    if (extra && !missing) deviation.kind = 'extra';
    else if (missing && !extra) deviation.kind = 'missing';
    else if (missing) deviation.kind = actual[i + 1] === want && calls[i + 1] !== got ? 'extra' : 'missing';
    else {
      deviation.kind = 'order';
      // The reference's own place for the call made here: its next one from here, else its last before.
      const later = calls.indexOf(got, i + 1);
      deviation.referenceIndex = (later >= 0 ? later : calls.lastIndexOf(got, i)) + 1;
    }
  }
  return deviation;
}
