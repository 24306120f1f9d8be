// Where a run's time goes, phase by phase, summed over its submissions (phases of one submission run
// side by side, so the sum can pass the wall time): what `pnpm bench` reads to show where a regression
// is. Never part of a report, which must be the same on every run. Written as JSON to the file named by
// PITBOSS_TIMINGS, when the command ends.
import { writeFileSync } from 'node:fs';

export const PHASES = ['preparing', 'unit', 'transcripts', 'studentTests', 'typeCheck', 'reports'] as const;
export type Phase = (typeof PHASES)[number];

/** Milliseconds spent in each phase so far, in this process. */
const spent = Object.fromEntries(PHASES.map((phase) => [phase, 0])) as Record<Phase, number>;

/** Runs `work`, adding its wall time to `phase`. */
export async function timed<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    spent[phase] += performance.now() - started;
  }
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
  /** Seconds in each phase, summed over the run's submissions. */
  phases: Record<Phase, number>;
  /** The grader process's own peak resident memory (student processes are apart). */
  peakRssBytes: number;
}

/** This process's timings so far. */
export const timings = (): Timings => ({
  phases: Object.fromEntries(PHASES.map((phase) => [phase, spent[phase] / 1000])) as Record<Phase, number>,
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
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
