// Watching a student process for the limits the kernel cannot enforce alone: resident memory of its
// whole tree (Buffers and typed arrays live outside V8's heap limit) and bytes printed.
import { closeSync, existsSync, openSync, readdirSync, readSync } from 'node:fs';
import { constants } from 'node:os';
import type { Limits } from '../kit/assignment.ts';

/** `budget`: not run at all, the submission's time budget being spent. */
export type LimitHit = 'time' | 'cpu' | 'memory' | 'output' | 'budget';

/** Resident memory allowed to a student process tree: twice its heap limit, for Node's own needs. */
export const rssLimitBytes = (limits: Limits) => 2 * limits.heapMb * 1024 * 1024;

const PAGE = 4096;

/**
 * Resident bytes of each of these processes with all its descendants, from /proc (0 where /proc
 * cannot tell): one reading of /proc, however many are watched.
 */
export function treesRss(roots: readonly number[]): Map<number, number> {
  return new Map([...treesUsage(roots)].map(([pid, usage]) => [pid, usage.rssBytes]));
}

/** CPU clock ticks per second in /proc/<pid>/stat: 100 on every Linux the grader runs on. */
const TICKS_PER_SECOND = 100;

export interface TreeUsage {
  rssBytes: number;
  /** CPU time (user and system) of the process and its descendants, living and reaped, in ms. */
  cpuMs: number;
}

/** One buffer for every /proc file read, a tick reading dozens: no allocation, no stat, per file. */
let procBuffer = Buffer.alloc(4096);

/** A /proc file's text, read whole. */
function readProc(path: string): string {
  const fd = openSync(path, 'r');
  try {
    let size = 0;
    for (;;) {
      if (size === procBuffer.length)
        procBuffer = Buffer.concat([procBuffer, Buffer.alloc(procBuffer.length)]);
      const read = readSync(fd, procBuffer, size, procBuffer.length - size, null);
      if (read === 0) break;
      size += read;
    }
    return procBuffer.toString('latin1', 0, size);
  } finally {
    closeSync(fd);
  }
}

/** One process's own resident bytes and CPU time from /proc/<pid>/stat, with its parent. */
function ownUsage(pid: number): (TreeUsage & { parent: number }) | undefined {
  try {
    const stat = readProc(`/proc/${pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, and cutime, cstime: what its reaped children used.
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return {
      parent: Number(fields[1]),
      rssBytes: Number(fields[21]) * PAGE,
      cpuMs: (ticks * 1000) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined; // Gone already.
  }
}

/** A process's living children, from each of its threads' `children` file; undefined where /proc has none. */
function childrenOf(pid: number): number[] | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children: number[] = [];
  for (const task of tasks) {
    try {
      const listed = readProc(`/proc/${pid}/task/${task}/children`).trim();
      if (listed !== '') for (const child of listed.split(' ')) children.push(Number(child));
    } catch (error) {
      // A kernel built without the file: only a reading of every process can tell the tree.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && existsSync(`/proc/${pid}/task/${task}`))
        return undefined;
    }
  }
  return children;
}

/**
 * Resident bytes and CPU time of each of these processes with all its descendants, from /proc (0
 * where /proc cannot tell). Each tree is walked down from its root through the kernel's `children`
 * lists, so a reading costs what the watched trees hold, not what the machine runs: reading every
 * process on the machine took 6 ms a tick here, ten times a second, for as long as anything ran.
 */
export function treesUsage(roots: readonly number[]): Map<number, TreeUsage> {
  const rootSet = new Set(roots);
  const totals = new Map<number, TreeUsage>();
  for (const root of rootSet) {
    const total = { rssBytes: 0, cpuMs: 0 };
    totals.set(root, total);
    const seen = new Set<number>();
    for (const pending = [root]; pending.length > 0; ) {
      const pid = pending.pop()!;
      if (seen.has(pid)) continue;
      seen.add(pid);
      const own = ownUsage(pid);
      if (own === undefined) continue;
      total.rssBytes += own.rssBytes;
      total.cpuMs += own.cpuMs;
      const children = childrenOf(pid);
      if (children === undefined) return everyProcessUsage(roots);
      // A watched process under another is counted as its own tree, as the reading of every process does.
      for (const child of children) if (!rootSet.has(child)) pending.push(child);
    }
  }
  return totals;
}

/** The same totals from a reading of every process in /proc, for kernels without `children` lists. */
export function everyProcessUsage(roots: readonly number[]): Map<number, TreeUsage> {
  const totals = new Map(roots.map((root) => [root, { rssBytes: 0, cpuMs: 0 }]));
  const parents = new Map<number, number>();
  const usage = new Map<number, TreeUsage>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return totals;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const own = ownUsage(Number(entry));
    if (own === undefined) continue;
    parents.set(Number(entry), own.parent);
    usage.set(Number(entry), { rssBytes: own.rssBytes, cpuMs: own.cpuMs });
  }
  for (const [pid, own] of usage) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) {
      const total = totals.get(p);
      if (total !== undefined) {
        total.rssBytes += own.rssBytes;
        total.cpuMs += own.cpuMs;
        break;
      }
    }
  }
  return totals;
}

/** What ended a process, in words that name the limit and its value. */
export function describeLimit(hit: LimitHit, limits: Limits, timeoutMs: number): string {
  switch (hit) {
    case 'time':
      return `took longer than its limit of ${timeoutMs} ms`;
    case 'cpu':
      return `used more CPU time than its limit of ${timeoutMs} ms`;
    case 'memory':
      return `used more memory than its limit of ${limits.heapMb} MiB of heap (${rssLimitBytes(limits) / 1048576} MiB resident)`;
    case 'output':
      return `printed more than its limit of ${limits.outputBytes} bytes`;
    case 'budget':
      return `ran out of the submission's time budget of ${budgetSeconds(limits.budgetMs)} s, which what ran before it used up (a test or program that hangs, or a file that takes the compiler long, uses it fast)`;
  }
}

/** A budget in seconds as the instructor gave it (`--budget 2.5`): a tenth at most, no trailing zeros. */
export const budgetSeconds = (budgetMs: number | undefined): string =>
  String(Math.round((budgetMs ?? 0) / 100) / 10);

/** The least time any run gets: a process's start-up, and room for a slow machine. */
export const FLOOR_MS = 3000;
/** Per line the reference prints: a program writing a line per call still fits in 0.2 ms a line. */
const PER_LINE_MS = 0.2;
/** Per call in a unit-test request: a slow but honest implementation takes microseconds per call. */
const PER_STEP_MS = 0.2;

/**
 * A run's limit from the work it is asked to do, never from a clock: a floor, a bound per unit of
 * work, capped by the rule set's limit. The same case always gets the same limit, and a hang costs
 * seconds rather than the whole limit.
 */
const scaled = (capMs: number, units: number, perUnitMs: number) =>
  Math.min(capMs, Math.max(FLOOR_MS, Math.ceil(units * perUnitMs)));

/**
 * A transcript run's limit, from the number of lines the reference prints for the case; `floorMs`, a
 * compiled whole program's (WholeProgram.floorMs), when not FLOOR_MS.
 */
export const transcriptLimitMs = (limits: Limits, expectedLines: number, floorMs = FLOOR_MS) =>
  Math.min(limits.programTimeoutMs, Math.max(floorMs, Math.ceil(expectedLines * PER_LINE_MS)));

/** A unit-test request's limit, from its number of calls. */
export const requestLimitMs = (limits: Limits, steps: number) =>
  scaled(limits.testTimeoutMs, steps, PER_STEP_MS);

/**
 * One submission's time budget, counted in the time its own runs take (added up, whichever run in
 * parallel): never in time spent waiting for a place among a batch's other submissions.
 */
export class Budget {
  readonly #budgetMs: number;
  #spentMs = 0;

  constructor(budgetMs: number | undefined) {
    this.#budgetMs = budgetMs ?? Number.POSITIVE_INFINITY;
  }

  /** Milliseconds left (0 when spent). */
  left(): number {
    return Math.max(0, this.#budgetMs - this.#spentMs);
  }

  /** Times one run: call what it returns when the run ends. */
  start(): () => void {
    const started = performance.now();
    return () => {
      this.#spentMs += performance.now() - started;
    };
  }

  /**
   * A run answered without running it (a check's kept run, isolate/kept-runs.ts): the time it took
   * when it ran, so that what fits in the budget is what fits when every run runs (a grade).
   */
  charge(ms: number): void {
    if (Number.isFinite(ms) && ms > 0) this.#spentMs += ms;
  }
}

/** Reads why a process died from how it died: V8's heap exhaustion, or the CPU-time signal. */
export function limitFromExit(
  signal: NodeJS.Signals | null,
  stderr: string,
  status: number | null = null,
): LimitHit | undefined {
  if (
    /heap out of memory|Reached heap limit|Allocation failed|RangeError: Array buffer allocation failed/.test(
      stderr,
    )
  ) {
    return 'memory';
  }
  if ((signal ?? signalOf(status)) === 'SIGXCPU') return 'cpu';
  return undefined;
}

/** A sandbox (bwrap) reports its child's death by signal n as exit status 128 + n. */
export function signalOf(status: number | null): NodeJS.Signals | null {
  if (status === null || status <= 128) return null;
  const entry = Object.entries(constants.signals).find(([, number]) => number === status - 128);
  return (entry?.[0] as NodeJS.Signals | undefined) ?? null;
}
