// The part of isolated-vm's API the isolate host uses (host.ts), made of `node:vm` contexts, for a
// machine where isolated-vm cannot load. The host then runs one run per process (client.ts), each in
// a fresh context with the same library, modules and host calls as an isolate: a student sees the
// same behaviour either way. A context is no security boundary of its own (the process's sandbox is);
// still nothing of the host's realm is handed in: values are copied into the context, host functions
// are reached only through functions made inside it, and errors cross as new errors of the other side.
import { randomBytes } from 'node:crypto';
import vm from 'node:vm';

/** isolated-vm's words for a call stopped at its time bound (host-run.ts's guard knows them). */
const TIMED_OUT = 'Script execution timed out.';
/** A global the host sets and the call's script deletes before any student code runs. */
const SLOT = `__pitbossVm${randomBytes(8).toString('hex')}`;
/** How many calls into contexts are under way (a call from a host function one of them called). */
let depth = 0;
const CALL = new vm.Script(
  `(() => { const go = globalThis.${SLOT}; delete globalThis.${SLOT}; return go(); })()`,
);

/** An error of either realm as an error of this one, with its name, message and stack. */
function hostError(error: unknown): Error {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  if (/^Script execution timed out/.test(message)) return new Error(TIMED_OUT);
  if (error instanceof Error) return error;
  const made = new Error(message);
  if (typeof fields.name === 'string') made.name = fields.name;
  if (typeof fields.stack === 'string') made.stack = fields.stack;
  return made;
}

/** A thrown value as it crosses to the host: an error as a host error, anything else as it is. */
const crossing = (value: unknown): unknown =>
  typeof value === 'object' && value !== null ? hostError(value) : value;

/**
 * Rejections no code handled by the end of a call's microtasks, as Node tells them: the next call
 * throws the first, as isolated-vm's call does at the end of its task (and Node ends a program so).
 */
const rejected: unknown[] = [];
let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  process.on('unhandledRejection', (reason) => {
    rejected.push(reason);
  });
}
function throwRejected(): void {
  if (rejected.length === 0) return;
  const reason = rejected[0];
  rejected.length = 0;
  throw crossing(reason);
}
/** A turn of the host's loop: Node tells the rejections left unhandled meanwhile. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

class Copied {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

/** A value of a context, handed back into it as it is. */
class Deref {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

export class ExternalCopy<T = unknown> {
  readonly #value: T;
  constructor(value: T) {
    this.#value = value;
  }
  copyInto(_options?: object): Copied {
    return new Copied(this.#value);
  }
}

export class Callback {
  readonly fn: (...args: unknown[]) => unknown;
  constructor(fn: (...args: never[]) => unknown) {
    this.fn = fn as (...args: unknown[]) => unknown;
  }
}

/** What each context makes for the host before any other code runs in it: its own built-ins. */
const SETUP = `(function () {
  'use strict';
  const apply = Reflect.apply, parse = JSON.parse, Err = Error, setProto = Object.setPrototypeOf;
  const SAB = SharedArrayBuffer.prototype, then = Promise.prototype.then;
  return {
    global: globalThis,
    parse: (text) => parse(text),
    sab: (buffer) => setProto(buffer, SAB),
    call: (fn, self, args) => () => apply(fn, self, args),
    wrap: (call) => function (...args) {
      const r = call(args);
      if (r[0] === 1) { const e = new Err(r[1]); if (r[2] !== undefined) e.name = r[2]; throw e; }
      return r[1];
    },
    settle: (promise) => {
      const box = { done: 0, value: undefined };
      apply(then, promise, [(v) => { box.done = 1; box.value = v; }, (e) => { box.done = 2; box.value = e; }]);
      return box;
    },
    refuse: (text) => new Err(text),
  };
})()`;

interface Made {
  global: Record<string, unknown>;
  parse(text: string): unknown;
  sab(buffer: SharedArrayBuffer): void;
  call(fn: unknown, self: unknown, args: readonly unknown[]): () => unknown;
  wrap(call: (args: unknown[]) => unknown[]): unknown;
  settle(promise: unknown): { done: number; value: unknown };
  refuse(text: string): Error;
}

const primitive = (value: unknown) =>
  value === null || (typeof value !== 'object' && typeof value !== 'function');

export class Context {
  readonly isolate: Isolate;
  readonly vm: vm.Context;
  readonly made: Made;
  readonly global: Reference;
  constructor(isolate: Isolate) {
    this.isolate = isolate;
    this.vm = vm.createContext(Object.create(null), {
      microtaskMode: 'afterEvaluate',
      codeGeneration: { strings: true, wasm: false },
    });
    this.made = vm.runInContext(SETUP, this.vm) as Made;
    this.global = new Reference(this, this.made.global);
  }

  /** A host value as the context receives it: plain data copied, host functions wrapped. */
  into(value: unknown): unknown {
    if (value instanceof Deref) return value.value;
    if (value instanceof Callback) {
      const fn = value.fn;
      return this.made.wrap((args) => {
        try {
          const result = fn(...args);
          return [0, primitive(result) ? result : this.into(new Copied(result))];
        } catch (error) {
          const made = hostError(error);
          return [1, made.message, made.name];
        }
      });
    }
    if (value instanceof Copied) {
      const data = value.value;
      if (data instanceof SharedArrayBuffer) {
        this.made.sab(data);
        return data;
      }
      return primitive(data) ? data : this.made.parse(JSON.stringify(data));
    }
    return value;
  }

  /** Calls a function of the context within `timeout` (its microtasks run after it, within it too). */
  call(fn: unknown, self: unknown, args: readonly unknown[], timeout: number | undefined): unknown {
    if (this.isolate.isDisposed) throw new Error('Isolate is disposed');
    if (depth === 0) throwRejected();
    const go = this.made.call(
      fn,
      self,
      args.map((arg) => this.into(arg)),
    );
    // A call made from inside another (a linked run's bridge) runs within that one's bound, and its
    // microtasks after it: as cheap as a call can be, for the thousands a linked run makes.
    if (depth > 0 && timeout === undefined) return go();
    this.made.global[SLOT] = go;
    depth++;
    try {
      return CALL.runInContext(this.vm, timeout === undefined ? {} : { timeout });
    } catch (error) {
      throw hostError(error);
    } finally {
      depth--;
    }
  }

  /** Waits for a promise of the context, running its microtasks, for at most `timeout`. */
  async settle(promise: unknown, timeout: number | undefined): Promise<unknown> {
    const box = this.made.settle(promise);
    const until = performance.now() + (timeout ?? 2 ** 31);
    for (;;) {
      this.call(() => {}, undefined, [], Math.max(1, Math.ceil(until - performance.now())));
      if (box.done === 1) return box.value;
      if (box.done === 2) throw hostError(box.value);
      if (performance.now() > until) throw new Error(TIMED_OUT);
      await turn();
    }
  }

  release(): void {}
}

export class Reference<_T = unknown> {
  readonly #context: Context;
  readonly #value: unknown;
  constructor(context: Context, value: unknown) {
    this.#context = context;
    this.#value = value;
  }
  getSync(name: string, _options?: object): Reference {
    return new Reference(this.#context, (this.#value as Record<string, unknown>)[name]);
  }
  setSync(name: string, value: unknown): void {
    (this.#value as Record<string, unknown>)[name] = this.#context.into(value);
  }
  derefInto(): Deref {
    return new Deref(this.#value);
  }
  applySync(
    self: unknown,
    args: readonly unknown[],
    options?: { timeout?: number; result?: { copy?: boolean } },
  ): unknown {
    return this.#out(this.#context.call(this.#value, self, args, options?.timeout), options?.result?.copy);
  }
  async apply(
    self: unknown,
    args: readonly unknown[],
    options?: { timeout?: number; result?: { copy?: boolean; promise?: boolean } },
  ): Promise<unknown> {
    const started = performance.now();
    let result = this.#context.call(this.#value, self, args, options?.timeout);
    if (options?.result?.promise === true) {
      const left =
        options.timeout === undefined ? undefined : options.timeout - (performance.now() - started);
      result = await this.#context.settle(result, left);
    }
    await turn();
    throwRejected();
    return this.#out(result, options?.result?.copy);
  }
  #out(result: unknown, copy: boolean | undefined): unknown {
    if (primitive(result)) return result;
    return copy === true ? structuredClone(result) : new Reference(this.#context, result);
  }
}

export class Script {
  readonly #script: vm.Script;
  constructor(source: string, filename: string) {
    this.#script = new vm.Script(source, { filename });
  }
  runSync(context: Context): unknown {
    return this.#script.runInContext(context.vm);
  }
}

export class Module {
  readonly #source: string;
  readonly #filename: string;
  #module: vm.SourceTextModule | undefined;
  #context: Context | undefined;
  #linked: Promise<void> | undefined;
  constructor(source: string, filename: string) {
    this.#source = source;
    this.#filename = filename;
  }

  get vmModule(): vm.SourceTextModule {
    if (this.#module === undefined) throw new Error('module not instantiated');
    return this.#module;
  }

  /** Made in `context`, its imports resolved now (a refused import throws here, as in an isolate). */
  instantiateSync(context: Context, resolve: (specifier: string) => Module): void {
    this.#context = context;
    const module = new vm.SourceTextModule(this.#source, {
      context: context.vm,
      identifier: this.#filename,
      // A dynamic import is refused with an error of the student's realm (an isolate has none).
      importModuleDynamically: (() => {
        throw context.made.refuse('Pitboss runs your code without dynamic import()');
      }) as never,
    });
    this.#module = module;
    const imports = new Map<string, vm.SourceTextModule>();
    for (const specifier of module.dependencySpecifiers) imports.set(specifier, resolve(specifier).vmModule);
    this.#linked = module.link((specifier) => imports.get(specifier)!);
    this.#linked.catch(() => {});
  }

  get namespace(): Reference {
    return new Reference(this.#context!, this.vmModule.namespace);
  }

  async evaluate(options?: { timeout?: number }): Promise<void> {
    await this.#linked;
    const module = this.vmModule;
    if (module.status === 'evaluated') return;
    if (module.status === 'errored') throw hostError(module.error);
    const context = this.#context!;
    let evaluating: unknown;
    try {
      evaluating = context.call(
        () => module.evaluate(options?.timeout === undefined ? {} : { timeout: options.timeout }),
        undefined,
        [],
        undefined,
      );
    } catch (error) {
      throw hostError(error);
    }
    // Node's evaluate is the host's promise: a time bound rejects it rather than throwing.
    const failure: { error?: unknown } = {};
    (evaluating as Promise<void>).catch((error: unknown) => {
      failure.error = error ?? new Error(TIMED_OUT);
    });
    const until = performance.now() + (options?.timeout ?? 2 ** 31);
    for (;;) {
      await turn();
      if ('error' in failure) {
        // The module's own failure: its evaluation's promise, rejected, is no rejection of the program's.
        rejected.length = 0;
        throw hostError(failure.error);
      }
      throwRejected();
      if ((module.status as string) !== 'evaluating') break;
      if (performance.now() > until) throw new Error(TIMED_OUT);
      context.call(() => {}, undefined, [], Math.max(1, Math.ceil(until - performance.now())));
    }
    if ((module.status as string) === 'errored') {
      rejected.length = 0;
      throw hostError(module.error);
    }
  }

  evaluateSync(options?: { timeout?: number }): Promise<void> {
    return this.evaluate(options);
  }
}

export class Isolate {
  isDisposed = false;
  readonly #start = process.cpuUsage();
  constructor(_options?: { memoryLimit?: number }) {
    listen();
  }
  /** The process's processor time since this isolate was made, in nanoseconds (one run a process). */
  get cpuTime(): bigint {
    const used = process.cpuUsage(this.#start);
    return BigInt(used.user + used.system) * 1000n;
  }
  dispose(): void {
    this.isDisposed = true;
  }
  createContextSync(): Context {
    return new Context(this);
  }
  compileScriptSync(source: string, options: { filename: string }): Script {
    return new Script(source, options.filename);
  }
  compileModuleSync(source: string, options: { filename: string }): Module {
    return new Module(source, options.filename);
  }
}
