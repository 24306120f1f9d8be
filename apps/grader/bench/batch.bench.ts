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
//
// Then the memory part: the grader's peak memory (PITBOSS_TIMINGS' peakRssBytes) for `grade --out` of
// a class of BENCH_MEMORY_SIZES (100, 1,000 and 2,000) submissions, side by side, with the ratio of
// each to the one before; the two largest must be within the target: memory must not grow with the
// class. (A class of 100 ends before the garbage collector's heap has grown to its steady size, so its
// peak is lower whatever is held: the target is read between classes large enough to reach it.) Grading 1,000 submissions for real would take hours
// here, so a few distinct fixtures (BENCH_MEMORY_FIXTURES) are graded for real once, and each class's
// --out gets their stored results (results.ts) under every copy's own name, keyed exactly as the grader
// keys them: the run grades only the canary, and every report still flows through the whole
// reporting path (read from the store, per-submission files, the batch file, the class report and
// the gradebook). The bench fails unless every submission was reused. Each size is graded
// BENCH_MEMORY_REPEATS (3) times, sizes alternating, and its median peak shown: one run's peak moves
// by tens of MiB with the garbage collector's timing.
// BENCH_PARTS (throughput,memory) chooses the parts.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '../src/0-results/report.ts';
import { loadAssignment } from '../src/assignment/load.ts';
import { privateFolder } from '../src/assignment/private-part.ts';
import { hashFolder, RESULTS_FOLDER, ResultStore } from '../src/class/results.ts';
import { REPO_ROOT } from '../src/plumbing/paths.ts';
import { PHASES, type Timings } from '../src/plumbing/timings.ts';

const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const PARTS = (process.env.BENCH_PARTS ?? 'throughput,memory').split(',');
const MEMORY_SIZES = (process.env.BENCH_MEMORY_SIZES ?? '100,1000,2000').split(',').map(Number);
const MEMORY_FIXTURES = (
  process.env.BENCH_MEMORY_FIXTURES ??
  'correct-indexed,correct-tested,wrong-ace-eleven-twice,wrong-dealer-hits-soft-17'
).split(',');
/** Each class is graded this many times (alternating sizes): its median peak is the one shown. */
const MEMORY_REPEATS = Number(process.env.BENCH_MEMORY_REPEATS ?? 3);
/** The most the grader's peak memory may grow between the two largest classes. */
const MEMORY_TARGET_RATIO = 1.25;
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
  extra: readonly string[] = [],
): Promise<{ seconds: number; stdout: string; stderr: string; status: number | null; timings: Timings }> {
  const timingsFile = join(work, `timings-${jobs}-${Date.now()}.json`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [BIN, 'grade', folder, '--format', 'json', '--jobs', String(jobs), ...extra],
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
          stderr,
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
const row = (name: string, value: string) => console.log(`${name.padEnd(58)} ${value}`);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

async function throughput(): Promise<void> {
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
    row(`  --jobs ${run.jobs}: the grader's peak memory`, mib(peakRssBytes));
    // Each sandboxed process costs at least a Node start-up: their count is the floor under the rate.
    const perSubmission = PHASES.reduce((sum, phase) => sum + run.timings.processes[phase], 0) / BATCH;
    const byPhase = PHASES.filter((phase) => run.timings.processes[phase] > 0)
      .map((phase) => `${phase} ${(run.timings.processes[phase] / BATCH).toFixed(1)}`)
      .join(', ');
    const floorSeconds = perSubmission * nodeStart;
    row(
      `  --jobs ${run.jobs}: sandboxed processes per submission`,
      `${byPhase}; ${perSubmission.toFixed(1)} x node -e 0 = ${floorSeconds.toFixed(2)} s of start-ups alone: at most ${((60 * run.jobs) / floorSeconds).toFixed(0)}/min on ${run.jobs} core(s)`,
    );
  }
  row('reports identical across --jobs', identical ? 'yes' : 'NO');
  if (!identical || reports.some((list) => list.length !== BATCH)) process.exitCode = 1;
  const last = runs[runs.length - 1]!;
  if (process.env.BENCH_HANGS !== '0' && !(await measureHangs(folder, last.jobs, last.seconds)))
    process.exitCode = 1;
}

/** The grader's peak memory for `grade --out` of a class of each size, every result reused. */
async function memory(): Promise<void> {
  // The fixtures graded for real, once: their stored results are what every copy reuses.
  const seed = join(work, 'memory-seed');
  for (const name of MEMORY_FIXTURES) cpSync(join(FIXTURES, name), join(seed, name), { recursive: true });
  const seedOut = join(work, 'memory-seed-out');
  await grade(seed, 2, ['--out', seedOut]);
  const stored = readdirSync(join(seedOut, RESULTS_FOLDER)).map(
    (file) => JSON.parse(readFileSync(join(seedOut, RESULTS_FOLDER, file), 'utf8')) as Report,
  );
  const byName = new Map(stored.map((report) => [report.submission.name, report]));
  // Keyed as grading.ts keys a run with no option changed: the assignment's own limits and private part.
  const assignment = await loadAssignment('classic');
  const key = {
    assignment: assignment.name,
    version: assignment.version,
    mode: 'grade',
    only: undefined,
    limits: assignment.limits,
    secret: hashFolder(privateFolder(undefined, assignment.name)),
  };
  const classes = MEMORY_SIZES.map((size) => {
    const folder = join(work, `memory-class-${size}`);
    const names: string[] = [];
    for (let i = 0; i < size; i++) {
      const fixture = MEMORY_FIXTURES[i % MEMORY_FIXTURES.length]!;
      const name = `${String(i + 1).padStart(4, '0')}-${fixture}`;
      cpSync(join(FIXTURES, fixture), join(folder, name), { recursive: true });
      names.push(name);
    }
    return { size, folder, names, peaks: [] as number[], seconds: [] as number[], bytes: 0 };
  });
  for (let repeat = 0; repeat < MEMORY_REPEATS; repeat++) {
    for (const graded of classes) {
      const { size, folder, names } = graded;
      const out = join(work, `memory-out-${size}`);
      const store = new ResultStore(out, key);
      for (const [i, name] of names.entries()) {
        const report = byName.get(MEMORY_FIXTURES[i % MEMORY_FIXTURES.length]!);
        if (report === undefined) throw new Error(`no stored result for ${name}`);
        store.write(
          { name, hash: report.submission.hash },
          { ...report, submission: { ...report.submission, name } },
        );
      }
      const run = await grade(folder, 2, ['--out', out]);
      if (!run.stderr.includes(`0 graded, ${size} reused`))
        throw new Error(`the class of ${size} was not all reused: ${run.stderr.slice(-2000)}`);
      graded.bytes = readFileSync(join(out, 'pitboss-batch.json')).length;
      graded.peaks.push(run.timings.peakRssBytes);
      graded.seconds.push(run.seconds);
      rmSync(out, { recursive: true, force: true });
    }
  }
  const sizes = classes.map(({ size, peaks, seconds, bytes }) => ({
    size,
    peak: median(peaks),
    peaks,
    seconds: median(seconds),
    bytes,
  }));
  row(
    'memory: class',
    `${MEMORY_FIXTURES.length} fixtures graded once, copies reuse their results; grade --out --jobs 2`,
  );
  for (const { size, peak, peaks, seconds, bytes } of sizes)
    row(
      `  ${size} submissions: the grader's peak memory`,
      `${mib(peak)}, median of ${peaks.map(mib).join(', ')} (${seconds.toFixed(1)} s; pitboss-batch.json ${mib(bytes)})`,
    );
  for (const [i, large] of sizes.entries()) {
    const small = sizes[i - 1];
    if (small === undefined) continue;
    const ratio = large.peak / small.peak;
    const judged = i === sizes.length - 1;
    row(
      `  peak memory, ${large.size} over ${small.size}`,
      `${ratio.toFixed(2)} x (the class is ${(large.size / small.size).toFixed(0)} x larger)${judged ? `; target <= ${MEMORY_TARGET_RATIO}: ${ratio <= MEMORY_TARGET_RATIO ? 'met' : 'MISSED'}` : ''}`,
    );
    if (judged && ratio > MEMORY_TARGET_RATIO) process.exitCode = 1;
  }
}

try {
  if (PARTS.includes('throughput')) await throughput();
  if (PARTS.includes('memory')) await memory();
} finally {
  rmSync(work, { recursive: true, force: true });
}
