// Messages between the grader and a harness child. Requests go down stdin, one JSON line each, after
// a first line holding the run's token; replies come up fd 3 and must carry the token.

export interface RunRequest {
  id: string;
  seed: number;
  numRuns: number;
  replayPath?: string | undefined;
}

export type HarnessStatus = 'passed' | 'failed' | 'load-error' | 'runtime-error';

export interface RunReply {
  token: string;
  id: string;
  status: HarnessStatus;
  message?: string | undefined;
  replay?: { seed: number; path: string } | undefined;
}

/** The extra pipe a reply travels on: not stdout, which student code writes to freely. */
export const REPLY_FD = 3;

/** One run of a program in the program harness: `node <file> <args...>`, as a transcript case is run. */
export interface ProgramRequest {
  id: string;
  /** The program's path, as a process would get it in argv[1]. */
  file: string;
  args: readonly string[];
  /** Bytes it may print. */
  maxOutput: number;
}

/**
 * A plain run's output (text whose UTF-8 encoding is the bytes a process would have printed), or why
 * the harness cannot vouch for the run.
 */
export type ProgramResult = { id: string } & (
  | { clean: true; stdout: string }
  | { clean: false; reason: string }
);

export type ProgramReply = { token: string } & ProgramResult;
