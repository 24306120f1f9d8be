/** Where a command writes. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stdout takes colour (a terminal, or FORCE_COLOR; never NO_COLOR). */
  color: boolean;
  /** stderr when it is a terminal: a batch draws its progress bar there; else plain lines go to stderr. */
  progressTerminal?: NodeJS.WriteStream | undefined;
}
