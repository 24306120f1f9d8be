// Where a run's time goes, phase by phase: what `pnpm bench` reads to show where a regression is.
// `busy`: the time the places of the run's limiter (--jobs) were held by each phase's student
// processes, summed (at most jobs x the run's wall time); `phases`: each phase's wall time, summed over
// submissions (phases of one submission, and submissions, run side by side, so it includes waiting for
// a place); `processes`: how many sandboxed student processes each phase started (each costs at
// least a Node start-up, the floor under a submission's cost). Never part of a report, which must be the same on every run. Written as JSON to the file
// named by PITBOSS_TIMINGS, when the command ends.
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import type { LimitFunction } from 'p-limit';

export const PHASES = ['preparing', 'unit', 'transcripts', 'studentTests', 'typeCheck', 'reports'] as const;
export type Phase = (typeof PHASES)[number];

const zeros = () => Object.fromEntries(PHASES.map((phase) => [phase, 0])) as Record<Phase, number>;
/** Milliseconds spent in each phase so far, in this process. */
const spent = zeros();
/** Milliseconds the limiter's places were held in each phase. */
const busy = zeros();
/** Sandboxed processes each phase started. */
const started = zeros();
/** Runs of student code each phase had an isolate host make (each a fresh context; kept ones not counted). */
const isolateRuns = zeros();
/** Processor milliseconds inside those runs' isolates (the student's code and the library it calls), as each host measured it. */
const isolateCpu = zeros();
/** Which isolate each run had (host.ts): made for it, the submission's warm one, or made again after a limit. */
const isolates = { fresh: 0, warm: 0, again: 0 };
const current = new AsyncLocalStorage<Phase>();
/** Sandboxed builds (compiles, links of a student's files) running now, and the most at once so far. */
let building = 0;
let peakBuilding = 0;

/** Counts a sandboxed process started now, as the phase that started it (spawnStudent calls this). */
export function countProcess(): void {
  const phase = current.getStore();
  if (phase !== undefined) started[phase]++;
}

/** Counts a run an isolate host made (a fresh context), its code's processor time, as the phase that asked for it, and which isolate it had. */
export function countIsolateRun(cpuMs: number, isolate?: 'fresh' | 'warm' | 'again'): void {
  if (isolate !== undefined) isolates[isolate]++;
  const phase = current.getStore();
  if (phase === undefined) return;
  isolateRuns[phase]++;
  isolateCpu[phase] += cpuMs;
}

/**
 * Counts a sandboxed build (a compile or link of a student's files) from now until the function it
 * returns is called: the most at once is what `--jobs` must bound, and a bench or test reads it.
 */
export function countBuild(): () => void {
  building++;
  peakBuilding = Math.max(peakBuilding, building);
  let ended = false;
  return () => {
    if (!ended) building--;
    ended = true;
  };
}

/** Runs `work`, adding its wall time to `phase`; the limiter's places it takes count as that phase's. */
export async function timed<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await current.run(phase, work);
  } finally {
    spent[phase] += performance.now() - started;
  }
}

/** `limiter`, counting how long each place is held, by the phase that took it. */
export function countedLimiter(limiter: LimitFunction): LimitFunction {
  const counted = (<Arguments extends unknown[], Result>(
    work: (...args: Arguments) => PromiseLike<Result> | Result,
    ...args: Arguments
  ): Promise<Result> =>
    limiter(async () => {
      const started = performance.now();
      try {
        return await work(...args);
      } finally {
        const phase = current.getStore();
        if (phase !== undefined) busy[phase] += performance.now() - started;
      }
    })) as LimitFunction;
  return Object.setPrototypeOf(counted, limiter) as LimitFunction;
}

/** Runs `work` (synchronous), adding its wall time to `phase`. */
export function timedNow<T>(phase: Phase, work: () => T): T {
  const started = performance.now();
  try {
    return work();
  } finally {
    spent[phase] += performance.now() - started;
  }
}

export interface Timings {
  /** Seconds the limiter's places were held by each phase's processes. */
  busy: Record<Phase, number>;
  /** Seconds in each phase, summed over the run's submissions. */
  phases: Record<Phase, number>;
  /** Sandboxed student processes each phase started. */
  processes: Record<Phase, number>;
  /** Runs of student code each phase had an isolate host make, each in a fresh context. */
  isolateRuns: Record<Phase, number>;
  /** Which isolate those runs had: made for the run, the submission's warm one, made again after a limit. */
  isolates: { fresh: number; warm: number; again: number };
  /** Seconds of processor inside those runs' isolates: the student's code and the library it calls (their clocks). */
  isolateCpu: Record<Phase, number>;
  /** The grader process's own peak resident memory (student processes are apart). */
  peakRssBytes: number;
  /** The most sandboxed builds (compiles, links) that ran at once: never more than --jobs. */
  peakBuilds: number;
}

/** This process's timings so far. */
export const timings = (): Timings => ({
  busy: Object.fromEntries(PHASES.map((phase) => [phase, busy[phase] / 1000])) as Record<Phase, number>,
  phases: Object.fromEntries(PHASES.map((phase) => [phase, spent[phase] / 1000])) as Record<Phase, number>,
  processes: { ...started },
  isolateRuns: { ...isolateRuns },
  isolates: { ...isolates },
  isolateCpu: Object.fromEntries(PHASES.map((phase) => [phase, isolateCpu[phase] / 1000])) as Record<
    Phase,
    number
  >,
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
  peakBuilds: peakBuilding,
});

/** Writes the timings where PITBOSS_TIMINGS says, if it says; a bench's side channel, never a failure. */
export function writeTimings(env: NodeJS.ProcessEnv = process.env): void {
  const file = env.PITBOSS_TIMINGS;
  if (file === undefined || file === '') return;
  try {
    writeFileSync(file, `${JSON.stringify(timings())}\n`);
  } catch {
    // Only a measurement is lost.
  }
}
