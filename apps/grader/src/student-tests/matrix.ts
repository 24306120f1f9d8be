// Students' tests x variants. Every run is one test file against one variant, in a fresh sandboxed
// process whose folder holds only that variant, under the same names as every other (Examplar's
// wheats and chaffs):
//   1. the student's own code (only where the names and messages a student sees come from), and the
//      reference: a test that fails on the reference does not count;
//   2. every other correct implementation (the wheats): a test counts only if it passes on each, and
//      a file that registers different tests from one run to the next is flaky and earns nothing;
//   3. the mutants, each trying the files with a counting test in order until one exposes it (a
//      valid test that fails on it; a timeout counts, and is said).
// Tests are identified by their place in the file (registration order, describe nesting), never by
// name. Nothing a run on the reference, a wheat or a mutant says in words reaches the report.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { LimitFunction } from 'p-limit';
import type { Limits } from '../kit/assignment.ts';
import { describeLimit, type LimitHit, limitFromExit } from '../runner/limits.ts';
import { killGroup, spawnStudent, watchMemory } from '../runner/process.ts';
import {
  type CaseResult,
  type Manifest,
  parseReply,
  REPLY_MAX_BYTES,
  STUDENT_REPLY_FD,
  TEST_MODULE,
  type TestRunReply,
} from './protocol.ts';

export interface StudentCase {
  file: string;
  name: string;
  valid: boolean;
  /** Why it does not count. */
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

/** Module name (`deck`) -> compiled JavaScript: everything one run links against. */
export type Modules = Record<string, string>;

export interface MatrixOptions {
  harness: string;
  limits: Limits;
  limiter: LimitFunction;
  /** Wall time for one test file's run on one variant. */
  runTimeoutMs: number;
  /** Where each run's folder is made (readable by the sandbox's uid). */
  workDir: string;
  /** The student's own modules; undefined when their code cannot run (missing or not compiling). */
  own?: Modules | undefined;
  /** Other correct implementations: a test counts only if it passes on every one. */
  wheats?: readonly Modules[] | undefined;
}

export type RunOutcome =
  | { kind: 'reply'; reply: TestRunReply }
  | { kind: 'limit'; hit: LimitHit; message: string }
  /** The process ended without a usable answer. */
  | { kind: 'exit' };

/** One test file against one variant, in a fresh sandboxed process over a folder of its own. */
export async function runOnce(
  modules: Modules,
  testSource: string,
  options: Pick<MatrixOptions, 'harness' | 'limits' | 'runTimeoutMs' | 'workDir'>,
): Promise<RunOutcome> {
  const { limits } = options;
  const runs = join(options.workDir, 'student-test-runs');
  mkdirSync(runs, { recursive: true, mode: 0o755 });
  // A random name: the folder (seen in every module's URL) says nothing of the variant.
  const dir = mkdtempSync(join(runs, 'run-'));
  chmodSync(dir, 0o755);
  try {
    for (const [name, source] of Object.entries(modules)) writeFileSync(join(dir, `${name}.mjs`), source);
    writeFileSync(join(dir, TEST_MODULE), testSource);
    return await new Promise<RunOutcome>((resolve) => {
      const token = randomBytes(16).toString('hex');
      const child = spawnStudent(['--experimental-vm-modules', '--no-warnings', options.harness], {
        cwd: dir,
        readable: [dir, options.harness],
        limits,
        cpuSeconds: Math.ceil(options.runTimeoutMs / 1000) + 1,
        extraFds: 1,
      });
      let settled: RunOutcome | undefined;
      let hit: LimitHit | undefined;
      let stderr = '';
      const settle = (outcome: RunOutcome) => {
        settled ??= outcome;
        killGroup(child);
      };
      const limit = (which: LimitHit) => {
        hit ??= which;
        killGroup(child);
      };
      const timer = setTimeout(() => limit('time'), options.runTimeoutMs);
      const stopWatching = watchMemory(child, limits, () => {
        hit ??= 'memory';
      });
      let printed = 0;
      child.stdout?.on('data', (chunk: Buffer) => {
        printed += chunk.length;
        if (printed > limits.outputBytes) limit('output');
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-4096);
      });
      // The answer: bytes kept up to a cap, read line by line; only a line with the token counts.
      let pending = Buffer.alloc(0);
      let received = 0;
      (child.stdio[STUDENT_REPLY_FD] as Readable | undefined)?.on('data', (chunk: Buffer) => {
        if (settled !== undefined) return;
        received += chunk.length;
        if (received > REPLY_MAX_BYTES * 2) {
          settle({ kind: 'exit' });
          return;
        }
        pending = Buffer.concat([pending, chunk]);
        for (let end = pending.indexOf(10); end >= 0; end = pending.indexOf(10)) {
          const line = pending.subarray(0, end).toString('utf8');
          pending = pending.subarray(end + 1);
          const reply = parseReply(line, token);
          if (reply !== undefined) {
            settle({ kind: 'reply', reply });
            return;
          }
        }
      });
      child.stdin?.on('error', () => {});
      child.stdin?.end(`${token}\n`);
      child.on('close', (status, signal) => {
        clearTimeout(timer);
        stopWatching();
        killGroup(child);
        if (settled !== undefined) resolve(settled);
        else {
          const which = hit ?? limitFromExit(signal, stderr, status);
          resolve(
            which === undefined
              ? { kind: 'exit' }
              : { kind: 'limit', hit: which, message: describeLimit(which, limits, options.runTimeoutMs) },
          );
        }
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fingerprints = new WeakMap<Modules, string>();
/** An unambiguous digest of a set of modules (names and sources, each length-prefixed). */
function fingerprint(modules: Modules): string {
  let digest = fingerprints.get(modules);
  if (digest === undefined) {
    const hash = createHash('sha256');
    for (const name of Object.keys(modules).sort()) {
      for (const part of [name, modules[name]!]) hash.update(`${Buffer.byteLength(part)}:`).update(part);
    }
    digest = hash.digest('hex');
    fingerprints.set(modules, digest);
  }
  return digest;
}

/** What a file registered, in order: each test's place and whether it is skipped. */
const structureOf = (cases: readonly CaseResult[]) =>
  cases.map((c) => `${c.position}${c.status === 'skipped' ? 's' : ''}`).join(' ');

const caseId = (file: string, name: string) => `${file} > ${name}`;

interface FileVerdict {
  file: string;
  /** Positions of the tests that count, with the name shown for each. */
  valid: Map<string, string>;
  /** The reference's registration, which every mutant run must repeat to be read. */
  structure: string;
}

/** Every test file on the reference, the own code and the wheats; which tests count, and why. */
async function validity(
  manifest: Manifest,
  options: MatrixOptions,
): Promise<{ cases: StudentCase[]; usable: FileVerdict[] }> {
  const wheats = options.wheats ?? [];
  // The same modules and test (the own code of a correct-* fixture is one of the wheats) run once.
  const memo = new Map<string, Promise<RunOutcome>>();
  const run = (modules: Modules, file: string) => {
    const key = `${file}\0${fingerprint(modules)}`;
    let outcome = memo.get(key);
    if (outcome === undefined) {
      outcome = options.limiter(() => runOnce(modules, manifest.tests[file]!, options));
      memo.set(key, outcome);
    }
    return outcome;
  };
  const files = Object.keys(manifest.tests).sort();
  const perFile = await Promise.all(
    files.map(async (file) => {
      const [own, reference] = await Promise.all([
        options.own === undefined ? undefined : run(options.own, file),
        run(manifest.reference, file),
      ]);
      // Wheats only for a file with a test that passes on the reference.
      const worth = reference.kind === 'reply' && reference.reply.cases.some((c) => c.status === 'passed');
      const onWheats = worth ? await Promise.all(wheats.map((modules) => run(modules, file))) : [];
      return { file, own, reference, onWheats };
    }),
  );
  const cases: StudentCase[] = [];
  const usable: FileVerdict[] = [];
  const whole = (file: string, reason: string) =>
    cases.push({ file, name: '(the whole file)', valid: false, reason });
  for (const { file, own, reference, onWheats } of perFile) {
    const ownReply = own?.kind === 'reply' ? own.reply : undefined;
    if (reference.kind !== 'reply') {
      whole(
        file,
        reference.kind === 'limit'
          ? `on the reference implementation it ${reference.message}`
          : 'on the reference implementation its process ended without an answer',
      );
      continue;
    }
    if (reference.reply.error !== undefined) {
      whole(
        file,
        ownReply?.error === undefined
          ? 'it does not load on the reference implementation'
          : `it does not load: ${ownReply.error}`,
      );
      continue;
    }
    const structure = structureOf(reference.reply.cases);
    const ran = reference.reply.cases.filter((c) => c.status !== 'skipped');
    if (ran.length === 0) {
      whole(file, 'it registers no test');
      continue;
    }
    const flaky = onWheats.some(
      (w) => w.kind === 'reply' && w.reply.error === undefined && structureOf(w.reply.cases) !== structure,
    );
    if (flaky) {
      whole(file, 'it registers different tests from one run to the next (flaky), so none of them counts');
      continue;
    }
    // Names and messages come only from the run on the student's own code, when it registered the same tests.
    const ownCases =
      ownReply !== undefined && ownReply.error === undefined && structureOf(ownReply.cases) === structure
        ? new Map(ownReply.cases.map((c) => [c.position, c]))
        : undefined;
    const valid = new Map<string, string>();
    for (const c of ran) {
      const mine = ownCases?.get(c.position);
      const name = mine?.name ?? `test #${c.position}`;
      let reason: string | undefined;
      if (c.status !== 'passed') {
        reason =
          mine?.status === 'failed'
            ? `it fails on the reference implementation; on your code: ${mine.message ?? 'it fails'}`
            : 'it passes on your code but fails on the reference implementation';
      } else {
        const failing = onWheats.filter(
          (w) =>
            w.kind !== 'reply' ||
            w.reply.error !== undefined ||
            w.reply.cases.find((other) => other.position === c.position)?.status !== 'passed',
        ).length;
        if (failing > 0)
          reason = `it passes on the reference implementation but fails on ${failing} of the ${onWheats.length} other correct implementations`;
      }
      if (reason === undefined) valid.set(c.position, name);
      cases.push({ file, name, valid: reason === undefined, reason });
    }
    if (valid.size > 0) usable.push({ file, valid, structure });
  }
  return { cases, usable };
}

/**
 * Every test file on the own code, the reference and the wheats, then each mutant against the files
 * with a counting test, in order, until one exposes it. Every run takes a place of the limiter.
 */
export async function runMatrix(manifest: Manifest, options: MatrixOptions): Promise<Matrix> {
  const { cases, usable } = await validity(manifest, options);
  const verdicts = new Map<string, MutantVerdict>();
  await Promise.all(
    Object.entries(manifest.mutants).map(async ([id, mutant]) => {
      const verdict: MutantVerdict = { exposedBy: [], timeout: false };
      verdicts.set(id, verdict);
      const modules = { ...manifest.reference, [mutant.module]: mutant.source };
      for (const { file, valid, structure } of usable) {
        const outcome = await options.limiter(() => runOnce(modules, manifest.tests[file]!, options));
        if (outcome.kind === 'limit') {
          if (outcome.hit === 'time' || outcome.hit === 'cpu') {
            verdict.timeout = true;
            verdict.exposedBy.push(`${file} (timed out)`);
          } else verdict.exposedBy.push(`${file} (${outcome.message})`);
        } else if (outcome.kind === 'exit' || outcome.reply.error !== undefined) {
          // It ran on the reference and every correct implementation; the mutant is what broke it.
          verdict.exposedBy.push(...[...valid.values()].map((name) => caseId(file, name)));
        } else if (structureOf(outcome.reply.cases) === structure) {
          const status = new Map(outcome.reply.cases.map((c) => [c.position, c.status]));
          for (const [position, name] of valid)
            if (status.get(position) !== 'passed') verdict.exposedBy.push(caseId(file, name));
        }
        // A file registering other tests on the mutant cannot be read test by test: it earns nothing here.
        if (verdict.exposedBy.length > 0) break;
      }
    }),
  );
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
