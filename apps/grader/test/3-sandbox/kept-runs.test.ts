// A student's check again after a save runs only what the save changed: the runs of the folder's last
// check are kept (3-sandbox/isolate/kept-runs.ts), each under a hash of everything it reads, and the
// report is the one a check of everything gives. A grade keeps nothing.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { isolatesReady } from '../../src/3-sandbox/isolate/support.ts';
import type { Timings } from '../../src/plumbing/timings.ts';
import { pitboss, REPO_ROOT, scratch } from '../support.ts';

const TESTED = join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested');

/** A command as a student runs it, with what its phases started (PITBOSS_TIMINGS). */
function timedRun(args: readonly string[]): { report: Report; timings: Timings } {
  const timings = join(scratch(), 'timings.json');
  // Room for a loaded machine: a run stopped by its wall time is never kept, and would run again.
  const run = pitboss([...args, '--format', 'json', '--timeout', '120', '--budget', '1200'], {
    PITBOSS_TIMINGS: timings,
  });
  expect(run.stderr).toBe('');
  return {
    report: JSON.parse(run.stdout) as Report,
    timings: JSON.parse(readFileSync(timings, 'utf8')) as Timings,
  };
}

const started = (timings: Timings) =>
  timings.processes.unit + timings.processes.transcripts + timings.processes.studentTests;

describe.runIf(isolatesReady())(
  'a check again, after a save',
  () => {
    it('runs nothing when nothing changed, only what reads a changed file after a save, and gives the report a whole check gives', () => {
      const folder = join(scratch(), 'submission');
      cpSync(TESTED, folder, { recursive: true });
      const first = timedRun(['check', folder]);
      expect(started(first.timings)).toBeGreaterThan(0);
      expect(first.timings.isolateRuns.unit).toBeGreaterThan(0);
      // Nothing changed: every run is one the check before made; no student code runs at all.
      const again = timedRun(['check', folder]);
      expect(started(again.timings)).toBe(0);
      expect(Object.values(again.timings.isolateRuns).every((runs) => runs === 0)).toBe(true);
      expect(again.report).toEqual(first.report);
      // A comment is no change: the runs read the compiled modules, and those are the same.
      const player = join(folder, 'player.ts');
      writeFileSync(player, `${readFileSync(player, 'utf8')}\n// tidied up\n`);
      expect(started(timedRun(['check', folder]).timings)).toBe(0);
      // A rule broken in player.ts: its tests run again and fail, as a whole check of the folder says.
      writeFileSync(player, readFileSync(player, 'utf8').replace('value.count <= 17', 'value.count <= 16'));
      const edited = timedRun(['check', folder]);
      expect(started(edited.timings)).toBeGreaterThan(0);
      const whole = join(scratch(), 'whole');
      cpSync(folder, whole, { recursive: true });
      const fresh = timedRun(['check', whole]);
      expect(edited.report.score).toBeLessThan(first.report.score);
      expect(edited.report).toEqual({ ...fresh.report, submission: edited.report.submission });
    });

    it("keeps deck.ts's unit tests through a save of player.ts: a run is keyed by the modules it can import, not the whole stage", () => {
      const folder = join(scratch(), 'submission');
      cpSync(TESTED, folder, { recursive: true });
      timedRun(['check', folder]);
      const player = join(folder, 'player.ts');
      writeFileSync(player, readFileSync(player, 'utf8').replace('value.count <= 17', 'value.count <= 16'));
      // deck.ts imports nothing of the student's: its runs are the ones the check before made.
      expect(started(timedRun(['check', folder, '--only', 'deck.']).timings)).toBe(0);
      // player.ts's tests read the saved file: they run again.
      expect(started(timedRun(['check', folder, '--only', 'player.']).timings)).toBeGreaterThan(0);
    });

    it("keeps nothing for a grade: an instructor's run runs every run of every submission", () => {
      const folder = join(scratch(), 'submission');
      cpSync(TESTED, folder, { recursive: true });
      const args = ['grade', folder, '--only', 'deck.'];
      timedRun(args);
      expect(started(timedRun(args).timings)).toBeGreaterThan(0);
    });
  },
  600_000,
);
