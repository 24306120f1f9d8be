// The isolate host: one sandboxed Node process per submission (bubblewrap, its own uid, limits) that
// runs every JavaScript run of that submission, one after another in the submission's warm V8
// isolate, each in a fresh context of its own: its own built-ins, globals and library, gone when the
// run ends (SubmissionIsolate says what the isolate shares, and how that never decides a run). Student
// code inside sees only the library made in its context (library.ts): no Node API, no host object. What comes out is plain data, copied: the
// run's output, exit status and the uses of chance it told; the grader judges it in its own process.
//
// Limits: the heap by the isolate's memory limit, processor time by the isolate's own clock (checked
// while the run goes on, the isolate disposed at the limit), output counted inside and checked here
// again. Wall time is the grader's: a host that does not answer in time is killed with its runs.
import { readdirSync, readFileSync, readSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as IVM from 'isolated-vm';
import { TEST_IMPORTS, TEST_IMPORTS_WORDS } from '../children/student-tests/protocol.ts';
import { NODE_MODULES } from './modules.ts';
import {
  compiledName,
  type ExecHostReply,
  type ExecHostRequest,
  type HostLimit,
  type HostPreamble,
  type HostReply,
  type HostRequest,
  type IsolateInput,
  modulesOfExec,
  type ProgramReply,
  type ProgramRequest,
  type RunLimits,
  type TestFileEnd,
  type TestsReply,
  type TestsRequest,
  VM_ENGINE,
} from './protocol.ts';
import * as vmEngine from './vm-engine.ts';

const REPLY_FD = 3;
const CPU_CHECK_MS = 5;
const SUBMISSION_URL = 'file:///submission/';
/** A run whose results could not be read after it: the program's failure (it broke what reads them). */
const UNREAD = "the program's results could not be read after it ended (it changed what reads them)";

/** Reads stdin a line at a time, synchronously. */
function lines(): () => string | undefined {
  let pending = Buffer.alloc(0);
  const chunk = Buffer.alloc(1 << 16);
  return () => {
    for (;;) {
      const end = pending.indexOf(10);
      if (end >= 0) {
        const line = pending.subarray(0, end).toString('utf8');
        pending = pending.subarray(end + 1);
        return line;
      }
      let count: number;
      try {
        count = readSync(0, chunk, 0, chunk.length, null);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'EAGAIN') continue;
        return undefined;
      }
      if (count === 0) return undefined;
      pending = Buffer.concat([pending, chunk.subarray(0, count)]);
    }
  };
}

const next = lines();
const token = next();
const preambleLine = next();
if (token === undefined || preambleLine === undefined) process.exit(0);
const preamble = JSON.parse(preambleLine) as HostPreamble;
// Without isolated-vm (VM_ENGINE), the same runs in `node:vm` contexts, one run per host process.
const ivm = (
  preamble.isolatedVm === VM_ENGINE ? vmEngine : createRequire(import.meta.url)(preamble.isolatedVm)
) as typeof IVM;
const librarySource = readFileSync(preamble.library, 'utf8');
const executorSource = readFileSync(preamble.executor, 'utf8');
const testsSource = readFileSync(preamble.tests, 'utf8');
const bridgeReferenceSource = readFileSync(preamble.bridgeReference, 'utf8');
const bridgeStudentSource = readFileSync(preamble.bridgeStudent, 'utf8');
/**
 * The library's larger parts (Buffer, util, assert), each a function made when a context starts and
 * called by its first use in the run (library.ts, `part`). One script for the three, compiled once an
 * isolate: the functions' code is compiled once too, at the first call in any context, and every
 * later context reuses it (an `eval` of the text, as before, compiled it again in each).
 */
const partsSource = [
  'globalThis.__pitbossPartMakers = {',
  ...(['buffer', 'util', 'assert'] as const).map(
    (name) => `${name}: function () {\n${readFileSync(preamble.parts[name], 'utf8')}\n},`,
  ),
  '};',
].join('\n');

/** V8's code cache of each of the host's scripts, made by the first isolate: later ones skip compiling. */
const codeCache = new Map<string, IVM.ExternalCopy<ArrayBuffer>>();
function compileCached(isolate: IVM.Isolate, source: string, filename: string): IVM.Script {
  const cachedData = codeCache.get(filename);
  const script = isolate.compileScriptSync(source, {
    filename,
    ...(cachedData === undefined ? { produceCachedData: true } : { cachedData }),
  });
  const produced = (script as { cachedData?: IVM.ExternalCopy<ArrayBuffer> }).cachedData;
  if (cachedData === undefined && produced !== undefined) codeCache.set(filename, produced);
  return script;
}

/**
 * The submission's isolate. Its runs share it, one after another, each in a fresh context: its own
 * globals, built-ins, prototypes, modules, library (its output, timers, chance) and signal; the
 * library takes away what could run after a run's end (finalizers, weak references, asynchronous
 * waits and compiles: library.ts). What a context cannot hold apart, the isolate's heap and clock, is
 * why a run that ends at a limit in an isolate an earlier run used is made again in a fresh one before
 * its outcome counts (`runFresh`), and why an isolate whose heap grew past half its limit is not
 * used again. The library and the host's scripts are compiled once an isolate.
 */
class SubmissionIsolate {
  readonly isolate: IVM.Isolate;
  readonly heapMb: number;
  /** Whether a run has used it: a run in it then shares what the heap and the clock carry. */
  used = false;
  readonly #scripts = new Map<string, IVM.Script>();

  constructor(heapMb: number) {
    this.heapMb = heapMb;
    this.isolate = new ivm.Isolate({ memoryLimit: Math.max(8, heapMb) });
  }

  /** One of the host's scripts, compiled in this isolate once. */
  script(source: string, filename: string): IVM.Script {
    let script = this.#scripts.get(filename);
    if (script === undefined) {
      script = compileCached(this.isolate, source, filename);
      this.#scripts.set(filename, script);
    }
    return script;
  }

  /** Whether the next run may use it: not ended, not grown, and not the fallback's (one run a process). */
  reusable(): boolean {
    if (this.isolate.isDisposed || preamble.isolatedVm === VM_ENGINE) return false;
    try {
      return this.isolate.getHeapStatisticsSync().used_heap_size < (this.heapMb * 1024 * 1024) / 2;
    } catch {
      return false;
    }
  }

  dispose(): void {
    try {
      if (!this.isolate.isDisposed) this.isolate.dispose();
    } catch {
      // Disposed meanwhile.
    }
  }
}

let warm: SubmissionIsolate | undefined;

/** The isolate a run goes in: the warm one when it may, else a fresh one (which becomes the warm one). */
function isolateFor(heapMb: number, fresh: boolean): SubmissionIsolate {
  if (!fresh && warm !== undefined && warm.heapMb === heapMb && warm.reusable()) return warm;
  warm?.dispose();
  warm = new SubmissionIsolate(heapMb);
  return warm;
}

/** After a run: the isolate is kept for the next only if it may be. */
function afterRun(isolate: SubmissionIsolate): void {
  isolate.used = true;
  if (isolate === warm && !isolate.reusable()) {
    isolate.dispose();
    warm = undefined;
  }
}

/** A limit a run reached that an earlier run in its isolate could have brought nearer: its heap or clock. */
const sharedLimit = (limit: HostLimit | undefined) =>
  limit === 'memory' || limit === 'cpu' || limit === 'time';

const reply = (message: object) => writeSync(REPLY_FD, `${JSON.stringify({ token, ...message })}\n`);
reply({ ready: true });

/** Stages read so far: a stage is written whole before its first run, and never changes after. */
const stages = new Map<string, { modules: Map<string, string>; files: Record<string, string> }>();

/** A stage's modules and case files, as the run sees them (a copy of the modules: a run may add to them). */
function readStage(dir: string): { modules: Map<string, string>; files: Record<string, string> } {
  let stage = stages.get(dir);
  if (stage === undefined) {
    stage = readStageFiles(dir);
    stages.set(dir, stage);
  }
  return { modules: new Map(stage.modules), files: stage.files };
}

function readStageFiles(dir: string): { modules: Map<string, string>; files: Record<string, string> } {
  const modules = new Map<string, string>();
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.mjs')) modules.set(name, readFileSync(join(dir, name), 'utf8'));
    else files[name] = readFileSync(join(dir, name), 'utf8');
  }
  return { modules, files };
}

class Stopped extends Error {
  readonly limit: HostLimit;
  constructor(limit: HostLimit) {
    super(limit);
    this.limit = limit;
  }
}

/**
 * One run: a fresh context in the submission's isolate, with the library, and its processor time
 * watched. A linked run's reference is a second context in the same isolate, unwatched (`partner`):
 * the student's run watches the clock and the signal both share.
 */
class Run {
  readonly isolate: IVM.Isolate;
  readonly home: SubmissionIsolate;
  /** Whether the isolate was fresh for this run: nothing of an earlier run was in its heap or clock. */
  readonly fresh: boolean;
  readonly context: IVM.Context;
  readonly limits: RunLimits;
  #stopped: HostLimit | undefined;
  #watch: NodeJS.Timeout | undefined;
  /**
   * Shared with the library: it says here that the run printed past its limit (1) or ran out of memory
   * (2); in a linked run, its second place says the reference's side found a queued call not void (1).
   */
  readonly signal: Int32Array;
  /** The isolate's processor time when the current piece of work began (a test file): its limit counts from there. */
  cpuFrom = 0;
  /** When the current piece of work began, on the wall clock. */
  wallFrom = performance.now();
  /** Which imports of Node's modules this run allows (students' tests: TEST_IMPORTS), and in what words it refuses others. */
  imports: { allowed: readonly string[]; words: string } | undefined;
  /** The module a file's `node:test` import is (students' tests). */
  testModule: IVM.Module | undefined;
  #modules = new Map<string, IVM.Module>();
  #sources: Map<string, string>;
  readonly pitboss: {
    takeOutput: IVM.Reference<(clear: boolean) => unknown>;
    nextTimer: IVM.Reference<() => boolean>;
    ended: IVM.Reference<() => unknown>;
    crashed: IVM.Reference<(words: string) => number>;
    chanceTold: IVM.Reference<() => unknown>;
    exit: IVM.Reference<() => void>;
  };

  constructor(
    limits: RunLimits,
    input: IsolateInput,
    sources: Map<string, string>,
    place: { home: SubmissionIsolate; signal?: Int32Array | undefined; watched?: boolean | undefined },
  ) {
    this.limits = limits;
    this.#sources = sources;
    this.home = place.home;
    this.fresh = !place.home.used;
    this.isolate = place.home.isolate;
    this.context = this.isolate.createContextSync();
    const global = this.context.global;
    global.setSync('globalThis', global.derefInto());
    global.setSync('__pitbossInput', new ivm.ExternalCopy(input).copyInto());
    this.signal = place.signal ?? new Int32Array(new SharedArrayBuffer(8));
    global.setSync(
      '__pitbossSignal',
      new ivm.ExternalCopy(this.signal.buffer as SharedArrayBuffer).copyInto({ release: true }),
    );
    if (place.watched !== false)
      this.#watch = setInterval(() => {
        try {
          if (this.isolate.isDisposed) return;
          if (this.signal[0] === 1) this.stop('output');
          else if (this.signal[0] === 2) this.stop('memory');
          else if (performance.now() - this.wallFrom > limits.wallMs) this.stop('time');
          else if (Number(this.isolate.cpuTime) / 1e6 - this.cpuFrom > limits.cpuMs) this.stop('cpu');
        } catch {
          // Disposed meanwhile (its memory limit): the run's end says so.
        }
      }, CPU_CHECK_MS);
    this.home.script(partsSource, 'pitboss:parts').runSync(this.context);
    this.home.script(librarySource, 'pitboss:library').runSync(this.context);
    const pitboss = global.getSync('__pitboss', { reference: true }) as IVM.Reference<
      Record<string, unknown>
    >;
    const method = (name: string) => pitboss.getSync(name, { reference: true }) as IVM.Reference<never>;
    this.pitboss = {
      takeOutput: method('takeOutput'),
      nextTimer: method('nextTimer'),
      ended: method('ended'),
      crashed: method('crashed'),
      chanceTold: method('chanceTold'),
      exit: method('exit'),
    };
  }

  stop(limit: HostLimit): void {
    this.#stopped ??= limit;
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }

  get stopped(): HostLimit | undefined {
    if (this.#stopped === undefined && this.signal[0] === 1) this.#stopped = 'output';
    if (this.#stopped === undefined && this.signal[0] === 2) this.#stopped = 'memory';
    if (this.#stopped === undefined && this.isolate.isDisposed) this.#stopped = 'memory';
    return this.#stopped;
  }

  cpuMs(): number {
    try {
      return Number(this.isolate.cpuTime) / 1e6;
    } catch {
      return this.limits.cpuMs;
    }
  }

  /** The module of a stage file (`deck.mjs`), compiled and linked once in this isolate. */
  module(file: string): IVM.Module {
    const known = this.#modules.get(file);
    if (known !== undefined) return known;
    const source = this.#sources.get(file);
    if (source === undefined) throw new Error(`Cannot find module '${SUBMISSION_URL}${file}'`);
    const module = this.isolate.compileModuleSync(source, { filename: `${SUBMISSION_URL}${file}` });
    this.#modules.set(file, module);
    module.instantiateSync(this.context, (specifier) => this.#resolve(specifier));
    return module;
  }

  /** Forgets the stage's modules (not Node's): the next file gets fresh instances of each. */
  freshModules(): void {
    for (const key of [...this.#modules.keys()]) if (!key.startsWith('node:')) this.#modules.delete(key);
  }

  #resolve(specifier: string): IVM.Module {
    if (specifier.startsWith('./')) return this.module(specifier.slice(2));
    const name = specifier.replace(/^node:/, '');
    if ((name === 'test' || specifier === 'test') && this.testModule !== undefined) return this.testModule;
    const key = `node:${name}`;
    if (this.imports !== undefined && (!this.imports.allowed.includes(name) || name === 'test'))
      throw new Error(`cannot import '${specifier}': a test may import only ${this.imports.words}`);
    const known = this.#modules.get(key);
    if (known !== undefined) return known;
    const exports = NODE_MODULES[name];
    if (exports === undefined)
      throw new Error(`Pitboss runs your code without Node's modules: ${key} is not available`);
    const source = [
      `const m = globalThis.__pitboss.modules[${JSON.stringify(name)}];`,
      'export default m;',
      ...exports.map((exported) => `export const ${exported} = m[${JSON.stringify(exported)}];`),
    ].join('\n');
    const module = this.isolate.compileModuleSync(source, { filename: key });
    module.instantiateSync(this.context, () => {
      throw new Error('no imports');
    });
    this.#modules.set(key, module);
    return module;
  }

  /** Runs `work` as long as the limits allow; a limit the isolate hit becomes `Stopped`. */
  async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      if (this.stopped !== undefined) throw new Stopped(this.stopped);
      return result;
    } catch (error) {
      if (error instanceof Stopped) throw error;
      if (this.stopped !== undefined) throw new Stopped(this.stopped);
      // isolated-vm's own bound on a call (the watch normally stops it first).
      if (error instanceof Error && error.message === 'Script execution timed out.') {
        const limit = performance.now() - this.wallFrom >= this.limits.wallMs ? 'time' : 'cpu';
        this.stop(limit);
        throw new Stopped(limit);
      }
      throw error;
    }
  }

  /** The time left on the isolate's clock, as a bound for one call (the watch stops it sooner). */
  timeout(): number {
    const left = this.limits.cpuMs - (this.cpuMs() - this.cpuFrom);
    return Math.max(1, Math.ceil(left + 1000));
  }

  /** Runs the timers due, one call each, so that the promises each leaves settle before the next. */
  async drain(): Promise<void> {
    for (;;) {
      const more = await this.guard(async () =>
        this.pitboss.nextTimer.apply(undefined, [], { timeout: this.timeout(), result: { copy: true } }),
      );
      if (more !== true) return;
    }
  }

  /** What the run printed, as bytes (strings encoded here, as Node writes them: UTF-8), bounded again. */
  output(clear = false): { stdout: Buffer; stderr: string; records: string[]; recordsCut: boolean } {
    const taken = this.pitboss.takeOutput.applySync(undefined, [clear], { result: { copy: true } }) as {
      stdout?: unknown;
      stderr?: unknown;
      records?: unknown;
      recordsCut?: unknown;
    };
    const most = this.limits.outputBytes + 1;
    const pieces: Buffer[] = [];
    let size = 0;
    for (const chunk of itemsOf(taken.stdout)) {
      if (size >= most) break;
      const bytes =
        typeof chunk === 'string'
          ? Buffer.from(chunk, 'utf8')
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
            : Buffer.alloc(0);
      pieces.push(bytes.subarray(0, most - size));
      size += Math.min(bytes.length, most - size);
    }
    return {
      stdout: Buffer.concat(pieces),
      stderr: typeof taken.stderr === 'string' ? taken.stderr : '',
      records: itemsOf(taken.records).map(String),
      recordsCut: taken.recordsCut === true,
    };
  }

  /** What chance the run used, each file's first use of each call (copied out: plain data). */
  chance(): [string, string][] {
    const told = this.pitboss.chanceTold.applySync(undefined, [], { result: { copy: true } });
    return itemsOf(told).map((pair) => {
      const [call, file] = itemsOf(pair);
      return [String(call), String(file)];
    });
  }

  /** Lets its context go. Never throws: what the run left in it is no failure of the host's. */
  release(): void {
    clearInterval(this.#watch);
    try {
      this.context.release();
    } catch {
      // Gone with the isolate.
    }
  }

  /** Ends the run: its context goes; the isolate stays for the next run if it may. */
  dispose(): void {
    this.release();
    afterRun(this.home);
  }
}

/** A list the library hands out, copied out as plain data: its items; anything else, none. */
const itemsOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** An error from the isolate, as words: its stack (the student's own positions) or message. */
const wordsOf = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

/**
 * The reference's side of a linked run: its files (and the provided ones) in a context of their own in
 * the run's isolate, never in the student's context; for the student's context, the sources with each
 * of those files replaced by a stand-in module, and what makes the stand-ins there
 * (3-sandbox/isolate/bridge-student.ts). The stand-ins call the reference's side directly, one
 * function handed across (`__pitbossBridge.ask`): data in, data out, no host between them.
 */
async function referenceFor(
  request: ProgramRequest,
  modules: Map<string, string>,
  home: SubmissionIsolate,
): Promise<{
  run: Run;
  sources: Map<string, string>;
  standIns: (student: Run, queueing: boolean) => Promise<() => void>;
}> {
  const apart = request.apart ?? [];
  const provided = request.provided ?? [];
  const input: IsolateInput = {
    entry: 'reference.mjs',
    argv: [],
    stdin: '',
    files: {},
    outputBytes: request.limits.outputBytes,
    tellChance: false,
    nodeVersion: process.version,
  };
  // Unwatched: the student's run watches the isolate's clock and this shared signal for both.
  const run = new Run(request.limits, input, modules, { home, watched: false });
  run.cpuFrom = run.cpuMs();
  run.context.global.setSync(
    '__pitbossQueueSignal',
    new ivm.ExternalCopy(run.signal.buffer as SharedArrayBuffer).copyInto({ release: true }),
  );
  home.script(bridgeReferenceSource, 'pitboss:bridge-reference').runSync(run.context);
  const bridge = run.context.global.getSync('__pitbossBridge', { reference: true }) as IVM.Reference<
    Record<string, unknown>
  >;
  const method = (name: string) =>
    bridge.getSync(name, { reference: true }) as IVM.Reference<(...args: unknown[]) => string>;
  const loaded = method('loaded');
  const exportsOf = method('exports');
  const sources = new Map(modules);
  for (const file of [...provided, ...apart]) {
    if (!modules.has(file)) continue;
    const module = run.module(file);
    await run.guard(() => module.evaluate({ timeout: run.timeout() }));
    loaded.applySync(undefined, [file, module.namespace.derefInto(), provided.includes(file)]);
  }
  for (const file of apart) {
    if (!modules.has(file)) continue;
    const described = exportsOf.applySync(undefined, [file]) as string;
    const names = (JSON.parse(described) as { name: string }[]).map((each) => each.name);
    sources.set(
      file,
      [
        `const m = globalThis.__pitbossStandIns.module(${JSON.stringify(file)}, ${JSON.stringify(described)});`,
        ...names.map((name) =>
          name === 'default'
            ? 'export default m.default;'
            : `const e_${names.indexOf(name)} = m[${JSON.stringify(name)}]; export { e_${names.indexOf(name)} as ${JSON.stringify(name)} };`,
        ),
      ].join('\n'),
    );
  }
  const ask = method('ask');
  const standIns = async (student: Run, queueing: boolean) => {
    // The one function of the reference's context the student's context holds, a bound function (no
    // source to read), taken into bridge-student.ts's closure before any student code runs.
    student.context.global.setSync('__pitbossBridgeAsk', ask.derefInto());
    student.context.global.setSync('__pitbossBridgeQueue', queueing);
    home.script(bridgeStudentSource, 'pitboss:bridge-student').runSync(student.context);
    const standIn = student.context.global.getSync('__pitbossStandIns', { reference: true }) as IVM.Reference<
      Record<string, unknown>
    >;
    const tell = standIn.getSync('provided', { reference: true }) as IVM.Reference<(ns: unknown) => void>;
    for (const file of provided) {
      if (!modules.has(file)) continue;
      const module = student.module(file);
      await student.guard(() => module.evaluate({ timeout: student.timeout() }));
      tell.applySync(undefined, [module.namespace.derefInto()]);
    }
    const flush = standIn.getSync('flush', { reference: true }) as IVM.Reference<() => void>;
    return () => flush.applySync(undefined, [], { timeout: student.timeout() });
  };
  return { run, sources, standIns };
}

/** Whether a reply's run ended at a limit its isolate's earlier runs could have brought nearer. */
type Attempt<T> = { reply: T; fresh: boolean };

/**
 * A run made again in a fresh isolate when it reached a limit in an isolate an earlier run had used:
 * only the fresh attempt's outcome, and its processor time, count (an earlier run's garbage or
 * collection is never the run's).
 */
async function runFresh<T extends HostReply>(
  attempt: (fresh: boolean) => Promise<Attempt<T>>,
  limited: (reply: T) => boolean,
): Promise<T> {
  const first = await attempt(false);
  if (first.fresh || !limited(first.reply))
    return { ...first.reply, isolate: first.fresh ? 'fresh' : 'warm' };
  return { ...(await attempt(true)).reply, isolate: 'again' };
}

/**
 * A program's run. A linked run first queues void calls (bridge-student.ts); where one was not void
 * after all, that run is thrown away and the program runs again, asking each call in turn.
 */
const runProgram = (request: ProgramRequest): Promise<ProgramReply> =>
  runFresh(
    (fresh) => runProgramQueued(request, fresh),
    (reply) => sharedLimit(reply.limit),
  );

async function runProgramQueued(request: ProgramRequest, fresh: boolean): Promise<Attempt<ProgramReply>> {
  const wallFrom = performance.now();
  const queued = await runProgramOnce(request, true, fresh);
  if (!('queueBroken' in queued)) return queued;
  // One limit covers every attempt of a run: the one made again has what the first left, of processor
  // time and of wall time, and its cost is the sum of both.
  const { limits } = request;
  const left: RunLimits = {
    ...limits,
    cpuMs: limits.cpuMs - queued.cpuMs,
    wallMs: limits.wallMs - (performance.now() - wallFrom),
  };
  if (left.cpuMs <= 0 || left.wallMs <= 0)
    return {
      fresh: queued.fresh,
      reply: {
        id: request.id,
        kind: 'program',
        status: 1,
        stdout: '',
        stderr: '',
        records: [],
        chance: [],
        limit: left.cpuMs <= 0 ? 'cpu' : 'time',
        cpuMs: queued.cpuMs,
      },
    };
  const asked = await runProgramOnce({ ...request, limits: left }, false, fresh);
  if ('queueBroken' in asked) throw new Error('a run without queueing cannot break its queue');
  return {
    fresh: queued.fresh && asked.fresh,
    reply: { ...asked.reply, cpuMs: queued.cpuMs + asked.reply.cpuMs },
  };
}

async function runProgramOnce(
  request: ProgramRequest,
  queueing: boolean,
  fresh: boolean,
): Promise<Attempt<ProgramReply> | { queueBroken: true; cpuMs: number; fresh: boolean }> {
  const { modules, files } = readStage(request.dir);
  const input: IsolateInput = {
    entry: request.entry,
    argv: request.argv,
    stdin: request.stdin,
    files,
    outputBytes: request.limits.outputBytes,
    tellChance: true,
    nodeVersion: process.version,
  };
  const apart = request.apart ?? [];
  const home = isolateFor(request.limits.heapMb, fresh);
  const isolateFresh = !home.used;
  // A linked run: the course's files run in a context of their own, never in the student's.
  const reference = apart.length === 0 ? undefined : await referenceFor(request, modules, home);
  const run = new Run(request.limits, input, reference?.sources ?? modules, {
    home,
    signal: reference?.run.signal,
  });
  // What the run itself costs is counted from here: the library's making is the host's.
  const setUp = run.cpuMs();
  run.cpuFrom = setUp;
  let status = 0;
  let limit: HostLimit | undefined;
  let loadFailure: string | undefined;
  let flush: (() => void) | undefined;
  try {
    if (reference !== undefined) flush = await reference.standIns(run, queueing);
    let entry: IVM.Module;
    try {
      entry = run.module(request.entry);
    } catch (error) {
      loadFailure = wordsOf(error);
      throw error;
    }
    try {
      await run.guard(async () => entry.evaluate({ timeout: run.timeout() }));
      await run.drain();
      run.pitboss.exit.applySync(undefined, [], { timeout: run.timeout() });
    } catch (error) {
      if (error instanceof Stopped) throw error;
      // Thrown from student code: process.exit ended it, or an uncaught error (status 1, its words).
      const ended = run.pitboss.ended.applySync(undefined, [], { result: { copy: true } }) as {
        exited: boolean;
      };
      if (!ended.exited)
        run.pitboss.crashed.applySync(undefined, [String(wordsOf(error))], { timeout: 1000 });
    }
    // The calls still queued run before the reference's record of the calls is read.
    if (flush !== undefined) {
      const sent = flush;
      await run.guard(async () => sent());
    }
    const ended = run.pitboss.ended.applySync(undefined, [], { result: { copy: true } }) as { code: number };
    status = ended.code;
  } catch (error) {
    if (error instanceof Stopped) limit = error.limit;
    else if (loadFailure === undefined) loadFailure = wordsOf(error);
    status = 1;
  }
  let out: ReturnType<Run['output']> = {
    stdout: Buffer.alloc(0),
    stderr: '',
    records: [],
    recordsCut: false,
  };
  let chance: [string, string][] = [];
  /** Why the run's results could not be read: then it has none, and failed. */
  let unread: string | undefined;
  // Read from an isolate the program had to itself: whatever throws here, the program broke (the
  // library reads through what it took before the program ran; this is where that would not do).
  if (run.stopped === undefined) {
    try {
      out = run.output();
      chance = run.chance();
    } catch (error) {
      unread = wordsOf(error);
    }
  }
  const cpuMs = run.cpuMs() - setUp;
  // Said by the reference's context, in memory the host shares (never by the student's context).
  const queueBroken = reference !== undefined && run.signal[1] === 1;
  // A linked run's calls are the recorders', which run in the reference's context: unforgeable here.
  if (reference !== undefined && !queueBroken) {
    try {
      out.records = run.stopped === undefined ? reference.run.output().records : [];
    } catch (error) {
      // The reference's context, as the program's calls left it.
      unread ??= wordsOf(error);
    }
  }
  reference?.run.release();
  run.dispose();
  // A queued call that was not void: this run is made again without queueing.
  if (queueing && queueBroken) return { queueBroken: true, cpuMs, fresh: isolateFresh };
  if (unread !== undefined) {
    limit ??= run.stopped;
    out = { stdout: Buffer.alloc(0), stderr: '', records: [], recordsCut: false };
    chance = [];
    status = 1;
    loadFailure ??= `${UNREAD}: ${unread.split('\n')[0]!.slice(0, 500)}`;
  }
  // Counted here again, in bytes: the library's count is the program's own word.
  const stdout = out.stdout;
  if (limit === undefined && stdout.length > request.limits.outputBytes) limit = 'output';
  return {
    fresh: isolateFresh,
    reply: {
      id: request.id,
      kind: 'program',
      status,
      stdout: stdout.subarray(0, request.limits.outputBytes + 1).toString('base64'),
      stderr: loadFailure !== undefined ? loadFailure.slice(-4096) : String(out.stderr).slice(-4096),
      records: out.records,
      ...(out.recordsCut === true ? { recordsCut: true } : {}),
      chance,
      ...(limit === undefined ? {} : { limit }),
      cpuMs,
    },
  };
}

const runExec = (request: ExecHostRequest): Promise<ExecHostReply> =>
  runFresh(
    (fresh) => runExecOnce(request, fresh),
    (reply) => sharedLimit(reply.limit),
  );

async function runExecOnce(request: ExecHostRequest, fresh: boolean): Promise<Attempt<ExecHostReply>> {
  const { modules, files } = readStage(request.dir);
  const input: IsolateInput = {
    entry: 'executor.mjs',
    argv: [],
    stdin: '',
    files,
    outputBytes: request.limits.outputBytes,
    tellChance: true,
    nodeVersion: process.version,
  };
  const run = new Run(request.limits, input, modules, { home: isolateFor(request.limits.heapMb, fresh) });
  // What the run itself costs is counted from here: the library's making is the host's.
  const setUp = run.cpuMs();
  run.cpuFrom = setUp;
  let at: { script: number; step: number } | undefined;
  let limit: HostLimit | undefined;
  let broke: string | undefined;
  let text = '';
  const progress = new SharedArrayBuffer(12);
  try {
    run.home.script(executorSource, 'pitboss:executor').runSync(run.context);
    const executor = run.context.global.getSync('__pitbossExecutor', { reference: true }) as IVM.Reference<
      Record<string, unknown>
    >;
    const loaded = executor.getSync('loaded', { reference: true }) as IVM.Reference<
      (...args: unknown[]) => void
    >;
    const failed = executor.getSync('failed', { reference: true }) as IVM.Reference<
      (...args: unknown[]) => void
    >;
    for (const file of modulesOfExec(request)) {
      const name = compiledName(file);
      try {
        const module = run.module(name);
        await run.guard(() => module.evaluate({ timeout: run.timeout() }));
        loaded.applySync(undefined, [file, module.namespace.derefInto()]);
      } catch (error) {
        if (error instanceof Stopped) throw error;
        const name = error instanceof Error ? error.name : 'Error';
        const message = error instanceof Error ? error.message : String(error);
        failed.applySync(undefined, [file, name, message]);
      }
    }
    // `progress`: where the executor is, in memory the host shares, read even if a limit ends the isolate.
    const runScripts = executor.getSync('run', { reference: true }) as IVM.Reference<
      (...args: unknown[]) => Promise<string>
    >;
    text = (await run.guard(() =>
      runScripts.apply(
        undefined,
        [
          JSON.stringify(request.request),
          new ivm.ExternalCopy(request.provided).copyInto(),
          new ivm.ExternalCopy(progress).copyInto({ release: true }),
        ],
        {
          timeout: run.timeout(),
          result: { promise: true, copy: true },
        },
      ),
    )) as string;
  } catch (error) {
    if (error instanceof Stopped) limit = error.limit;
    // The executor broke in the student's realm (code that vandalised what it runs on): the student's,
    // as a process that died during the test is.
    else broke = wordsOf(error).split('\n')[0]!.slice(0, 500);
  }
  const where = new Int32Array(progress);
  if (where[0] === 1) at = { script: where[1]!, step: where[2]! };
  let chance: [string, string][] = [];
  let results: ExecHostReply['results'] = [];
  // Read after the run: a throw here is the test's realm broken by the student's code, as above.
  try {
    if (run.stopped === undefined) chance = run.chance();
    if (limit === undefined && broke === undefined)
      results = JSON.parse(String(text)) as ExecHostReply['results'];
  } catch (error) {
    if (limit === undefined) broke ??= `${UNREAD}: ${wordsOf(error).split('\n')[0]!.slice(0, 500)}`;
    chance = [];
    results = [];
  }
  const cpuMs = run.cpuMs() - setUp;
  run.dispose();
  return {
    fresh: run.fresh,
    reply: {
      id: request.id,
      kind: 'exec',
      ...(broke === undefined ? {} : { broke }),
      results: limit === undefined && broke === undefined ? results : [],
      chance,
      ...(limit === undefined ? {} : { limit }),
      ...(at === undefined ? {} : { at }),
      cpuMs,
    },
  };
}

const TEST_API = ['test', 'it', 'describe', 'suite', 'beforeEach', 'afterEach', 'before', 'after', 'mock'];

/**
 * Test files one after another in one isolate (the files of one run share its realm, as they share a
 * process on the process path), each with fresh instances of the variant's modules and its own time.
 */
const runTests = (request: TestsRequest): Promise<TestsReply> =>
  runFresh(
    (fresh) => runTestsOnce(request, fresh),
    (reply) => reply.files.some((file) => file.kind === 'limit' && sharedLimit(file.hit)),
  );

async function runTestsOnce(request: TestsRequest, fresh: boolean): Promise<Attempt<TestsReply>> {
  const modules = new Map(Object.entries(request.modules).map(([name, source]) => [`${name}.mjs`, source]));
  const input: IsolateInput = {
    entry: 'test.mjs',
    argv: [],
    stdin: '',
    files: {},
    outputBytes: request.limits.outputBytes,
    tellChance: false,
    nodeVersion: process.version,
  };
  const run = new Run(request.limits, input, modules, { home: isolateFor(request.limits.heapMb, fresh) });
  // What the run itself costs is counted from here: the library's making is the host's.
  const setUp = run.cpuMs();
  run.cpuFrom = setUp;
  run.imports = { allowed: TEST_IMPORTS, words: TEST_IMPORTS_WORDS };
  const files: TestFileEnd[] = [];
  try {
    run.home.script(testsSource, 'pitboss:tests').runSync(run.context);
    const tests = run.context.global.getSync('__pitbossTests', { reference: true }) as IVM.Reference<
      Record<string, unknown>
    >;
    const method = (name: string) =>
      tests.getSync(name, { reference: true }) as IVM.Reference<(...args: unknown[]) => unknown>;
    const [loadFailed, start, answer] = ['loadFailed', 'start', 'answer'].map(method) as [
      IVM.Reference<(...args: unknown[]) => string>,
      IVM.Reference<(file: number) => void>,
      IVM.Reference<() => string | undefined>,
    ];
    for (let index = 0; index < request.tests.length; index++) {
      run.cpuFrom = run.cpuMs();
      run.wallFrom = performance.now();
      run.freshModules();
      // This file's node:test: a fresh registration API, made in the isolate.
      const api = run.isolate.compileModuleSync(
        [
          'const api = globalThis.__pitbossTests.begin();',
          'export default api.default;',
          ...TEST_API.map((name) => `export const ${name} = api[${JSON.stringify(name)}];`),
        ].join('\n'),
        { filename: 'node:test' },
      );
      api.instantiateSync(run.context, () => {
        throw new Error('no imports');
      });
      await run.guard(() => api.evaluate({ timeout: run.timeout() }));
      run.testModule = api;
      const name = `tests/${index}.mjs`;
      modules.set(name, request.tests[index]!);
      let loaded = true;
      try {
        const module = run.module(name);
        await run.guard(() => module.evaluate({ timeout: run.timeout() }));
      } catch (error) {
        if (error instanceof Stopped) throw error;
        loaded = false;
        const words = error instanceof Error ? [error.name, error.message] : ['Error', String(error)];
        files.push({ kind: 'reply', json: loadFailed.applySync(undefined, [index, ...words]) as string });
      }
      if (loaded) {
        // A test runs until its first wait inside this call: on the isolate's own thread, so that the
        // watch can stop it at its limits like any other run.
        await run.guard(() => start.apply(undefined, [index], { timeout: run.timeout() }));
        await run.drain();
        const json = await run.guard(async () => answer.applySync(undefined, [], { timeout: run.timeout() }));
        files.push(typeof json === 'string' ? { kind: 'reply', json } : { kind: 'exit' });
        if (typeof json !== 'string') break;
      }
      const printed = run.output(true).stdout.length;
      if (printed > request.limits.outputBytes) {
        files[files.length - 1] = { kind: 'limit', hit: 'output' };
        break;
      }
      modules.delete(name);
    }
  } catch (error) {
    // What broke in the tests' realm is theirs: the file ends as a process that died would.
    files.push(error instanceof Stopped ? { kind: 'limit', hit: error.limit } : { kind: 'exit' });
  }
  const cpuMs = run.cpuMs() - setUp;
  run.dispose();
  while (files.length < request.tests.length) files.push({ kind: 'not-run' });
  return { fresh: run.fresh, reply: { id: request.id, kind: 'tests', files, cpuMs } };
}

for (let line = next(); line !== undefined; line = next()) {
  const request = JSON.parse(line) as HostRequest;
  try {
    reply(
      request.kind === 'program'
        ? await runProgram(request)
        : request.kind === 'exec'
          ? await runExec(request)
          : await runTests(request),
    );
  } catch (error) {
    // The host's own failure: the grader treats it as the machinery's, never the student's.
    reply({ id: request.id, kind: 'fault', message: wordsOf(error).slice(0, 2000) });
  }
}
process.exit(0);
