// Runs student code as a child process, inside the sandbox, with limits. The child leads its own
// process group, so a limit kills it together with anything it started.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { programPreloadUrl } from '../../assignment/load.ts';
import type { Limits } from '../../kit/assignment.ts';
import { countProcess } from '../../plumbing/timings.ts';
import { CHANCE_RECORD } from '../children/chance.ts';
import { type LimitHit, limitFromExit, rssLimitBytes, signalOf, treesUsage } from '../limits.ts';
import { nativeChance } from '../native/chance.ts';
import { sandboxCommand } from './layers.ts';

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
   * A native program ended before its `ready`, and the grader's canary started and ended well through
   * the same sandbox command (canaryStarts): the program's own code ended it before main.
   */
  beforeMain?: boolean | undefined;
  /**
   * The calls its recorders wrote on the record channel after the preload's `ready` (kit/calls.ts), one
   * a line; `callsCut` when they passed the output limit and the rest were dropped.
   */
  calls: string[];
  callsCut?: boolean | undefined;
  /**
   * Each first use of chance by a file the preload told (3-sandbox/children/program.ts): the call, and the file
   * as the process named it. The program's own word: the grader keeps only known calls and its files.
   */
  chance: { call: string; file: string }[];
  /** The processor time of the student's own code, where it is known apart (an isolate's clock). */
  cpuMs?: number | undefined;
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

/** The address space a native program may map, in MiB: its resident limit, and room for the C++ runtime. */
export const nativeAddressSpaceMb = (limits: Limits) => 2 * limits.heapMb + 256;

/**
 * Starts a sandboxed `node` (or, with `native`, the program `argv[0]` itself) as the leader of its own
 * process group.
 */
export function spawnStudent(
  argv: readonly string[],
  options: {
    cwd: string;
    readable: readonly string[];
    limits: Limits;
    cpuSeconds: number;
    extraFds?: number;
    /** Where its stdout goes instead of a pipe to the grader. */
    stdout?: Writable;
    /** `argv` is a native program and its arguments (a compiled submission), not Node's. */
    native?: boolean | undefined;
    /** Variables besides PATH (a native test's LD_LIBRARY_PATH: which variant it loads). */
    env?: Readonly<Record<string, string>> | undefined;
    /** Folders it reads at another path (SandboxRequest.mounts). */
    mounts?: readonly { source: string; target: string }[] | undefined;
    /** It loads a native addon (SandboxRequest.addons). */
    addons?: boolean | undefined;
    /** Where it starts inside the sandbox, when `cwd` is seen there at another path (a mount). */
    sandboxCwd?: string | undefined;
  },
): ChildProcess {
  const { command, args } = sandboxCommand({
    ...(options.native === true
      ? { native: argv, addressSpaceMb: nativeAddressSpaceMb(options.limits), chance: nativeChance() }
      : { node: [...nodeArgs(options.limits), ...argv] }),
    readable: options.readable,
    limits: options.limits,
    cpuSeconds: options.cpuSeconds,
    chdir: options.sandboxCwd ?? options.cwd,
    mounts: options.mounts,
    addons: options.addons,
  });
  countProcess();
  const child = spawn(command, args, {
    cwd: options.cwd,
    detached: true,
    stdio: [
      'pipe',
      options.stdout ?? 'pipe',
      'pipe',
      ...Array.from({ length: options.extraFds ?? 0 }, () => 'pipe' as const),
    ],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
  });
  startedWith.set(child, options);
  // A child that cannot start (its folder gone) emits 'error' and then 'close' with no status: each
  // caller tells that as the machinery's failure; unheard, the error would end the grader itself.
  child.on('error', () => {});
  return child;
}

/** Said of a native process the canary proved ended by its own code before main. */
export const BEFORE_MAIN =
  'before main, in code of its own that runs before main (a static initialiser, a constructor attribute)';

/** How each sandboxed student process was started: a canary can be started the same way. */
const startedWith = new WeakMap<ChildProcess, Parameters<typeof spawnStudent>[1]>();
/** What the canary may take to start and end: a trusted empty program needs milliseconds. */
const CANARY_TIMEOUT_MS = 10_000;

/**
 * Whether the grader's canary (a native program of its own, `ready` on fd 3 and an empty main) starts
 * and ends well through the very sandbox command `child` was started with, its own path made readable.
 * A native process that ended before its `ready` is the machinery's fault only when this fails too:
 * otherwise code of the student's that runs before main (a constructor of high priority, an ifunc
 * resolver, .preinit_array) ended it, and it is graded as the program's.
 */
export function canaryStarts(child: ChildProcess, canary: string): Promise<boolean> {
  const started = startedWith.get(child);
  if (started?.native !== true) return Promise.resolve(false);
  const { stdout: _, ...same } = started;
  return new Promise((done) => {
    let probe: ChildProcess;
    try {
      probe = spawnStudent([canary], {
        ...same,
        readable: [...same.readable, canary],
        extraFds: Math.max(1, same.extraFds ?? 0),
      });
    } catch {
      done(false);
      return;
    }
    let said = '';
    (probe.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString('latin1')).slice(0, 16);
    });
    probe.stdout?.resume();
    probe.stderr?.resume();
    probe.stdin?.on('error', () => {});
    probe.stdin?.end();
    const timer = setTimeout(() => killGroup(probe), CANARY_TIMEOUT_MS);
    probe.on('error', () => done(false));
    probe.on('close', (status) => {
      clearTimeout(timer);
      killGroup(probe);
      done(status === 0 && said.startsWith('ready\n'));
    });
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

/** Numbers each run's stdout file apart within this process. */
let printedFiles = 0;

export async function runProgram(
  file: string,
  args: readonly string[],
  options: {
    cwd: string;
    limits: Limits;
    stdin?: string | undefined;
    /** CPU time the run may use (scaled from its work); wall time is the limits' programTimeoutMs. */
    cpuLimitMs?: number | undefined;
    /**
     * `file` is a native program (a compiled submission), run as it is: no preload, so its `ready` on
     * the record channel comes from the object the grader links into it (3-sandbox/native/build.ts).
     */
    native?: boolean | undefined;
    /** What it may read besides its folder (a native test's variant of the reference). */
    readable?: readonly string[] | undefined;
    env?: Readonly<Record<string, string>> | undefined;
    mounts?: readonly { source: string; target: string }[] | undefined;
    /**
     * The stage (`cwd`) is seen inside the sandbox only at this path, where it starts: a folder made
     * afresh for each run then looks the same to the program in every run.
     */
    mountedAt?: string | undefined;
    /**
     * The grader's canary program (3-sandbox/native/build.ts): a native run that ends before its `ready` is the
     * machinery's fault only when the canary, run the same way, fails too. Without it, always.
     */
    canary?: string | undefined;
  },
): Promise<ProgramOutcome> {
  const { limits } = options;
  const preload = options.native === true ? undefined : await programPreloadUrl();
  // Its stdout is a pipe to a relay (coreutils' head, outside the sandbox) that copies it into a file,
  // never a pipe to the grader: a program that prints line by line blocks whenever its pipe is full,
  // and the grader's own work (oracles, diffs, other runs) would then set the program's pace. The file
  // lies beside the stage, in the submission's folder, which only the grader can list; the relay stops
  // a byte past the output limit.
  const printedTo = join(dirname(options.cwd), `.stdout-${process.pid}-${++printedFiles}`);
  const printedFd = openSync(printedTo, 'w+', 0o600);
  const relay = spawn('head', ['-c', String(limits.outputBytes + 1)], {
    stdio: ['pipe', printedFd, 'ignore'],
  });
  relay.on('error', () => {});
  const relayed = new Promise<void>((ended) => relay.on('close', () => ended()));
  const printedSize = () => fstatSync(printedFd).size;
  return new Promise((done) => {
    let child: ChildProcess;
    try {
      child = spawnStudent(preload === undefined ? [file, ...args] : [`--import=${preload}`, file, ...args], {
        cwd: options.cwd,
        readable: [...(options.mountedAt === undefined ? [options.cwd] : []), ...(options.readable ?? [])],
        limits,
        cpuSeconds: programCpuSeconds(limits),
        extraFds: 1,
        stdout: relay.stdin!,
        native: options.native,
        env: options.env,
        mounts: [
          ...(options.mounts ?? []),
          ...(options.mountedAt === undefined ? [] : [{ source: options.cwd, target: options.mountedAt }]),
        ],
        sandboxCwd: options.mountedAt,
      });
    } finally {
      // The program holds the pipe's write end now; the relay ends when the program's side closes.
      relay.stdin?.destroy();
    }
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
    // The relay stops at a byte past the limit: the program has printed more than it may.
    void relayed.then(() => {
      if (printedSize() > limits.outputBytes) hit('output');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.stdin ?? '');
    child.on('close', async (status, signal) => {
      clearTimeout(timer);
      stopWatching();
      stopCpu();
      // Whatever it left behind in its group goes too.
      killGroup(child);
      // The relay ends with the last writer; one that left the group could hold it open: a second at most.
      const relayTimer = setTimeout(() => relay.kill('SIGKILL'), 1000);
      await relayed;
      clearTimeout(relayTimer);
      const size = printedSize();
      if (size > limits.outputBytes) limit ??= 'output';
      const kept = Buffer.alloc(Math.min(size, limits.outputBytes));
      let at = 0;
      while (at < kept.length) {
        const read = readSync(printedFd, kept, at, kept.length - at, at);
        if (read === 0) break;
        at += read;
      }
      closeSync(printedFd);
      rmSync(printedTo, { force: true });
      const lines = Buffer.concat(records).toString('utf8').split('\n');
      lines.pop(); // What follows the last newline: nothing, or a call cut short.
      const told = lines.slice(1);
      const chancePrefix = `${CHANCE_RECORD}\t`;
      const early = !ready && limit !== 'budget';
      const beforeMain =
        early && options.native === true && options.canary !== undefined
          ? await canaryStarts(child, options.canary)
          : false;
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
        stdout: kept.subarray(0, at),
        stderr,
        limit: limit ?? limitFromExit(signal, stderr, status),
        ...(early ? (beforeMain ? { beforeMain } : { infrastructure: true }) : {}),
      });
    });
  });
}
