// Runs student code as a child process with limits. The child leads its own process group, so a
// limit kills it together with anything it spawned.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Limits } from '../kit/assignment.ts';

export interface ProgramOutcome {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** The end of stderr, for messages. */
  stderr: string;
  /** Which limit ended the run, if one did. */
  limit?: 'time' | 'output' | undefined;
}

const STDERR_KEPT = 4096;

/** Kills a detached child and its whole process group. */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Node's flags for every student process: the heap limit, and nothing inherited from our own. */
export const nodeArgs = (limits: Limits): string[] => [`--max-old-space-size=${limits.heapMb}`];

export function runProgram(
  file: string,
  args: readonly string[],
  options: { cwd: string; limits: Limits; stdin?: string | undefined },
): Promise<ProgramOutcome> {
  const { limits } = options;
  return new Promise((done) => {
    const child = spawn(process.execPath, [...nodeArgs(limits), file, ...args], {
      cwd: options.cwd,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let limit: ProgramOutcome['limit'];
    const timer = setTimeout(() => {
      limit = 'time';
      killGroup(child);
    }, limits.programTimeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (limit !== undefined) return;
      size += chunk.length;
      if (size > limits.outputBytes) {
        limit = 'output';
        killGroup(child);
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin ?? '');
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      // Whatever it left behind in its group goes too.
      killGroup(child);
      done({ status, signal, stdout: Buffer.concat(chunks), stderr, limit });
    });
  });
}
