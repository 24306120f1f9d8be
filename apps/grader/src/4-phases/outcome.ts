// A test's outcome before it is scored, and the verdicts more than one phase gives: a limit hit, a
// budget spent, code that already hung.
import type { TestResult } from '../0-results/test.ts';

export type Outcome = Omit<
  TestResult,
  'id' | 'name' | 'file' | 'kind' | 'visibility' | 'score' | 'maxScore'
> & {
  /**
   * The reference's output of the case tells no game event: the case is judged on its format alone
   * (no game part to give for free to a program that prints nothing). Never in a report.
   */
  noGame?: true | undefined;
};

/** Outcomes the submission's spent budget gave: no hang of the code's own. */
const budgetStops = new WeakSet<Outcome>();
export const byBudget = (outcome: Outcome): Outcome => {
  budgetStops.add(outcome);
  return outcome;
};
/**
 * Whether an outcome says the code hung: its own time limit, never the budget or the machinery, nor a
 * program stopped once its game was right (one asking again for ever at the end of its input: the
 * other cases' games are still played, each end-of-input case costing its own limit).
 */
export const hung = (outcome: Outcome | undefined): boolean =>
  outcome?.status === 'timeout' &&
  outcome.infrastructure !== true &&
  !budgetStops.has(outcome) &&
  outcome.parts?.game.passed !== true;

/** How many of a file's tests (or a linking's runs) may time out before the rest are not run. */
export const HANGS_TO_STOP = 2;

/** The verdict of a test not run because the code it needs already hung on `hangs` (their names). */
export const notRunAfterHangs = (what: string, hangs: readonly string[]): Outcome => ({
  status: 'timeout',
  // Said as what it is, a rule: this test might have passed, but code that hung twice does not get
  // the machine's time for every test left.
  message: `not run: ${what} already ran out of time on ${hangs.length === 1 ? 'the test' : `the ${hangs.length} tests`} before it, and after ${HANGS_TO_STOP} time-outs the rest are not run (they count as failed)`,
});

/** The verdict a limit gives: its own status, and a message naming the limit and its value. */
export const LIMIT_STATUS = {
  time: 'timeout',
  cpu: 'timeout',
  memory: 'memory-limit',
  output: 'output-limit',
  budget: 'timeout',
} as const;
