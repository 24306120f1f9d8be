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

/** Runs requests on `jobs` long-lived children, each taking the next request as it finishes one. */
async function runAll(
  requests: readonly TestRunRequest[],
  options: MatrixOptions,
  cwd: string,
): Promise<Cell[]> {
  const cells: Cell[] = new Array(requests.length);
  let next = 0;
  const lane = async () => {
    const worker = new ChildWorker<TestRunReply>({
      script: options.harness,
      cwd,
      limits: options.limits,
      readable: [options.manifestFile],
      nodeFlags: ['--experimental-vm-modules', '--no-warnings'],
      preamble: [options.manifestFile],
    });
    try {
      while (next < requests.length) {
        const index = next++;
        const request = requests[index]!;
        const key = `${request.testFile}\0${request.mutant}`;
        const settled = await worker.run(
          request,
          key,
          (reply) => `${reply.testFile}\0${reply.mutant}`,
          options.runTimeoutMs,
        );
        cells[index] = { request, settled };
      }
    } finally {
      worker.close();
    }
  };
  const lanes = Math.max(1, Math.min(options.jobs, requests.length));
  await Promise.all(Array.from({ length: lanes }, () => options.limiter(lane)));
  return cells;
}

const caseId = (file: string, name: string) => `${file} > ${name}`;

export async function runMatrix(manifest: Manifest, options: MatrixOptions, cwd: string): Promise<Matrix> {
  const files = Object.keys(manifest.tests);
  const onReference = await runAll(
    files.map((testFile) => ({ testFile, mutant: null })),
    options,
    cwd,
  );
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

  const verdicts = new Map<string, MutantVerdict>();
  const mutants = Object.keys(manifest.mutants);
  for (const mutant of mutants) verdicts.set(mutant, { exposedBy: [], timeout: false });
  const usable = files.filter((file) => (validNames.get(file)?.size ?? 0) > 0);
  const cells = await runAll(
    mutants.flatMap((mutant) => usable.map((testFile) => ({ testFile, mutant }))),
    options,
    cwd,
  );
  for (const { request, settled } of cells) {
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
