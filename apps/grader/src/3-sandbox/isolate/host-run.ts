// One run in the isolate host (host.ts): a fresh context in the submission's isolate with the library,
// its limits watched, its modules compiled and linked, and its output read back as plain data.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as IVM from 'isolated-vm';
import { afterRun, type SubmissionIsolate } from './host-isolate.ts';
import { ivm, librarySource, partsSource } from './host-setup.ts';
import { NODE_MODULES } from './modules.ts';
import type { HostLimit, IsolateInput, RunLimits } from './protocol.ts';

const CPU_CHECK_MS = 5;
const SUBMISSION_URL = 'file:///submission/';
/** A run whose results could not be read after it: the program's failure (it broke what reads them). */
export const UNREAD = "the program's results could not be read after it ended (it changed what reads them)";

/** Stages read so far: a stage is written whole before its first run, and never changes after. */
const stages = new Map<string, { modules: Map<string, string>; files: Record<string, string> }>();

/** A stage's modules and case files, as the run sees them (a copy of the modules: a run may add to them). */
export function readStage(dir: string): { modules: Map<string, string>; files: Record<string, string> } {
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

export class Stopped extends Error {
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
export class Run {
  readonly isolate: IVM.Isolate;
  readonly home: SubmissionIsolate;
  /** Whether the isolate was fresh for this run: nothing of an earlier run was in its heap or clock. */
  readonly fresh: boolean;
  readonly context: IVM.Context;
  readonly limits: RunLimits;
  #stopped: HostLimit | undefined;
  #watch: NodeJS.Timeout | undefined;
  /** The isolate's processor time when last read (cpuMs). */
  #cpuReadMs = 0;
  /**
   * Shared with the library: it says here that the run printed past its limit (1) or ran out of memory
   * (2).
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
    this.signal = place.signal ?? new Int32Array(new SharedArrayBuffer(4));
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
          else if (this.cpuMs() - this.cpuFrom > limits.cpuMs) this.stop('cpu');
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

  /**
   * The isolate's processor time, in ms. An isolate a limit ended (its memory's) has none to read: then
   * the last reading, taken by the watch at most CPU_CHECK_MS before, so that what the run spent is
   * what it spent (a run made again has what its first attempt left: host-attempts.ts, runFresh).
   */
  cpuMs(): number {
    try {
      this.#cpuReadMs = Number(this.isolate.cpuTime) / 1e6;
    } catch {
      // Disposed: the last reading stands.
    }
    return this.#cpuReadMs;
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
export const wordsOf = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);
