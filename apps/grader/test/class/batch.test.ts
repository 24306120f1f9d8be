import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, scratch } from '../support.ts';

const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');
const CLASS = join(REPO_ROOT, 'fixtures/submissions/classic');
const RESULTS = '.pitboss-results';

/** The classic fixtures that are plain submissions (no hostile ones). */
const SUBMISSIONS = readdirSync(CLASS).filter((name) => /^(correct|wrong)-/.test(name));

/** A class of every plain submission, graded on their deck tests one at a time: long enough to interrupt. */
const argsFor = (out: string) => [
  BIN,
  'grade',
  ...SUBMISSIONS.map((name) => join(CLASS, name)),
  '--only',
  'deck.',
  '--jobs',
  '1',
  '--format',
  'json',
  '--out',
  out,
];

const stored = (out: string) => readdirSync(join(out, RESULTS)).filter((name) => name.endsWith('.json'));
const reports = (out: string) =>
  Object.fromEntries(
    readdirSync(out)
      .filter((name) => name.endsWith('.json') && name !== 'pitboss-batch.json')
      .map((name) => [name, readFileSync(join(out, name), 'utf8')]),
  );

describe('a batch killed with SIGKILL half-way', () => {
  it('is completed by running the same command again, regrading only what was missing, with identical results', async () => {
    const out = scratch();
    const child = spawn(process.execPath, argsFor(out), { detached: true, stdio: 'ignore' });
    // Wait until a few submissions are finished, then kill the whole process group at once.
    for (let waited = 0; waited < 120_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      try {
        if (stored(out).length >= 3) break;
      } catch {
        // Not created yet.
      }
    }
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    const before = stored(out);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(SUBMISSIONS.length);
    const mtimes = Object.fromEntries(
      before.map((name) => [name, statSync(join(out, RESULTS, name)).mtimeMs]),
    );

    const rerun = spawnSync(process.execPath, argsFor(out), { encoding: 'utf8' });
    expect(rerun.stderr).toContain(
      `pitboss: ${SUBMISSIONS.length - before.length} graded, ${before.length} reused from ${out}`,
    );
    // Finished submissions were not graded again: their results are the files written before the kill.
    for (const name of before) expect(statSync(join(out, RESULTS, name)).mtimeMs).toBe(mtimes[name]);
    expect(stored(out)).toHaveLength(SUBMISSIONS.length);

    const clean = scratch();
    spawnSync(process.execPath, argsFor(clean), { encoding: 'utf8' });
    expect(reports(out)).toEqual(reports(clean));
    expect(Object.keys(reports(out))).toHaveLength(SUBMISSIONS.length);
  });
});

describe('grading a folder of submissions', () => {
  it('grades each submission in it, and gives a folder that is not a submission a verdict of its own', () => {
    const run = spawnSync(
      process.execPath,
      [BIN, 'grade', CLASS, '--only', 'deck.new-order', '--format', 'json', '--timeout', '3'],
      {
        encoding: 'utf8',
      },
    );
    // Every folder in it is a student's: each has a result.
    const folders = readdirSync(CLASS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).length;
    expect(run.stderr).toContain(`holds ${folders} submissions`);
    expect(JSON.parse(run.stdout)).toHaveLength(folders);
    const empty = scratch();
    const graded = spawnSync(
      process.execPath,
      [BIN, 'grade', join(CLASS, 'correct-indexed'), empty, '--only', 'deck.new-order', '--format', 'json'],
      { encoding: 'utf8' },
    );
    expect(graded.status).toBe(1);
    const [correct, none] = JSON.parse(graded.stdout) as {
      score: number;
      maxScore: number;
      loadErrors: { message: string }[];
    }[];
    expect(correct!.score).toBe(correct!.maxScore);
    expect(none!.score).toBe(0);
    expect(none!.loadErrors[0]!.message).toMatch(/is not a submission/);
  });
});
