// Many runs of a submission's staged programs (its transcript cases, in every linking): in one
// program harness child, each run in a realm of its own, where the harness can vouch that the run was
// plain; a run it cannot vouch for, and every run after the child was stopped, as a process of its own.
import type { LimitFunction } from 'p-limit';
import { programHarnessBundle } from '../assignments.ts';
import type { ProgramReply } from '../harness/protocol.ts';
import type { Limits } from '../kit/assignment.ts';
import { type ProgramOutcome, runProgram } from './process.ts';
import { ChildWorker } from './worker.ts';

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
  /** Called with each run's outcome as it is known, and whether the shared child gave it. */
  done: (key: string, outcome: ProgramOutcome, shared: boolean) => void;
}

/**
 * Time a run may take in the shared child: half its limit. A run that needs more is run again as a
 * process of its own, which gets the whole limit, so a limit's verdict always comes from a process.
 */
const sharedBudgetMs = (limits: Limits) => Math.max(1, Math.floor(limits.programTimeoutMs / 2));

export async function runPrograms(runs: readonly ProgramRun[], options: ProgramRunsOptions): Promise<void> {
  const { limits, limiter, done } = options;
  if (runs.length === 0) return;
  const alone: Promise<void>[] = [];
  const runAlone = (run: ProgramRun) => {
    alone.push(
      limiter(async () => {
        done(
          run.key,
          await runProgram(run.file, run.args, { cwd: run.cwd, limits, stdin: run.stdin }),
          false,
        );
      }),
    );
  };
  const script = await programHarnessBundle();
  await limiter(async () => {
    const worker = new ChildWorker<ProgramReply>({
      script,
      cwd: runs[0]!.cwd,
      readable: [...new Set(runs.map((run) => run.cwd))],
      limits,
      nodeFlags: ['--experimental-vm-modules', '--no-warnings'],
    });
    try {
      for (const [index, run] of runs.entries()) {
        const settled = await worker.run(
          { id: run.key, file: run.file, args: run.args, maxOutput: limits.outputBytes },
          run.key,
          (reply) => reply.id,
          sharedBudgetMs(limits),
        );
        if (settled.kind !== 'reply') {
          // The child was stopped (a limit, or it died): this run and the rest, each on its own.
          for (const rest of runs.slice(index)) runAlone(rest);
          return;
        }
        const { reply } = settled;
        if (!reply.clean) {
          runAlone(run);
          continue;
        }
        done(
          run.key,
          {
            status: 0,
            signal: null,
            stdout: Buffer.from(reply.stdout, 'utf8'),
            stderr: '',
            limit: undefined,
          },
          true,
        );
      }
    } finally {
      worker.close();
    }
  });
  await Promise.all(alone);
}
