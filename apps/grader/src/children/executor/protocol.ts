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
