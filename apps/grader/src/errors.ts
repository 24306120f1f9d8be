/** Stable codes for what stops a pitboss command before it can grade. */
export type PitbossErrorCode =
  | 'USAGE'
  | 'UNKNOWN_RULES'
  | 'NO_SUCH_FOLDER'
  | 'NOT_A_SUBMISSION'
  | 'FOLDER_NOT_EMPTY'
  | 'BAD_REPLAY_ID'
  | 'BAD_RUBRIC'
  | 'BAD_ASSIGNMENT'
  /** merge: a folder that holds no batch results (pitboss-batch.json). */
  | 'MERGE_NO_RESULTS'
  /** merge: folders graded by different runs (assignment, version, options, submissions). */
  | 'MERGE_MIXED'
  /** merge: one submission with different results in two folders. */
  | 'MERGE_CONFLICT'
  /** merge: shards missing, so some submissions have no result. */
  | 'MERGE_INCOMPLETE';

export class PitbossError extends Error {
  readonly code: PitbossErrorCode;

  constructor(code: PitbossErrorCode, message: string) {
    super(message);
    this.name = 'PitbossError';
    this.code = code;
  }
}

export const EXIT_OK = 0;
/** Something was graded and lost points (or a self-check found a problem). */
export const EXIT_FAILURES = 1;
/** Usage or input error: nothing was graded. */
export const EXIT_USAGE = 2;
