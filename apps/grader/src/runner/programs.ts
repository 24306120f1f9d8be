// Many runs of a submission's staged programs (its transcript cases, in every linking): each run a
// fresh sandboxed process of its own, nothing shared with any other run.
//
// Runs once shared a harness child, each in a vm realm of its own. A realm is not a boundary: any
// host object it reaches (an error a host function throws at the edge of the stack, a callback, a
// promise) leads to the host's `Function`, hence its `process`, and from there to every later run of
// that child (its writer, its built-ins, the next run's output). No such realm could be shown
// airtight, so no two runs share a process: what one run does dies with it.
import type { LimitFunction } from 'p-limit';
import type { Limits } from '../kit/assignment.ts';
import { type ProgramOutcome, runProgram } from './process.ts';

export interface ProgramRun {
  /** Names the run in the answer. */
  key: string;
  /** The program, in its stage. */
  file: string;
  /** The stage: the run's working folder, and what it may read. */
  cwd: string;
  args: readonly string[];
  stdin?: string | undefined;
}

export interface ProgramRunsOptions {
  limits: Limits;
  limiter: LimitFunction;
  /** Called with each run's outcome as it is known. */
  done: (key: string, outcome: ProgramOutcome) => void;
}

export async function runPrograms(runs: readonly ProgramRun[], options: ProgramRunsOptions): Promise<void> {
  const { limits, limiter, done } = options;
  await Promise.all(
    runs.map((run) =>
      limiter(async () => {
        done(run.key, await runProgram(run.file, run.args, { cwd: run.cwd, limits, stdin: run.stdin }));
      }),
    ),
  );
}
