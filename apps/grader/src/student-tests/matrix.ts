// Students' tests x mutants. First every test file runs on the reference: a test that fails there is
// invalid and never counts. Then every file with a valid test runs on every mutant: a mutant is
// exposed when a valid test fails on it (a timeout counts, and is said).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LimitFunction } from 'p-limit';
import type { Limits } from '../kit/assignment.ts';
import { killGroup } from '../runner/process.ts';
import { ChildWorker, type Settled } from '../runner/worker.ts';
import type { CaseResult, Manifest, TestRunReply, TestRunRequest } from './protocol.ts';

export interface StudentCase {
  file: string;
  name: string;
  valid: boolean;
  /** Why it does not count: what it did on the reference. */
  reason?: string | undefined;
}

export interface MutantVerdict {
  /** Valid tests (`file > name`) that fail on the mutant. */
  exposedBy: string[];
  /** Whether a test file ran out of time on it. */
  timeout: boolean;
}

export interface Matrix {
  cases: StudentCase[];
  verdicts: Map<string, MutantVerdict>;
}

export interface MatrixOptions {
  harness: string;
  manifestFile: string;
  limits: Limits;
  limiter: LimitFunction;
  jobs: number;
  /** Wall time for one test file's run on one mutant. */
  runTimeoutMs: number;
}

type Cell = { request: TestRunRequest; settled: Settled<TestRunReply> };

/** Runs that pay for starting one more child (about a node start-up each) besides the first. */
const RUNS_PER_EXTRA_LANE = 100;

/** Requests, and the index of the next one a lane takes. */
interface Queue {
  requests: readonly TestRunRequest[];
  cells: Cell[];
  next: number;
}

const queueOf = (requests: readonly TestRunRequest[]): Queue => ({
  requests,
  cells: new Array(requests.length),
  next: 0,
});

/** One lane: a long-lived child taking the next request as it finishes one. */
async function drain(worker: ChildWorker<TestRunReply>, queue: Queue, options: MatrixOptions): Promise<void> {
  while (queue.next < queue.requests.length) {
    const index = queue.next++;
    const request = queue.requests[index]!;
    const key = `${request.testFile}\0${request.mutant}`;
    const settled = await worker.run(
      request,
      key,
      (reply) => `${reply.testFile}\0${reply.mutant}`,
      options.runTimeoutMs,
    );
    queue.cells[index] = { request, settled };
  }
}

const caseId = (file: string, name: string) => `${file} > ${name}`;

/** Which cases of each file pass on the reference, and the report's line for every case. */
function validity(onReference: readonly Cell[]): {
  cases: StudentCase[];
  validNames: Map<string, Set<string>>;
} {
  const cases: StudentCase[] = [];
  const validNames = new Map<string, Set<string>>();
  for (const { request, settled } of onReference) {
    const file = request.testFile;
    const valid = new Set<string>();
    validNames.set(file, valid);
    if (settled.kind !== 'reply') {
      const why = settled.message;
      cases.push({ file, name: '(the whole file)', valid: false, reason: `on the reference it ${why}` });
      continue;
    }
    const { reply } = settled;
    if (reply.error !== undefined) {
      cases.push({
        file,
        name: '(the whole file)',
        valid: false,
        reason: `on the reference: ${reply.error}`,
      });
      continue;
    }
    const ran = reply.cases.filter((c) => c.status !== 'skipped');
    if (ran.length === 0)
      cases.push({ file, name: '(the whole file)', valid: false, reason: 'it registers no test' });
    for (const c of ran) {
      if (c.status === 'passed') valid.add(c.name);
      cases.push({
        file,
        name: c.name,
        valid: c.status === 'passed',
        reason: c.status === 'failed' ? `it fails on the reference: ${c.message}` : undefined,
      });
    }
  }
  return { cases, validNames };
}

/**
 * Every test file on the reference, then every file with a valid test on every mutant. The first
 * lane does both, in one child; more lanes (up to `jobs`, each a child of its own, each holding a
 * place of the limiter) join for the mutants when there are enough runs to pay for their start-up.
 */
export async function runMatrix(manifest: Manifest, options: MatrixOptions, cwd: string): Promise<Matrix> {
  const files = Object.keys(manifest.tests);
  const newWorker = () =>
    new ChildWorker<TestRunReply>({
      script: options.harness,
      cwd,
      limits: options.limits,
      readable: [options.manifestFile],
      nodeFlags: ['--experimental-vm-modules', '--no-warnings'],
      preamble: [options.manifestFile],
    });
  const reference = queueOf(files.map((testFile) => ({ testFile, mutant: null })));
  let onMutants = queueOf([]);
  let found: ReturnType<typeof validity> | undefined;
  const extraLanes: Promise<void>[] = [];
  await options.limiter(async () => {
    const worker = newWorker();
    try {
      await drain(worker, reference, options);
      found = validity(reference.cells);
      const usable = files.filter((file) => (found!.validNames.get(file)?.size ?? 0) > 0);
      onMutants = queueOf(
        Object.keys(manifest.mutants).flatMap((mutant) => usable.map((testFile) => ({ testFile, mutant }))),
      );
      const lanes = Math.min(options.jobs, Math.ceil(onMutants.requests.length / RUNS_PER_EXTRA_LANE));
      // Not awaited here: a lane waiting for a place must not hold this one.
      for (let lane = 1; lane < lanes; lane++) {
        extraLanes.push(
          options.limiter(async () => {
            const extra = newWorker();
            try {
              await drain(extra, onMutants, options);
            } finally {
              extra.close();
            }
          }),
        );
      }
      await drain(worker, onMutants, options);
    } finally {
      worker.close();
    }
  });
  await Promise.all(extraLanes);
  const { cases, validNames } = found!;

  const verdicts = new Map<string, MutantVerdict>();
  for (const mutant of Object.keys(manifest.mutants)) verdicts.set(mutant, { exposedBy: [], timeout: false });
  for (const { request, settled } of onMutants.cells) {
    const verdict = verdicts.get(request.mutant!)!;
    const valid = validNames.get(request.testFile)!;
    const failedCases = (results: readonly CaseResult[]) =>
      results
        .filter((c) => valid.has(c.name) && c.status !== 'passed')
        .map((c) => caseId(request.testFile, c.name));
    if (settled.kind === 'limit' && (settled.hit === 'time' || settled.hit === 'cpu')) {
      verdict.timeout = true;
      verdict.exposedBy.push(`${request.testFile} (timed out)`);
    } else if (settled.kind === 'limit') {
      verdict.exposedBy.push(`${request.testFile} (${settled.message})`);
    } else if (settled.kind === 'exit' || settled.reply.error !== undefined) {
      // Valid on the reference, broken on the mutant: the mutant is what broke it.
      verdict.exposedBy.push(...[...valid].map((name) => caseId(request.testFile, name)));
    } else {
      const missing = [...valid].filter((name) => !settled.reply.cases.some((c) => c.name === name));
      verdict.exposedBy.push(
        ...failedCases(settled.reply.cases),
        ...missing.map((name) => caseId(request.testFile, name)),
      );
    }
  }
  return { cases, verdicts };
}

/**
 * The baseline the matrix is measured against: one `node --test` process per (test file, mutant)
 * pair, each with the real node:test, exposing the mutant when its exit status is not 0.
 */
export async function runBaselinePair(
  manifest: Manifest,
  testFile: string,
  mutant: string | null,
  dir: string,
  timeoutMs: number,
): Promise<'passed' | 'failed' | 'timeout'> {
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(manifest.reference))
    writeFileSync(join(dir, `${name}.mjs`), source);
  if (mutant !== null) {
    const replaced = manifest.mutants[mutant]!;
    writeFileSync(join(dir, `${replaced.module}.mjs`), replaced.source);
  }
  const test = join(dir, 'student.test.mjs');
  writeFileSync(test, manifest.tests[testFile]!);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=dot', test], {
      cwd: dir,
      detached: true,
      stdio: 'ignore',
    });
    const timer = setTimeout(() => {
      killGroup(child);
      resolve('timeout');
    }, timeoutMs);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve(status === 0 ? 'passed' : 'failed');
    });
  });
}
