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

/**
 * Where the executor says which call it is about to make (`<script>:<step>` a line): read only to
 * name the call a request was stopped in, never for a verdict (student code can write here too).
 */
export const PROGRESS_FD = 4;
