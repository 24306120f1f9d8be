// Runs student code as a child process, inside the sandbox, with limits. The child leads its own
// process group, so a limit kills it together with anything it started.
import { type ChildProcess, spawn } from 'node:child_process';
import { programPreloadUrl } from '../assignments.ts';
import { CHANCE_RECORD } from '../children/chance.ts';
import type { Limits } from '../kit/assignment.ts';
import { type LimitHit, limitFromExit, rssLimitBytes, signalOf, treesUsage } from './limits.ts';
import { sandboxCommand } from './sandbox.ts';

export interface ProgramOutcome {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** The end of stderr, for messages. */
  stderr: string;
  /** Which limit ended the run, if one did. */
  limit?: LimitHit | undefined;
  /**
   * The process ended before Node ran the grader's preload, so before any student code: the
   * sandbox could not start (a folder it cannot enter, no threads left). The machinery's fault.
   */
  infrastructure?: boolean | undefined;
  /**
   * The calls its recorders wrote on the record channel after the preload's `ready` (kit/calls.ts), one
   * a line; `callsCut` when they passed the output limit and the rest were dropped.
   */
  calls: string[];
  callsCut?: boolean | undefined;
  /**
   * Each first use of chance by a file the preload told (children/program.ts): the call, and the file
   * as the process named it. The program's own word: the grader keeps only known calls and its files.
   */
  chance: { call: string; file: string }[];
}

/** How much of a student process's stderr is kept for messages. */
export const STDERR_KEPT = 4096;
const MEMORY_CHECK_MS = 100;

/** Kills a detached child and its whole process group. */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** CPU seconds a program run may use: its wall-time limit, and one more. */
export const programCpuSeconds = (limits: Limits) => Math.ceil(limits.programTimeoutMs / 1000) + 1;

/** A long-lived harness runs many tests: its CPU limit is a backstop; each test's wall timer rules. */
export const harnessCpuSeconds = (limits: Limits) => 10 * Math.ceil(limits.testTimeoutMs / 1000);

/** Node's flags for every student process: the heap limit. */
export const nodeArgs = (limits: Limits): string[] => [`--max-old-space-size=${limits.heapMb}`];

/** Starts a sandboxed `node` as the leader of its own process group. */
export function spawnStudent(
  node: readonly string[],
  options: {
    cwd: string;
    readable: readonly string[];
    limits: Limits;
    cpuSeconds: number;
    extraFds?: number;
  },
): ChildProcess {
  const { command, args } = sandboxCommand({
    node: [...nodeArgs(options.limits), ...node],
    readable: options.readable,
    limits: options.limits,
    cpuSeconds: options.cpuSeconds,
    chdir: options.cwd,
  });
  return spawn(command, args, {
    cwd: options.cwd,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe', ...Array.from({ length: options.extraFds ?? 0 }, () => 'pipe' as const)],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
}

interface Watched {
  child: ChildProcess;
  limitBytes: number;
  onLimit: () => void;
}

interface CpuWatched {
  child: ChildProcess;
  limitMs: number;
  onLimit: () => void;
  /** The tree's CPU time when watching began, from the first reading. */
  baseMs?: number | undefined;
}

const watched = new Set<Watched>();
const cpuWatched = new Set<CpuWatched>();
let watchTimer: NodeJS.Timeout | undefined;

/** Every watched process, from one reading of /proc per tick. */
function checkTrees(): void {
  const entries = [...watched].filter((entry) => entry.child.pid !== undefined);
  const cpuEntries = [...cpuWatched].filter((entry) => entry.child.pid !== undefined);
  const usage = treesUsage([...entries, ...cpuEntries].map((entry) => entry.child.pid!));
  for (const entry of entries) {
    if ((usage.get(entry.child.pid!)?.rssBytes ?? 0) > entry.limitBytes) {
      entry.onLimit();
      killGroup(entry.child);
    }
  }
  for (const entry of cpuEntries) {
    const cpuMs = usage.get(entry.child.pid!)?.cpuMs ?? 0;
    entry.baseMs ??= cpuMs;
    if (cpuMs - entry.baseMs > entry.limitMs) {
      entry.onLimit();
      killGroup(entry.child);
    }
  }
}

function startWatching(): void {
  if (watchTimer === undefined) {
    watchTimer = setInterval(checkTrees, MEMORY_CHECK_MS);
    watchTimer.unref();
  }
}

function stopWatchingIfIdle(): void {
  if (watched.size === 0 && cpuWatched.size === 0 && watchTimer !== undefined) {
    clearInterval(watchTimer);
    watchTimer = undefined;
  }
}

/** Kills the group when its resident memory passes the limit; returns a stop function. */
export function watchMemory(child: ChildProcess, limits: Limits, onLimit: () => void): () => void {
  const entry: Watched = { child, limitBytes: rssLimitBytes(limits), onLimit };
  watched.add(entry);
  startWatching();
  return () => {
    watched.delete(entry);
    stopWatchingIfIdle();
  };
}

/**
 * Kills the group when the CPU time it uses from now on passes `limitMs`; returns a stop function.
 * CPU time, not wall time: the same work takes the same CPU time however loaded the machine is, so a
 * scaled limit stops a busy loop in seconds without ever catching honest code on a busy machine.
 */
export function watchCpu(child: ChildProcess, limitMs: number, onLimit: () => void): () => void {
  const entry: CpuWatched = { child, limitMs, onLimit };
  cpuWatched.add(entry);
  startWatching();
  return () => {
    cpuWatched.delete(entry);
    stopWatchingIfIdle();
  };
}

export async function runProgram(
  file: string,
  args: readonly string[],
  options: {
    cwd: string;
    limits: Limits;
    stdin?: string | undefined;
    /** CPU time the run may use (scaled from its work); wall time is the limits' programTimeoutMs. */
    cpuLimitMs?: number | undefined;
  },
): Promise<ProgramOutcome> {
  const { limits } = options;
  const preload = await programPreloadUrl();
  return new Promise((done) => {
    const child = spawnStudent([`--import=${preload}`, file, ...args], {
      cwd: options.cwd,
      readable: [options.cwd],
      limits,
      cpuSeconds: programCpuSeconds(limits),
      extraFds: 1,
    });
    let ready = false;
    // The record channel: the preload's `ready`, then any calls, bounded like stdout.
    const records: Buffer[] = [];
    let recordSize = 0;
    let callsCut = false;
    (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (chunk: Buffer) => {
      ready = true;
      recordSize += chunk.length;
      if (recordSize > limits.outputBytes) callsCut = true;
      else records.push(chunk);
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let limit: LimitHit | undefined;
    const hit = (which: LimitHit) => {
      limit ??= which;
      killGroup(child);
    };
    const timer = setTimeout(() => hit('time'), limits.programTimeoutMs);
    const stopWatching = watchMemory(child, limits, () => {
      limit ??= 'memory';
    });
    const stopCpu =
      options.cpuLimitMs === undefined
        ? () => {}
        : watchCpu(child, options.cpuLimitMs, () => {
            limit ??= 'cpu';
          });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (limit !== undefined) return;
      size += chunk.length;
      if (size > limits.outputBytes) hit('output');
      else chunks.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.stdin ?? '');
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      stopWatching();
      stopCpu();
      // Whatever it left behind in its group goes too.
      killGroup(child);
      const lines = Buffer.concat(records).toString('utf8').split('\n');
      lines.pop(); // What follows the last newline: nothing, or a call cut short.
      const told = lines.slice(1);
      const chancePrefix = `${CHANCE_RECORD}\t`;
      done({
        calls: told.filter((line) => !line.startsWith(chancePrefix)),
        chance: told
          .filter((line) => line.startsWith(chancePrefix))
          .map((line) => {
            const [, call = '', from = ''] = line.split('\t');
            return { call, file: from };
          }),
        ...(callsCut ? { callsCut } : {}),
        status,
        signal: signal ?? signalOf(status),
        stdout: Buffer.concat(chunks),
        stderr,
        limit: limit ?? limitFromExit(signal, stderr, status),
        ...(ready || limit === 'budget' ? {} : { infrastructure: true }),
      });
    });
  });
}
