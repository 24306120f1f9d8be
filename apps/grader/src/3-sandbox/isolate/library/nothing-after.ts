// The in-isolate library's part that leaves nothing to run after a run's end.
// --- Nothing left to run after the run's end ------------------------------------------------------
// A submission's runs share one isolate, each in a context of its own (host.ts). What the engine would
// run later, outside any call of the run's (a finalizer, an asynchronous wait or compile finishing),
// could run during the next run, on its clock; and what the collector decides (a weak reference
// emptied) would depend on earlier runs' garbage. So: a weak reference holds its target (a collector
// may never collect), a finalizer registry never calls back (it need not), `Atomics.waitAsync` is not
// there (a program waits with `Atomics.wait`), and WebAssembly compiles at the call, its promise
// settling as a microtask within the run.
class HeldRef<T extends object> {
  readonly #target: T;
  constructor(target: T) {
    if ((typeof target !== 'object' || target === null) && typeof target !== 'function')
      throw new TypeError('WeakRef: target must be an object');
    this.#target = target;
  }
  deref(): T {
    return this.#target;
  }
  get [Symbol.toStringTag](): string {
    return 'WeakRef';
  }
}
class SilentFinalizationRegistry {
  constructor(cleanup: unknown) {
    if (typeof cleanup !== 'function') throw new TypeError('FinalizationRegistry: cleanup must be callable');
  }
  register(_target: object, _held: unknown, _token?: object): undefined {
    return undefined;
  }
  unregister(_token: object): boolean {
    return false;
  }
  get [Symbol.toStringTag](): string {
    return 'FinalizationRegistry';
  }
}
for (const [name, value] of [
  ['WeakRef', HeldRef],
  ['FinalizationRegistry', SilentFinalizationRegistry],
] as const)
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
delete (Atomics as { waitAsync?: unknown }).waitAsync;
{
  type Made = new (...args: unknown[]) => object;
  const wasm = (globalThis as unknown as { WebAssembly: Record<string, unknown> }).WebAssembly;
  const Module = wasm.Module as Made;
  const Instance = wasm.Instance as Made;
  const settle = <T>(make: () => T): Promise<T> => {
    try {
      return Promise.resolve(make());
    } catch (error) {
      return Promise.reject(error);
    }
  };
  wasm.compile = (bytes: unknown) => settle(() => new Module(bytes));
  wasm.instantiate = (source: unknown, imports?: unknown) =>
    settle(() => {
      if (source instanceof Module) return new Instance(source, imports);
      const module = new Module(source);
      return { module, instance: new Instance(module, imports) };
    });
  delete wasm.compileStreaming;
  delete wasm.instantiateStreaming;
}
