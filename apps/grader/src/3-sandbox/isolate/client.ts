// The grader's side of a submission's isolate host: one sandboxed host process (or a few, as --jobs
// allows) per submission, each run a fresh context in its warm isolate (host.ts; whether isolated-vm
// loads here, support.ts). A run that does not come back in its wall time ends its host, and the next
// run gets a new one; a host that dies before it says it is ready never ran student code, so that is
// the machinery's failure, never the student's.
import { chmodSync, copyFileSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Limits } from '../../kit/assignment.ts';
import { bundleCached } from '../../plumbing/bundle.ts';
import { REPO_ROOT } from '../../plumbing/paths.ts';
import { countIsolateRun } from '../../plumbing/timings.ts';
import type { ExecReply, ExecRequest } from '../children/executor/calls.ts';
import { parseReply } from '../children/student-tests/protocol.ts';
import { type Budget, describeLimit } from '../limits.ts';
import { ISOLATE_HOST_FLAGS, sandboxSupport } from '../process/layers.ts';
import type { ProgramOutcome } from '../process/process.ts';
import { ChildWorker, lineOfReply, type Settled } from '../process/worker.ts';
import type { FileOutcome } from '../test-files.ts';
import { KeptRuns } from './kept-runs.ts';
import type {
  ExecHostReply,
  HostReply,
  HostRequest,
  ProgramReply,
  RunLimits,
  TestsReply,
} from './protocol.ts';
import { compiledName, modulesOfExec, VM_ENGINE } from './protocol.ts';
import { encodeHostRequest, scriptsTextOf } from './request-lines.ts';
import { isolatesSupport } from './support.ts';

/** The host's flags without isolated-vm: vm-engine.ts's modules are `node:vm`'s SourceTextModule. */
const VM_HOST_FLAGS = [...ISOLATE_HOST_FLAGS, '--experimental-vm-modules', '--no-warnings'];

const ISOLATE = 'apps/grader/src/3-sandbox/isolate';
const HOST = `${ISOLATE}/host.ts`;
const LIBRARY = `${ISOLATE}/library.ts`;
const EXECUTOR = `${ISOLATE}/executor-entry.ts`;
const TESTS = `${ISOLATE}/tests-entry.ts`;
const PARTS = `${ISOLATE}/parts`;

/** The host (a Node program) and the scripts made inside isolates, bundled at run time: an export ships their sources. */
export const ISOLATE_PROGRAMS = {
  host: HOST,
  scripts: [
    LIBRARY,
    EXECUTOR,
    TESTS,
    `${ISOLATE}/bridge-reference.ts`,
    `${ISOLATE}/bridge-student.ts`,
    `${PARTS}/buffer.ts`,
    `${PARTS}/util.ts`,
    `${PARTS}/assert.ts`,
  ],
} as const;

interface HostFiles {
  host: string;
  library: string;
  executor: string;
  tests: string;
  bridgeReference: string;
  bridgeStudent: string;
  parts: { buffer: string; util: string; assert: string };
}

const part = (name: string) =>
  bundleCached(`isolate-part-${name}`, { file: join(REPO_ROOT, `${PARTS}/${name}.ts`) }, { script: true });

let files: Promise<HostFiles> | undefined;
const hostFiles = (): Promise<HostFiles> =>
  (files ??= Promise.all([
    bundleCached('isolate-host', { file: join(REPO_ROOT, HOST) }),
    bundleCached('isolate-library', { file: join(REPO_ROOT, LIBRARY) }, { script: true }),
    bundleCached('isolate-executor', { file: join(REPO_ROOT, EXECUTOR) }, { script: true }),
    bundleCached('isolate-tests', { file: join(REPO_ROOT, TESTS) }, { script: true }),
    bundleCached(
      'isolate-bridge-reference',
      { file: join(REPO_ROOT, `${ISOLATE}/bridge-reference.ts`) },
      { script: true },
    ),
    bundleCached(
      'isolate-bridge-student',
      { file: join(REPO_ROOT, `${ISOLATE}/bridge-student.ts`) },
      { script: true },
    ),
    part('buffer'),
    part('util'),
    part('assert'),
  ]).then(([host, library, executor, tests, bridgeReference, bridgeStudent, buffer, util, assert]) => ({
    host,
    library,
    executor,
    tests,
    bridgeReference,
    bridgeStudent,
    parts: { buffer, util, assert },
  })));

/**
 * The host's files where the sandbox's own uid can read them: the work root (the project's folder may
 * be one it cannot enter, as a Gradescope image's is). isolated-vm too: its entry and its binary.
 */
const copies = new Map<string, Promise<HostFiles & { isolatedVm: string }>>();
function sandboxFiles(workRoot: string): Promise<HostFiles & { isolatedVm: string }> {
  let copied = copies.get(workRoot);
  if (copied === undefined) {
    copied = hostFiles().then((files) => {
      const support = isolatesSupport();
      const dir = join(workRoot, 'isolate');
      mkdirSync(join(dir, 'isolated-vm', 'out'), { recursive: true, mode: 0o711 });
      const place = (from: string, name: string) => {
        const to = join(dir, name);
        copyFileSync(from, to);
        chmodSync(to, 0o644);
        return to;
      };
      let isolatedVm: string = VM_ENGINE;
      if ('path' in support) {
        place(join(dirname(support.path), 'package.json'), 'isolated-vm/package.json');
        place(support.binary, 'isolated-vm/out/isolated_vm.node');
        // An entry of our own, as 5.x's is: 6.x's and 7.x's find their binary through node-gyp-build,
        // which is not copied (and would look for it where the copy has none).
        isolatedVm = join(dir, 'isolated-vm', 'isolated-vm.js');
        writeFileSync(isolatedVm, "module.exports = require('./out/isolated_vm.node').ivm;\n", {
          mode: 0o644,
        });
        chmodSync(isolatedVm, 0o644);
      }
      return {
        host: place(files.host, 'host.mjs'),
        library: place(files.library, 'library.js'),
        executor: place(files.executor, 'executor.js'),
        tests: place(files.tests, 'tests.js'),
        bridgeReference: place(files.bridgeReference, 'bridge-reference.js'),
        bridgeStudent: place(files.bridgeStudent, 'bridge-student.js'),
        parts: {
          buffer: place(files.parts.buffer, 'part-buffer.js'),
          util: place(files.parts.util, 'part-util.js'),
          assert: place(files.parts.assert, 'part-assert.js'),
        },
        isolatedVm,
      };
    });
    copies.set(workRoot, copied);
  }
  return copied;
}

/** One isolate host process, as the grader holds it. */
export type Worker = ChildWorker<HostReply & { token: string }>;

/** isolated-vm does not load here: each run is a fresh `node:vm` context in a host process of its own. */
export const eachRunAProcess = (): boolean => !('path' in isolatesSupport());

/** A host for the submission whose work folder is `workDir` (not started: its first request starts it). */
export async function makeHost(workDir: string, workRoot: string, limits: Limits): Promise<Worker> {
  const vm = eachRunAProcess();
  const { host, library, executor, tests, bridgeReference, bridgeStudent, parts, isolatedVm } =
    await sandboxFiles(workRoot);
  // Everything the host reads lies in one folder of the work root.
  return new ChildWorker({
    script: host,
    cwd: workDir,
    readable: [dirname(host)],
    limits,
    addons: !vm,
    nodeFlags: vm ? VM_HOST_FLAGS : ISOLATE_HOST_FLAGS,
    preamble: [
      JSON.stringify({
        isolatedVm,
        library,
        executor,
        tests,
        bridgeReference,
        bridgeStudent,
        parts,
      }),
    ],
    handshake: true,
    encode: encodeHostRequest,
  });
}

let ids = 0;
/** How long past a run's wall time the grader waits for its host before ending the host. */
const HOST_GRACE_MS = 2000;

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** One submission's isolate host(s). */
export class IsolateSandbox {
  readonly #limits: Limits;
  readonly #workDir: string;
  readonly #size: number;
  readonly #idle: Worker[] = [];
  readonly #waiting: ((worker: Worker) => void)[] = [];
  #made = 0;
  #closed = false;
  readonly #all: Worker[] = [];
  /** Runs each host has answered since it started: a host that has is warm (its isolate used). */
  readonly #served = new Map<Worker, number>();

  readonly #workRoot: string;
  /** isolated-vm does not load here: each run is a fresh `node:vm` context in a host process of its own. */
  readonly #vm = eachRunAProcess();

  /** A check's runs of the folder before (kept-runs.ts); none when grading. */
  readonly #kept: KeptRuns | undefined;
  /** The submission's time budget, charged for a kept run answered what it took when it ran. */
  readonly #budget: Budget | undefined;

  constructor(options: {
    workDir: string;
    workRoot: string;
    limits: Limits;
    size: number;
    /** A check's submission folder: its runs are kept for its next check, and read from its last. */
    keepRunsOf?: string | undefined;
    /** The budget the callers charge a run's time to (programs.ts, unit.ts): a kept run is charged here. */
    budget?: Budget | undefined;
    /** Hosts already started for this work folder (a watch's, for its next save: spare-hosts.ts), used first. */
    hosts?: readonly Worker[] | undefined;
  }) {
    this.#budget = options.budget;
    this.#workDir = options.workDir;
    this.#workRoot = options.workRoot;
    this.#limits = options.limits;
    this.#size = Math.max(1, options.size);
    for (const worker of options.hosts ?? []) {
      this.#made++;
      this.#all.push(worker);
      this.#idle.push(worker);
    }
    const support = isolatesSupport();
    this.#kept =
      options.keepRunsOf === undefined || !('path' in support)
        ? undefined
        : // What a run may reach depends on the layers around its host: a run kept under some is no
          // answer for a run under others.
          new KeptRuns(realFolder(options.keepRunsOf), [
            support.path,
            support.binary,
            ...[...sandboxSupport().layers].sort(),
          ]);
  }

  async #acquire(): Promise<Worker> {
    const idle = this.#idle.pop();
    if (idle !== undefined) return idle;
    if (this.#made < this.#size) {
      this.#made++;
      const worker = await makeHost(this.#workDir, this.#workRoot, this.#limits);
      this.#all.push(worker);
      return worker;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(worker: Worker): void {
    const waiter = this.#waiting.shift();
    if (waiter !== undefined) waiter(worker);
    else this.#idle.push(worker);
  }

  /** One request to a host, within `wallMs`; what came back, or how the host ended. */
  async #send(
    request: DistributiveOmit<HostRequest, 'id'>,
    wallMs: number,
  ): Promise<Settled<HostReply & { token: string }>> {
    if (this.#closed) throw new Error('the isolate sandbox is closed');
    const key = this.#keyOf(request);
    const known = key === undefined ? undefined : keptReply(this.#kept!.answer(key), wallMs);
    if (known !== undefined) {
      // What it took when it ran is spent again: a check again fits in the budget what a grade fits.
      // (The students' tests' runs are charged to no budget, kept or not.)
      if (request.kind !== 'tests') this.#budget?.charge(known.tookMs);
      return { kind: 'reply', reply: known.reply };
    }
    const started = performance.now();
    const settled = await this.#sendNow(request, wallMs);
    const tookMs = performance.now() - started;
    if (key !== undefined && settled.kind === 'reply' && endedByItself(settled.reply))
      this.#kept!.keep(key, settled.reply, TOOK, tookMs, lineOfReply(settled.reply));
    return settled;
  }

  /** A request's key among the kept runs: what it asks, without its stage's temporary path or its wall time. */
  #keyOf(request: DistributiveOmit<HostRequest, 'id'>): string | undefined {
    if (this.#kept === undefined) return undefined;
    const { limits, ...asked } = request;
    const { wallMs: _wall, ...bounds } = limits;
    if (asked.kind === 'exec') {
      // An exec request's id is its place among the grader's requests, not what it asks.
      const { dir, request: exec, ...rest } = asked;
      const modules = modulesOfExec(asked).map(compiledName);
      return this.#kept.keyOf({ ...rest, bounds }, dir, modules, scriptsTextOf(exec));
    }
    if (asked.kind === 'program') {
      const { dir, ...rest } = asked;
      // The program, and in a linked run the course's modules and the provided ones (host-program.ts, referenceFor).
      const roots = [asked.entry, ...(asked.apart ?? []), ...(asked.provided ?? [])];
      return this.#kept.keyOf({ ...rest, bounds }, dir, roots);
    }
    return this.#kept.keyOf({ ...asked, bounds }, undefined);
  }

  async #sendNow(
    request: DistributiveOmit<HostRequest, 'id'>,
    wallMs: number,
  ): Promise<Settled<HostReply & { token: string }>> {
    const worker = await this.#acquire();
    try {
      const send = (asked: DistributiveOmit<HostRequest, 'id'>, wallMs: number) => {
        const id = ++ids;
        // The host ends a run at its wall time itself, saying where it was; this is the backstop.
        return worker.run(
          { ...asked, id },
          String(id),
          (reply) => String(reply.id),
          wallMs + HOST_GRACE_MS,
          wallMs,
        );
      };
      const warm = (this.#served.get(worker) ?? 0) > 0;
      const sentAt = performance.now();
      let settled = await send(request, wallMs);
      let again = false;
      // A host that ended at its memory limit on a run after others (whose garbage its heap held) is
      // started again for that run alone, with what the first attempt left (leftAfter): as a run at a
      // limit in a used isolate is (host-attempts.ts, runFresh).
      if (warm && settled.kind === 'limit' && settled.hit === 'memory') {
        const left = leftAfter(request, performance.now() - sentAt, wallMs);
        if (left !== undefined) {
          settled = await send(left.request, left.wallMs);
          again = true;
        }
      }
      this.#served.set(worker, settled.kind === 'reply' ? (this.#served.get(worker) ?? 0) + 1 : 0);
      const counted =
        settled.kind === 'reply' ? (settled.reply as { cpuMs?: number; isolate?: unknown }) : {};
      countIsolateRun(
        Number(counted.cpuMs ?? 0),
        again
          ? 'again'
          : counted.isolate === 'fresh' || counted.isolate === 'warm' || counted.isolate === 'again'
            ? counted.isolate
            : undefined,
      );
      if (settled.kind === 'reply' && (settled.reply as { kind: string }).kind === 'fault')
        throw new Error(
          `the isolate host failed: ${(settled.reply as unknown as { message: string }).message}`,
        );
      return settled;
    } finally {
      // Without isolates each run has a process of its own: nothing of one run's realm reaches the next.
      if (this.#vm) worker.close();
      this.#release(worker);
    }
  }

  #runLimits(cpuMs: number, wallMs: number): RunLimits {
    return { heapMb: this.#limits.heapMb, outputBytes: this.#limits.outputBytes, cpuMs, wallMs };
  }

  /** A student's program on a stage (a transcript run), as the process path tells it (3-sandbox/process/process.ts). */
  async program(run: {
    dir: string;
    entry: string;
    argv: readonly string[];
    stdin: string;
    cpuLimitMs: number;
    wallMs: number;
    /** A linked run: the stage's modules that are the course's, run apart (ProgramRequest.apart). */
    apart?: readonly string[] | undefined;
    provided?: readonly string[] | undefined;
  }): Promise<ProgramOutcome> {
    const settled = await this.#send(
      {
        kind: 'program',
        dir: run.dir,
        entry: run.entry,
        argv: [...run.argv],
        stdin: run.stdin,
        limits: this.#runLimits(run.cpuLimitMs, run.wallMs),
        ...(run.apart === undefined || run.apart.length === 0
          ? {}
          : { apart: [...run.apart], provided: [...(run.provided ?? [])] }),
      },
      run.wallMs,
    );
    const none = { status: null, signal: null, stdout: Buffer.alloc(0), calls: [], chance: [] };
    if (settled.kind === 'limit') return { ...none, stderr: '', limit: settled.hit };
    if (settled.kind === 'exit')
      return {
        ...none,
        stderr: settled.message,
        ...(settled.infrastructure === true ? { infrastructure: true } : {}),
      };
    const reply = settled.reply as ProgramReply;
    const stdout = Buffer.from(typeof reply.stdout === 'string' ? reply.stdout : '', 'base64');
    return {
      status: reply.limit === undefined ? (Number.isInteger(reply.status) ? reply.status : 1) : null,
      signal: null,
      stdout: stdout.subarray(0, this.#limits.outputBytes),
      stderr: typeof reply.stderr === 'string' ? reply.stderr.slice(-4096) : '',
      limit: reply.limit ?? (stdout.length > this.#limits.outputBytes ? 'output' : undefined),
      calls: Array.isArray(reply.records) ? reply.records.filter((line) => typeof line === 'string') : [],
      ...(reply.recordsCut === true ? { callsCut: true } : {}),
      ...(typeof reply.cpuMs === 'number' ? { cpuMs: reply.cpuMs } : {}),
      chance: Array.isArray(reply.chance)
        ? reply.chance
            .filter(
              (pair) => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
            )
            .map(([call, file]) => ({ call, file }))
        : [],
    };
  }

  /** An executor for one stage's unit tests: ChildWorker's shape, each request a fresh context. */
  executor(dir: string, provided: readonly string[]): ExecWorker {
    return {
      run: async (request, _key, _keyOf, timeoutMs, limitMs = timeoutMs, cpuLimitMs) => {
        const settled = await this.#send(
          {
            kind: 'exec',
            dir,
            provided: [...provided],
            request: request as ExecRequest,
            limits: this.#runLimits(cpuLimitMs ?? limitMs, timeoutMs),
          },
          timeoutMs,
        );
        if (settled.kind !== 'reply') return settled as Settled<ExecReply>;
        const reply = settled.reply as ExecHostReply;
        if (typeof reply.broke === 'string')
          return { kind: 'exit', message: `the test's isolate broke: ${reply.broke}` };
        if (reply.limit !== undefined) {
          const hit = reply.limit;
          const named = hit === 'cpu' && cpuLimitMs !== undefined ? cpuLimitMs : limitMs;
          // (A wall time the budget cut short is named by the caller, as the process path names it.)
          return { kind: 'limit', hit, message: describeLimit(hit, this.#limits, named), at: reply.at };
        }
        return {
          kind: 'reply',
          reply: { token: '', id: (request as ExecRequest).id, results: reply.results, chance: reply.chance },
        };
      },
      close: () => {},
    };
  }

  /**
   * Students' test files against one variant, in one isolate (process/variant.ts's runVariant): each file's
   * answer checked as the process path checks its reply line, each limit named as it names them.
   */
  async tests(
    modules: Readonly<Record<string, string>>,
    tests: readonly string[],
    options: { runTimeoutMs: number; totalMs: number },
  ): Promise<FileOutcome[]> {
    const settled = await this.#send(
      {
        kind: 'tests',
        modules: { ...modules },
        tests: [...tests],
        limits: this.#runLimits(options.runTimeoutMs, options.runTimeoutMs),
      },
      options.totalMs,
    );
    if (settled.kind === 'limit')
      return tests.map((_, i) =>
        i === 0
          ? {
              kind: 'limit',
              hit: settled.hit,
              message: describeLimit(settled.hit, this.#limits, options.totalMs),
            }
          : { kind: 'not-run' },
      );
    if (settled.kind === 'exit')
      return tests.map((_, i) => (i === 0 ? { kind: 'exit' } : { kind: 'not-run' }));
    const reply = settled.reply as TestsReply;
    const token = 'isolate';
    const outcomes: FileOutcome[] = [];
    for (let i = 0; i < tests.length; i++) {
      const end = Array.isArray(reply.files) ? reply.files[i] : undefined;
      if (outcomes.some((outcome) => outcome.kind !== 'reply')) {
        outcomes.push({ kind: 'not-run' });
        continue;
      }
      if (end?.kind === 'reply') {
        const parsed = typeof end.json === 'string' ? parseReply(`${token} ${end.json}`, token) : undefined;
        outcomes.push(
          parsed === undefined || parsed.file !== i ? { kind: 'exit' } : { kind: 'reply', reply: parsed },
        );
      } else if (
        end?.kind === 'limit' &&
        (end.hit === 'cpu' || end.hit === 'time' || end.hit === 'memory' || end.hit === 'output')
      ) {
        // A file's time is its processor time here: named as the process path names a file's time.
        const hit = end.hit === 'cpu' ? 'time' : end.hit;
        outcomes.push({
          kind: 'limit',
          hit,
          message: describeLimit(hit, this.#limits, options.runTimeoutMs),
        });
      } else outcomes.push({ kind: 'exit' });
    }
    return outcomes;
  }

  /** The hosts' process ids (a bench reads their processor time). */
  hostPids(): number[] {
    return this.#all.flatMap((worker) => (worker.pid === undefined ? [] : [worker.pid]));
  }

  close(): void {
    this.#closed = true;
    for (const worker of this.#all) worker.close();
    this.#kept?.save();
  }
}

/** A folder's real path; its path as given when it is gone (a snapshot graded after its folder went). */
export function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return resolve(folder);
  }
}

/**
 * What a run whose host ended under it leaves for its next attempt: one limit covers both (as in
 * host-attempts.ts, runFresh). Its wall time less what the first took; its processor time less the same,
 * as the most the first attempt could have spent (an isolate runs on one thread, and its host, ended,
 * cannot say): a students'-tests run's limit is each file's, so only its wall time is taken from.
 * Undefined when nothing is left: the first attempt's ending stands.
 */
export function leftAfter(
  request: DistributiveOmit<HostRequest, 'id'>,
  tookMs: number,
  wallMs: number,
): { request: DistributiveOmit<HostRequest, 'id'>; wallMs: number } | undefined {
  const cpuMs = request.kind === 'tests' ? request.limits.cpuMs : request.limits.cpuMs - tookMs;
  const left = { wallMs: wallMs - tookMs, cpuMs };
  if (left.wallMs <= 0 || left.cpuMs <= 0) return undefined;
  const limits = { ...request.limits, cpuMs, wallMs: Math.min(request.limits.wallMs, left.wallMs) };
  return { request: { ...request, limits }, wallMs: left.wallMs };
}

/** Where a kept reply holds the wall time its run took, as its caller's budget counted it. */
const TOOK = 'keptTookMs';

/**
 * A kept reply and the wall time its run took; none where it took longer than this run may (what is
 * left of the budget, or of its test): that run would have been stopped, so it runs again.
 */
function keptReply(
  known: unknown,
  wallMs: number,
): { reply: HostReply & { token: string }; tookMs: number } | undefined {
  if (typeof known !== 'object' || known === null) return undefined;
  const { [TOOK]: tookMs, ...reply } = known as Record<string, unknown>;
  if (typeof tookMs !== 'number' || !Number.isFinite(tookMs) || tookMs < 0 || tookMs > wallMs)
    return undefined;
  return { reply: reply as unknown as HostReply & { token: string }, tookMs };
}

/** A reply of a run that ended by itself: no limit, nothing broken, every test file answered. */
function endedByItself(reply: HostReply): boolean {
  const fields = reply as { kind?: unknown; limit?: unknown; broke?: unknown; files?: unknown };
  if (fields.limit !== undefined || fields.broke !== undefined || fields.kind === 'fault') return false;
  if (fields.kind === 'tests')
    return (
      Array.isArray(fields.files) &&
      fields.files.every((file) => (file as { kind?: unknown }).kind === 'reply')
    );
  return true;
}

/** What runs a unit test's requests: a process of its own (ChildWorker) or the isolate host. */
export type ExecWorker = Pick<ChildWorker<ExecReply>, 'run' | 'close'>;
