// The submission's warm isolate (host.ts): the one its runs share, one after another, each in a fresh
// context (a run made again in a fresh one when the memory limit it reached could be an earlier run's
// doing: host-attempts.ts).
import type * as IVM from 'isolated-vm';
import { ivm, preamble } from './host-setup.ts';
import { VM_ENGINE } from './protocol.ts';

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
 * waits and compiles: library.ts). What a context cannot hold apart is the isolate's heap: so a run
 * that ends at the memory limit in an isolate an earlier run used is made again in a fresh one before
 * its outcome counts (`runFresh`, host-attempts.ts), and an isolate whose heap grew past half its
 * limit is not used again. Its clock is shared too, but a run's processor time is its own: counted
 * from the run's start on that clock (host-run.ts). The library and the host's scripts are compiled
 * once an isolate.
 */
export class SubmissionIsolate {
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
export function isolateFor(heapMb: number, fresh: boolean): SubmissionIsolate {
  if (!fresh && warm !== undefined && warm.heapMb === heapMb && warm.reusable()) return warm;
  warm?.dispose();
  warm = new SubmissionIsolate(heapMb);
  return warm;
}

/** After a run: the isolate is kept for the next only if it may be. */
export function afterRun(isolate: SubmissionIsolate): void {
  isolate.used = true;
  if (isolate === warm && !isolate.reusable()) {
    isolate.dispose();
    warm = undefined;
  }
}
