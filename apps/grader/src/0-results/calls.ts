// Where a program's calls to the reference's files part from the reference program's: what a linked
// transcript's result tells of them, and that in one sentence.

/**
 * The first place a program's calls to the reference's files (CallsCheck) part from the reference
 * program's calls. `missing`: the reference makes `expected` here, and the program makes it fewer
 * times in all; `extra`: the program makes `actual` here, more times in all than the reference;
 * `order`: the program makes `actual` at another moment than the reference does; `different`: a call
 * the reference never makes in this run.
 */
export interface CallDeviation {
  kind: 'missing' | 'extra' | 'order' | 'different';
  /** 1-based: the reference's call at that place (one past its last when it has no more). */
  index: number;
  /** The reference's call there; absent when the reference had made its last call. */
  expected?: string | undefined;
  /**
   * The program's call there, only when the reference makes the very same call somewhere in this run
   * (the program ran beside the reference's files: no other text of its own is told); absent when it
   * had made its last call or made one the reference never makes.
   */
  actual?: string | undefined;
  /** The program had made its last call. */
  ended?: boolean | undefined;
  /** The method of a call the reference never makes (`player.bet`), when the reference calls that method. */
  actualMethod?: string | undefined;
  /** The last call both made before it. */
  after?: string | undefined;
  /** How many lines of the transcript the reference had printed when it made its call there. */
  line: number;
  /** Where the reference makes `actual` (1-based), for `order`. */
  referenceIndex?: number | undefined;
  /** The rubric makes the deviation cost the test its points (`calls: scored`), even with a right transcript. */
  scored: boolean;
}

/**
 * Where a program's calls to the reference's files first part from the reference program's, in one
 * sentence (`program`: the test's file, the program).
 */
export function describeCalls(deviation: CallDeviation, program: string): string {
  const { expected, actual, after, index, line } = deviation;
  const context = `${after === undefined ? 'before any other call' : `after ${after}`}, with ${line} line${line === 1 ? '' : 's'} of the transcript printed`;
  const made =
    actual ??
    (deviation.actualMethod === undefined
      ? 'a call the reference never makes in this game'
      : `${deviation.actualMethod} with arguments the reference never gives it in this game`);
  switch (deviation.kind) {
    case 'missing':
      return `your ${program} leaves out ${expected}, the reference's call ${index} (${context}); yours makes ${deviation.ended === true ? 'no call after that' : `${made} there`}`;
    case 'extra':
      return `your ${program} makes ${actual === undefined ? made : `an extra call ${actual}`} ${expected === undefined ? `after the reference's last call (${context})` : `where the reference makes its call ${index}, ${expected} (${context})`}`;
    case 'order':
      return `your ${program} calls ${actual} too ${(deviation.referenceIndex ?? 0) > index ? 'early' : 'late'}: as call ${index} (${context}), where the reference calls ${expected} and makes ${actual} its call ${deviation.referenceIndex}`;
    case 'different':
      return `your ${program} makes ${made} where the reference makes its call ${index}, ${expected} (${context})`;
  }
}
