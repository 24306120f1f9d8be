// `pnpm bench` (grader): what a run of student code costs, a fresh context in the submission's warm isolate
// against a process of its own (PITBOSS_ISOLATES=off, the path before isolates), measured in the
// same run so the ratio holds whatever the machine's load:
//   1. the grader's own processor time per JavaScript run beyond the student's own work: BENCH_RUNS
//      runs of a small real program through one host, the host's and the grader's processor time
//      less the isolates' own, divided by the runs (target: at most 5 ms);
//   2. `pitboss check` on the bundled `correct-tested`, whole process, wall time, each way in turns
//      (BENCH_CHECKS times; the median), with the processes each started (PITBOSS_TIMINGS); then the
//      same check again (nothing changed: every run kept) and after a save of player.ts;
//   3. a class (BENCH_CLASS submissions cycled through the correct-* and wrong-* fixtures) graded at
//      --jobs 1 and 2 with isolates: submissions a minute, and the ratio of the two; with the runs a
//      submission's grade makes, each in a fresh context (which isolate each had), and what fresh isolates would cost at the
//      floor part 1 measures (a bare isolate and context, made and disposed, nothing run in it).
import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as IVM from 'isolated-vm';
import type { Report } from '../src/0-results/report.ts';
import { IsolateSandbox } from '../src/3-sandbox/isolate/client.ts';
import { isolatesSupport } from '../src/3-sandbox/isolate/support.ts';
import { treesUsage } from '../src/3-sandbox/limits.ts';
import type { Limits } from '../src/kit/assignment.ts';
import { CACHE_ROOT } from '../src/plumbing/bundle.ts';
import { REPO_ROOT } from '../src/plumbing/paths.ts';
import type { Timings } from '../src/plumbing/timings.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const CHECKS = Number(process.env.BENCH_CHECKS ?? 3);
const CLASS = Number(process.env.BENCH_CLASS ?? 20);
const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');
const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
const work = mkdtempSync(join(tmpdir(), 'pitboss-bench-isolates-'));
chmodSync(work, 0o711);

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Processor milliseconds a sandboxed host has used with all its descendants (bwrap runs Node as its child). */
const cpuOf = (pid: number): number => treesUsage([pid]).get(pid)?.cpuMs ?? 0;

/** Processor milliseconds a bare isolate costs here: made with a context, then disposed, nothing run in it. */
let bareIsolateMs: number | undefined;

function bareIsolateCost(): number | undefined {
  const support = isolatesSupport();
  if ('missing' in support) return undefined;
  const ivm = createRequire(import.meta.url)(support.path) as typeof IVM;
  const make = () => {
    const isolate = new ivm.Isolate({ memoryLimit: 64 });
    isolate.createContextSync().release();
    isolate.dispose();
  };
  for (let i = 0; i < 20; i++) make();
  const before = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) make();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / RUNS;
}

async function perRunCost(): Promise<void> {
  const limits = {
    testTimeoutMs: 20_000,
    programTimeoutMs: 10_000,
    heapMb: 512,
    outputBytes: 1 << 24,
  } as Limits;
  const stage = join(work, 'stage-0');
  mkdirSync(stage);
  // A real program's shape: a few modules, a game's worth of lines printed one at a time.
  writeFileSync(
    join(stage, 'deck.mjs'),
    'export class Deck { constructor() { this.cards = Array.from({ length: 52 }, (_, i) => i); } deal() { return this.cards.pop(); } }',
  );
  writeFileSync(
    join(stage, 'main.mjs'),
    "import { Deck } from './deck.mjs';\nconst deck = new Deck();\nfor (let hand = 0; hand < 20; hand++) console.log(`hand ${hand}: ${deck.deal()} ${deck.deal()}`);",
  );
  const sandbox = new IsolateSandbox({ workDir: work, workRoot: work, limits, size: 1 });
  const run = () =>
    sandbox.program({ dir: stage, entry: 'main.mjs', argv: [], stdin: '', cpuLimitMs: 2000, wallMs: 10_000 });
  await run(); // the host's start-up is the submission's, not a run's
  const host = sandbox.hostPids()[0]!;
  const graderBefore = process.cpuUsage();
  const hostBefore = cpuOf(host);
  let isolates = 0;
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) isolates += (await run()).cpuMs ?? 0;
  const wall = performance.now() - started;
  const grader = process.cpuUsage(graderBefore);
  const host2 = cpuOf(host) - hostBefore;
  sandbox.close();
  const total = (grader.user + grader.system) / 1000 + host2;
  console.log(
    `per JavaScript run (${RUNS} runs of a 20-line program through one host): ${(wall / RUNS).toFixed(2)} ms wall, ` +
      `${(total / RUNS).toFixed(2)} ms of processor in all, of which the student's code ${(isolates / RUNS).toFixed(2)} ms: ` +
      `the grader's own ${((total - isolates) / RUNS).toFixed(2)} ms (target: at most 5 ms)`,
  );
  bareIsolateMs = bareIsolateCost();
  if (bareIsolateMs !== undefined)
    console.log(
      `  the floor under it: a bare isolate and context, made and disposed with nothing run, ${bareIsolateMs.toFixed(2)} ms of processor`,
    );
}

function pitboss(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ seconds: number; timings: Timings; stdout: string }> {
  const timingsFile = join(work, `timings-${Date.now()}-${Math.random()}.json`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, PITBOSS_TIMINGS: timingsFile },
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('close', (status) => {
      if (status !== 0 && status !== 1)
        reject(new Error(`pitboss ${args.join(' ')} exited ${status}: ${stderr}`));
      else
        resolve({
          seconds: (performance.now() - started) / 1000,
          timings: JSON.parse(readFileSync(timingsFile, 'utf8')) as Timings,
          stdout: Buffer.concat(out).toString('utf8'),
        });
    });
  });
}

const pick = (text: string) => {
  const { tests, score, maxScore } = JSON.parse(text) as Report;
  return { tests, score, maxScore };
};

const processes = (timings: Timings) => Object.values(timings.processes).reduce((sum, n) => sum + n, 0);

async function checks(): Promise<void> {
  // A copy: a check keeps its history in the folder it checks, never in the fixture.
  const folder = join(work, 'correct-tested');
  cpSync(join(FIXTURES, 'correct-tested'), folder, { recursive: true });
  const player = join(folder, 'player.ts');
  const ways = ['processes', 'isolates', 'again', 'saved'] as const;
  type Way = (typeof ways)[number];
  const seconds = Object.fromEntries(ways.map((way) => [way, [] as number[]])) as Record<Way, number[]>;
  const started = Object.fromEntries(ways.map((way) => [way, 0])) as Record<Way, number>;
  const reports = Object.fromEntries(ways.map((way) => [way, ''])) as Record<Way, string>;
  for (let i = 0; i < CHECKS; i++) {
    for (const way of ways) {
      if (way === 'processes' || way === 'isolates') {
        // Each a first check of this code: no type check, no run kept from the one before.
        rmSync(join(CACHE_ROOT, 'type-check'), { recursive: true, force: true });
        rmSync(join(CACHE_ROOT, 'runs'), { recursive: true, force: true });
      }
      // A student's save that changes player.ts's code (not its behaviour): its runs are run again.
      if (way === 'saved')
        writeFileSync(player, `${readFileSync(player, 'utf8')}\nexport const saved${i} = ${i};\n`);
      const run = await pitboss(
        ['check', folder, '--format', 'json'],
        way === 'processes' ? { PITBOSS_ISOLATES: 'off' } : {},
      );
      seconds[way].push(run.seconds);
      started[way] = processes(run.timings);
      reports[way] = run.stdout;
    }
  }
  // A save changes the submission's files, so its report's record of them: its tests and score must not.
  const same = (way: Way) =>
    way === 'saved'
      ? JSON.stringify(pick(reports[way])) === JSON.stringify(pick(reports.processes))
      : reports[way] === reports.processes;
  for (const way of ways)
    if (!same(way)) {
      const [a, b] = [JSON.parse(reports.processes) as Report, JSON.parse(reports[way]) as Report];
      const differs = a.tests.filter((test, i) => JSON.stringify(test) !== JSON.stringify(b.tests[i]));
      throw new Error(
        `check gave a different report (${way}): ${differs.map((test, i) => `${test.id}: ${test.status} / ${b.tests.find((other) => other.id === test.id)?.status}${i === 0 ? ` ${JSON.stringify(b.tests.find((other) => other.id === test.id)?.message)}` : ''}`).join('; ')}`,
      );
    }
  const [processesS, isolatesS, againS, savedS] = ways.map((way) => median(seconds[way]));
  console.log(
    `pitboss check correct-tested (median of ${CHECKS}, same run, identical reports): isolates ${isolatesS!.toFixed(2)} s ` +
      `(${started.isolates} sandboxed processes), processes ${processesS!.toFixed(2)} s (${started.processes}): ${(processesS! / isolatesS!).toFixed(2)} times as fast`,
  );
  console.log(
    `  the same check again, nothing changed: ${againS!.toFixed(2)} s (${started.again} processes, ${(isolatesS! / againS!).toFixed(2)} times as fast as the first); ` +
      `after a save of player.ts: ${savedS!.toFixed(2)} s (${started.saved} processes, ${(isolatesS! / savedS!).toFixed(2)} times as fast)`,
  );
}

async function throughput(): Promise<void> {
  const names = readdirSync(FIXTURES)
    .filter((name) => /^(correct|wrong)-/.test(name) && !name.startsWith('wrong-hang-'))
    .sort();
  const folder = join(work, 'class');
  for (let i = 0; i < CLASS; i++)
    cpSync(join(FIXTURES, names[i % names.length]!), join(folder, `${String(i + 1).padStart(3, '0')}`), {
      recursive: true,
    });
  const perMinute: Record<number, number> = {};
  for (const jobs of [1, 2]) {
    const run = await pitboss(['grade', folder, '--format', 'json', '--jobs', String(jobs)], {});
    perMinute[jobs] = (CLASS / run.seconds) * 60;
    console.log(
      `a class of ${CLASS} at --jobs ${jobs}: ${run.seconds.toFixed(1)} s, ${perMinute[jobs]!.toFixed(0)} submissions a minute (${processes(run.timings)} sandboxed processes)`,
    );
    if (jobs === 1) {
      const runs = Object.values(run.timings.isolateRuns).reduce((sum, n) => sum + n, 0) / CLASS;
      const { unit, transcripts, studentTests } = run.timings.isolateRuns;
      const { fresh, warm, again } = run.timings.isolates;
      console.log(
        `  runs a submission: ${runs.toFixed(0)}, each in a fresh context (unit tests ${(unit / CLASS).toFixed(0)}, ` +
          `transcripts ${(transcripts / CLASS).toFixed(0)}, students' tests ${(studentTests / CLASS).toFixed(0)}); ` +
          `in the submission's warm isolate ${warm}, in one made for the run ${fresh}, made again after a limit ${again}` +
          (bareIsolateMs === undefined
            ? ''
            : `; were each a fresh isolate, those alone would be ${((runs * bareIsolateMs) / 1000).toFixed(2)} s of processor a submission`),
      );
      const own = Object.values(run.timings.isolateCpu).reduce((sum, s) => sum + s, 0) / CLASS;
      console.log(
        `  inside them (the student's code and the library it calls): ${own.toFixed(2)} s of processor a submission ` +
          `(200 a minute on 2 cores leaves 0.60 s a submission for everything)`,
      );
    }
  }
  console.log(
    `--jobs 2 against --jobs 1: ${(perMinute[2]! / perMinute[1]!).toFixed(2)} times as many a minute`,
  );
}

try {
  const parts = (process.env.BENCH_ISOLATES_PARTS ?? 'run,check,class').split(',');
  if (parts.includes('run')) await perRunCost();
  if (parts.includes('check')) await checks();
  if (parts.includes('class')) await throughput();
} finally {
  rmSync(work, { recursive: true, force: true });
}
