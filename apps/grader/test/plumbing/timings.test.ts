// Timings by phase (phases.ts): a bench's side channel. Each phase's wall time, and how long the places
// of the run's limiter were held by the work each phase started there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import {
  countedLimiter,
  countIsolateRun,
  countProcess,
  timed,
  timings,
  writeTimings,
} from '../../src/plumbing/timings.ts';
import { scratch } from '../support.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('timings by phase', () => {
  it('count the places each phase holds, not the time its work waits for one', async () => {
    const before = timings();
    const limiter = countedLimiter(pLimit(1));
    // One place: the transcripts' two runs of 60 ms wait behind the unit run of 60 ms and each other.
    await Promise.all([
      timed('unit', () => limiter(() => sleep(60))),
      timed('transcripts', () => Promise.all([limiter(() => sleep(60)), limiter(() => sleep(60))])),
    ]);
    const after = timings();
    const busy = (phase: 'unit' | 'transcripts') => after.busy[phase] - before.busy[phase];
    const wall = (phase: 'unit' | 'transcripts') => after.phases[phase] - before.phases[phase];
    expect(busy('unit')).toBeGreaterThanOrEqual(0.055);
    expect(busy('transcripts')).toBeGreaterThanOrEqual(0.115);
    // The unit run held the place for itself alone: its wall time is its hold (however slow the machine).
    expect(busy('unit')).toBeLessThanOrEqual(wall('unit') + 0.001);
    // The transcripts' wall time includes the wait for the place the unit run held.
    expect(wall('transcripts')).toBeGreaterThanOrEqual(busy('unit') + busy('transcripts') - 0.005);
    expect(after.busy.studentTests).toBe(before.busy.studentTests);
  });

  it('count the sandboxed processes each phase starts', async () => {
    const before = timings();
    await timed('transcripts', async () => {
      countProcess();
      await sleep(1);
      countProcess();
    });
    countProcess(); // Outside any phase: not counted.
    const after = timings();
    expect(after.processes.transcripts - before.processes.transcripts).toBe(2);
    expect(after.processes.unit).toBe(before.processes.unit);
  });

  it("count the isolate runs each phase has made, with their code's processor time", async () => {
    const before = timings();
    await timed('studentTests', async () => {
      countIsolateRun(30);
      await sleep(1);
      countIsolateRun(12.5);
    });
    countIsolateRun(1000); // Outside any phase: not counted.
    const after = timings();
    expect(after.isolateRuns.studentTests - before.isolateRuns.studentTests).toBe(2);
    expect(after.isolateCpu.studentTests - before.isolateCpu.studentTests).toBeCloseTo(0.0425, 6);
    expect(after.isolateRuns.unit).toBe(before.isolateRuns.unit);
    expect(after.isolateCpu.unit).toBe(before.isolateCpu.unit);
  });

  it('are written where PITBOSS_TIMINGS says, and nowhere without it', () => {
    const file = join(scratch(), 'timings.json');
    writeTimings({});
    writeTimings({ PITBOSS_TIMINGS: file });
    const written = JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof timings>;
    expect(Object.keys(written.busy)).toEqual(Object.keys(timings().busy));
    expect(written.peakRssBytes).toBeGreaterThan(1 << 20);
  });
});
