/** Stable codes for what stops a pitboss command before it can grade. */
export type PitbossErrorCode =
  | 'USAGE'
  | 'UNKNOWN_ASSIGNMENT'
  | 'NO_SUCH_FOLDER'
  | 'NOT_A_SUBMISSION'
  | 'FOLDER_NOT_EMPTY'
  | 'NOT_A_FOLDER'
  | 'BAD_REPLAY_ID'
  | 'BAD_RUBRIC'
  /** A rubric hint quotes the instructor's private part (a hidden case, a private mutant). */
  | 'HINT_QUOTES_SECRET'
  | 'BAD_ASSIGNMENT'
  /** export-gradescope: a target that is not a .zip file in an existing folder. */
  | 'BAD_EXPORT_TARGET'
  /** merge: a folder that holds no batch results (pitboss-batch.json). */
  | 'MERGE_NO_RESULTS'
  /** merge: folders graded by different runs (assignment, version, options, submissions). */
  | 'MERGE_MIXED'
  /** merge: one submission with different results in two folders. */
  | 'MERGE_CONFLICT'
  /** merge: shards missing, so some submissions have no result. */
  | 'MERGE_INCOMPLETE'
  /** merge: a batch file that is not one (schema, a name that cannot be a file under --out, its size). */
  | 'MERGE_INVALID'
  /**
   * merge, compare, grade --compare: a batch file whose checksum is missing or does not verify
   * (changed after grading), or cannot be verified where a determinism fault rests on it.
   */
  | 'MERGE_TAMPERED'
  /** An input past the size a class-wide command takes (similarity: a submission's code). */
  | 'INPUT_TOO_LARGE'
  /** A submission's file name that would not be a plain file right inside --out. */
  | 'UNSAFE_NAME'
  /** The grading machinery itself failed (the sandbox, a temporary folder, the reference's canary run). */
  | 'INFRASTRUCTURE'
  /** The student tool holds no reference: what needs one (mutants, the self-check) runs where the grader is. */
  | 'NO_REFERENCE'
  /** export-student-tool: the reference failed a test it records, or an assignment cannot be recorded. */
  | 'EXPORT_FAILED'
  /** export-student-tool --update: a folder that no previous export wrote (no manifest of its files). */
  | 'NOT_A_STUDENT_TOOL'
  /** grade --submission-metadata: a file that is not Gradescope's submission_metadata.json. */
  | 'BAD_SUBMISSION_METADATA'
  /** check --keep: the tests folder cannot be written (read-only, a file in its place). */
  | 'KEEP_UNWRITABLE';

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
/** The grading machinery failed: nothing it could not vouch for was scored or stored. */
export const EXIT_INFRASTRUCTURE = 3;
/** Stopped by Ctrl-C (128 + SIGINT), as a shell reports it: a watch's only way to end, too. */
export const EXIT_INTERRUPTED = 130;
