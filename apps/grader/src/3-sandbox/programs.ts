// Many runs of a submission's staged programs (its transcript cases, in every linking): each run a
// fresh sandboxed process of its own, nothing shared with any other run.
//
// Runs once shared a harness child, each in a vm realm of its own. A realm is not a boundary: any
// host object it reaches (an error a host function throws at the edge of the stack, a callback, a
// promise) leads to the host's `Function`, hence its `process`, and from there to every later run of
// that child (its writer, its built-ins, the next run's output). No such realm could be shown
// airtight, so no two runs share a process: what one run does dies with it.

import { basename } from 'node:path';
import type { LimitFunction } from 'p-limit';
import type { Limits } from '../kit/assignment.ts';
import type { IsolateSandbox } from './isolate/client.ts';
import type { Budget } from './limits.ts';
import { type ProgramOutcome, programCpuSeconds, runProgram } from './process/process.ts';

export interface ProgramRun {
  /** Names the run in the answer. */
  key: string;
  /** The program, in its stage. */
  file: string;
  /** The stage: the run's working folder, and what it may read. */
  cwd: string;
  args: readonly string[];
  stdin?: string | undefined;
  /** Its CPU-time limit (3-sandbox/limits.ts scales it from the case's work); none but the rule set's when absent. */
  timeoutMs?: number | undefined;
  /** `file` is a native program (a compiled submission), not a module for Node. */
  native?: boolean | undefined;
  /** A native run's canary (runProgram): what proves a run that ended before `ready` the machinery's fault. */
  canary?: string | undefined;
  /** Variables besides PATH (a whole program's READY_VARIABLE: its preload says it started). */
  env?: Readonly<Record<string, string>> | undefined;
  /** A linked run: the stage's modules that are the course's, run apart from the student's (isolates). */
  apart?: readonly string[] | undefined;
  /** The provided modules of the stage. */
  provided?: readonly string[] | undefined;
}

export interface ProgramRunsOptions {
  limits: Limits;
  limiter: LimitFunction;
  /** Called with each run's outcome as it is known. */
  done: (key: string, outcome: ProgramOutcome) => void;
  /** The submission's time budget: a run that would start after it is spent is not run. */
  budget?: Budget | undefined;
  /** The submission's isolate host: a JavaScript run is a fresh isolate there, not a process. */
  sandbox?: IsolateSandbox | undefined;
}

export async function runPrograms(runs: readonly ProgramRun[], options: ProgramRunsOptions): Promise<void> {
  const { limits, limiter, done, budget, sandbox } = options;
  await Promise.all(
    runs.map((run) =>
      limiter(async () => {
        const left = budget?.left() ?? Number.POSITIVE_INFINITY;
        if (left <= 0) {
          done(run.key, {
            status: null,
            signal: null,
            stdout: Buffer.alloc(0),
            stderr: '',
            limit: 'budget',
            calls: [],
            chance: [],
          });
          return;
        }
        // Wall time: the rule set's limit (load-tolerant), within the budget; CPU time: the run's own
        // limit, scaled from its work, which stops a busy loop in seconds whatever the load.
        const runLimits = { ...limits, programTimeoutMs: Math.min(limits.programTimeoutMs, left) };
        const stop = budget?.start();
        const outcome =
          sandbox !== undefined && run.native !== true
            ? await sandbox.program({
                dir: run.cwd,
                entry: basename(run.file),
                argv: run.args,
                stdin: run.stdin ?? '',
                cpuLimitMs: run.timeoutMs ?? programCpuSeconds(limits) * 1000,
                wallMs: runLimits.programTimeoutMs,
                apart: run.apart,
                provided: run.provided,
              })
            : await runProgram(run.file, run.args, {
                cwd: run.cwd,
                limits: runLimits,
                stdin: run.stdin,
                cpuLimitMs: run.timeoutMs,
                native: run.native,
                canary: run.canary,
                env: run.env,
              });
        stop?.();
        // Stopped short by what was left of the budget, not by its own limit: the budget's verdict.
        if (outcome.limit === 'time' && left < limits.programTimeoutMs) outcome.limit = 'budget';
        done(run.key, outcome);
      }),
    ),
  );
}
