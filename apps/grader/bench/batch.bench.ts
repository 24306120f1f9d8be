// `pnpm bench` (grader): a class graded in one batch, as an instructor runs it. A folder of
// BENCH_BATCH (100) submissions, made by cycling through the correct-* and wrong-* fixtures (not the
// hostile ones, which sit on time limits by design), each copy under a name of its own; the built
// `pitboss grade <folder> --format json` run as a process, without --out so that nothing is reused,
// at --jobs 1 and --jobs 2. It prints submissions per minute for each, their ratio, and each against
// the target; the two runs' reports must be identical, and `node -e 0` timed in the same run gives
// a machine-independent cost per submission. Each run's timings (PITBOSS_TIMINGS, src/phases.ts) say
// where the time went: how long each phase held the --jobs places, and the grader's peak memory.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/paths.ts';
import { PHASES, type Timings } from '../src/phases.ts';

const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const JOBS = (process.env.BENCH_JOBS ?? '1,2').split(',').map(Number);
const TARGET_PER_MINUTE = 60;
const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The whole process, with its output kept: the reports, to compare across --jobs. */
function grade(
  folder: string,
  jobs: number,
): Promise<{ seconds: number; stdout: string; status: number | null; timings: Timings }> {
  const timingsFile = join(work, `timings-${jobs}-${Date.now()}.json`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [BIN, 'grade', folder, '--format', 'json', '--jobs', String(jobs)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PITBOSS_TIMINGS: timingsFile },
      },
    );
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (status) => {
      const seconds = (performance.now() - started) / 1000;
      // Exit 1: the wrong-* submissions lose points. Anything else is the grader failing.
      if (status !== 0 && status !== 1) reject(new Error(`pitboss exited ${status}: ${stderr.slice(-2000)}`));
      else if (stderr.includes('could not grade')) reject(new Error(stderr.slice(-2000)));
      else
        resolve({
          seconds,
          stdout: Buffer.concat(out).toString('utf8'),
          status,
          timings: JSON.parse(readFileSync(timingsFile, 'utf8')) as Timings,
        });
    });
  });
}

const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.startsWith('correct-') || name.startsWith('wrong-'))
  .sort();
const work = mkdtempSync(join(tmpdir(), 'pitboss-batch-bench-'));
try {
  const folder = join(work, 'class');
  for (let i = 0; i < BATCH; i++) {
    const name = fixtures[i % fixtures.length]!;
    cpSync(join(FIXTURES, name), join(folder, `${String(i + 1).padStart(3, '0')}-${name}`), {
      recursive: true,
    });
  }
  // The start-up baseline: a bare node process, timed in this run on this machine.
  const starts: number[] = [];
  for (let i = 0; i < 11; i++) {
    const started = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    if (i > 0) starts.push((performance.now() - started) / 1000);
  }
  const nodeStart = median(starts);
  // A first small run builds the grader's cached bundles, so that neither timed run pays for them.
  await grade(join(folder, readdirSync(folder)[0]!), 1);

  const runs: { jobs: number; seconds: number; stdout: string; timings: Timings }[] = [];
  for (const jobs of JOBS) runs.push({ jobs, ...(await grade(folder, jobs)) });
  const reports = runs.map((run) => JSON.parse(run.stdout) as { submission: { name: string } }[]);
  const identical = runs.every((run) => run.stdout === runs[0]!.stdout);

  const row = (name: string, value: string) => console.log(`${name.padEnd(58)} ${value}`);
  row(
    'batch',
    `${BATCH} submissions (${fixtures.length} fixtures, correct-* and wrong-*, cycled), ${reports[0]!.length} reports`,
  );
  row('node -e 0 (start-up baseline, median of 10)', `${(nodeStart * 1000).toFixed(0)} ms`);
  for (const run of runs) {
    const perMinute = (BATCH / run.seconds) * 60;
    row(
      `grade --jobs ${run.jobs}`,
      `${run.seconds.toFixed(1)} s, ${perMinute.toFixed(1)} submissions/min, ${(run.seconds / BATCH).toFixed(2)} s each = ${(run.seconds / BATCH / nodeStart).toFixed(1)} node start-ups; ${(perMinute / TARGET_PER_MINUTE).toFixed(2)} x the target of ${TARGET_PER_MINUTE}/min`,
    );
  }
  if (runs.length === 2)
    row(
      `--jobs ${runs[1]!.jobs} over --jobs ${runs[0]!.jobs}`,
      `${(runs[0]!.seconds / runs[1]!.seconds).toFixed(2)} x`,
    );
  for (const run of runs) {
    const { busy, peakRssBytes } = run.timings;
    row(
      `  --jobs ${run.jobs}: places held by phase (s per submission)`,
      PHASES.filter((phase) => busy[phase] > 0)
        .map((phase) => `${phase} ${(busy[phase] / BATCH).toFixed(2)}`)
        .join(', '),
    );
    row(`  --jobs ${run.jobs}: the grader's peak memory`, `${(peakRssBytes / 2 ** 20).toFixed(0)} MiB`);
  }
  row('reports identical across --jobs', identical ? 'yes' : 'NO');
  if (!identical || reports.some((list) => list.length !== BATCH)) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
