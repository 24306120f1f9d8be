// `pnpm bench` (grader): a class graded in one batch, as an instructor runs it. A folder of
// BENCH_BATCH (100) submissions made like a real class (classOf): mostly line-by-line printers (a line
// per console.log, as their C++ did) and typical wrong ones, cycled through the correct-* and wrong-*
// fixtures (not the hostile ones, nor the wrong-hang-* ones), each copy under a name of its own; the built
// `pitboss grade <folder> --format json` run as a process, without --out so that nothing is reused,
// at --jobs 1 and --jobs 2. It prints submissions per minute for each, their ratio, and each against
// the target; the two runs' reports must be identical, and `node -e 0` timed in the same run gives
// a machine-independent cost per submission. Each run's timings (PITBOSS_TIMINGS, src/phases.ts) say
// where the time went: how long each phase held the --jobs places, and the grader's peak memory.
// Then (measureHangs, unless BENCH_HANGS=0) the same class with five submissions replaced by the five
// wrong-hang-* ones, graded at the last --jobs: the extra wall time the hangers cost, against the target
// of 30 s, and each hanger's time-outs, which must be in the file that hangs.
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

/** A fixture's driver prints a line per call (as a C++ port does), rather than the transcript at once. */
const printsLineByLine = (name: string): boolean =>
  (readFileSync(join(FIXTURES, name, 'blackjack.ts'), 'utf8').match(/console\.log|stdout\.write/g) ?? [])
    .length > 1;

/**
 * The fixtures of a realistic class, in the order they are cycled: each correct-* and wrong-* once,
 * and the line-by-line printers twice more, so that most of the class prints as real students do.
 * The wrong-hang-* ones are left to measureHangs.
 */
function classOf(): string[] {
  const names = readdirSync(FIXTURES)
    .filter((name) => /^(correct|wrong)-/.test(name) && !name.startsWith('wrong-hang-'))
    .sort();
  const printers = names.filter(printsLineByLine);
  return [...names, ...printers, ...printers];
}

/** BENCH_BATCH submissions in `folder`, cycling through `fixtures`, each under a name of its own. */
function makeClass(folder: string, fixtures: readonly string[], size: number): void {
  for (let i = 0; i < size; i++) {
    const name = fixtures[i % fixtures.length]!;
    cpSync(join(FIXTURES, name), join(folder, `${String(i + 1).padStart(3, '0')}-${name}`), {
      recursive: true,
    });
  }
}

/** The submissions that loop for ever (one in each student file, and a promise loop): where, and their twin. */
const HANGERS: Record<string, { file: string; twin: string }> = {
  'wrong-hang-deck-deal-never-throws': { file: 'deck.ts', twin: 'correct-course-port' },
  'wrong-hang-hand-discard-list-walk': { file: 'hand.ts', twin: 'correct-course-port' },
  'wrong-hang-player-bet-waits-for-bankroll': { file: 'player.ts', twin: 'correct-course-port' },
  'wrong-hang-driver-natural-payout-loop': { file: 'blackjack.ts', twin: 'correct-course-port' },
  'wrong-hang-driver-promise-waits-for-dealer': { file: 'blackjack.ts', twin: 'correct-closures-cjs' },
};
/** What the hangers may add to a class's wall time (Pitboss issue 21). */
const HANG_TARGET_SECONDS = 30;

interface HangReport {
  submission: { name: string };
  tests: { file: string; status: string }[];
}

/**
 * The class again with five of its submissions replaced by the hangers (each its twin, the fixture it
 * was ported from, where the class has one; else the last ones), graded at `jobs`: the extra wall time
 * against `without` (the class as it was, at the same --jobs, in this run), and each hanger's
 * time-outs by file, which must be in the file that hangs.
 */
async function measureHangs(folder: string, jobs: number, without: number): Promise<boolean> {
  const hangFolder = `${folder}-hangs`;
  cpSync(folder, hangFolder, { recursive: true });
  const left = readdirSync(hangFolder).sort().reverse();
  const replaced: string[] = [];
  for (const [name, { twin }] of Object.entries(HANGERS)) {
    const victim = left.find((each) => each.endsWith(`-${twin}`)) ?? left[0]!;
    left.splice(left.indexOf(victim), 1);
    rmSync(join(hangFolder, victim), { recursive: true });
    cpSync(join(FIXTURES, name), join(hangFolder, `${victim.slice(0, 3)}-${name}`), { recursive: true });
    replaced.push(victim);
  }
  const run = await grade(hangFolder, jobs);
  const reports = JSON.parse(run.stdout) as HangReport[];
  const extra = run.seconds - without;
  const row = (name: string, value: string) => console.log(`${name.padEnd(58)} ${value}`);
  row(
    `grade --jobs ${jobs}, ${Object.keys(HANGERS).length} replaced by hangers`,
    `${run.seconds.toFixed(1)} s: ${extra.toFixed(1)} s more than without them (target: under ${HANG_TARGET_SECONDS} s) ${extra < HANG_TARGET_SECONDS ? 'ok' : 'OVER'}; replaced ${replaced.join(', ')}`,
  );
  let ok = true;
  for (const [name, { file }] of Object.entries(HANGERS)) {
    const report = reports.find((each) => each.submission.name.endsWith(name));
    const timeouts = new Map<string, number>();
    for (const test of report?.tests ?? [])
      if (test.status === 'timeout') timeouts.set(test.file, (timeouts.get(test.file) ?? 0) + 1);
    const right = (timeouts.get(file) ?? 0) > 0;
    ok &&= right;
    row(
      `  ${name}`,
      `time-outs ${[...timeouts].map(([where, count]) => `${where} ${count}`).join(', ') || 'none'}${right ? '' : ` (NONE in ${file})`}`,
    );
  }
  return ok && extra < HANG_TARGET_SECONDS;
}

const fixtures = classOf();
const work = mkdtempSync(join(tmpdir(), 'pitboss-batch-bench-'));
try {
  const folder = join(work, 'class');
  makeClass(folder, fixtures, BATCH);
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
    `${BATCH} submissions (${fixtures.length} fixtures, correct-* and wrong-*, line-by-line printers 3 times, cycled), ${reports[0]!.length} reports`,
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
  const last = runs[runs.length - 1]!;
  if (process.env.BENCH_HANGS !== '0' && !(await measureHangs(folder, last.jobs, last.seconds)))
    process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
