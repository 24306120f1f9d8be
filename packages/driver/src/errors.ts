/** Stable codes for what a user typed wrong; each is one line on stderr and exit status 2. */
export type UsageErrorCode =
  | 'ARG_COUNT'
  | 'NOT_AN_INTEGER'
  | 'NOT_POSITIVE'
  | 'NEGATIVE'
  | 'TOO_LARGE'
  | 'UNKNOWN_PLAYER'
  | 'BAD_NAME'
  | 'UNKNOWN_TEAM'
  | 'UNKNOWN_RULES'
  | 'UNKNOWN_OPTION'
  | 'MISSING_OPTION_VALUE'
  | 'CUTS_FILE_UNREADABLE'
  | 'CUTS_FILE_EMPTY'
  | 'BAD_CUT';

export class UsageError extends Error {
  readonly code: UsageErrorCode;

  constructor(code: UsageErrorCode, message: string) {
    super(message);
    this.name = 'UsageError';
    this.code = code;
  }
}
