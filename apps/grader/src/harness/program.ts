// The program harness: runs one program (a transcript case's `node <program> <words...>`) many times
// in one sandboxed process, each run in a realm of its own (fresh globals, fresh modules), instead of
// a process per run. It vouches only for plain runs: the program read `process.argv`, printed with
// `console.log` or `process.stdout.write` (strings and other primitives only), changed no built-in,
// and finished with nothing pending. Anything else a run touches (another global or `process`
// property, a built-in module, `import.meta`, a stack trace, an exception, stdin, exit codes) makes it
// answer `unsure`, and the grader runs that case as a process of its own, as before. A plain run's
// output is what the process would have printed, and its status 0.
import { readFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import vm from 'node:vm';
import { type ProgramRequest, type ProgramResult, REPLY_FD } from './protocol.ts';

// Taken before any student module loads (as the unit harness does).
const stringify = JSON.stringify;
const parse = JSON.parse;
const write = writeSync;

/** Node's globals a fresh realm lacks (timers, Buffer, URL, fetch, ...): reading one makes a run unsure. */
const hostOnly = (() => {
  const native = new Set(vm.runInContext('Object.getOwnPropertyNames(globalThis)', vm.createContext()));
  return Object.getOwnPropertyNames(globalThis).filter((name) => !native.has(name));
})();

/**
 * Runs in each new realm before the program: installs `console` and `process` as proxies that serve
 * only what a plain run uses, getters that report every other Node global, and a stack-trace hook.
 * It keeps the host's functions in its closure: student code sees only this realm's objects and
 * primitives, and it captures what it uses before student code can replace it.
 */
const BOOTSTRAP = `(function (host, argv, hostOnly) {
  'use strict';
  // Everything used after student code starts is taken now, so that nothing it replaces changes it.
  const Err = Error;
  const Str = String;
  const define = Object.defineProperty;
  const g = globalThis;
  function stop(why) {
    host.unsure(why);
    return new Err('pitboss: not a plain run (' + why + ')');
  }
  const name = (key) => Str(key);
  const handler = (get, what) => {
    const traps = {
      get: get,
      set(_, key) { throw stop('sets ' + what + '.' + name(key)); },
      has(_, key) { throw stop('asks ' + what + ' for ' + name(key)); },
      deleteProperty(_, key) { throw stop('deletes ' + what + '.' + name(key)); },
      defineProperty(_, key) { throw stop('defines ' + what + '.' + name(key)); },
      ownKeys() { throw stop('lists ' + what); },
      getOwnPropertyDescriptor(_, key) { throw stop('inspects ' + what + '.' + name(key)); },
      getPrototypeOf() { throw stop('reads the prototype of ' + what); },
      setPrototypeOf() { throw stop('sets the prototype of ' + what); },
      isExtensible() { throw stop('asks whether ' + what + ' is extensible'); },
      preventExtensions() { throw stop('freezes ' + what); },
    };
    Object.setPrototypeOf(traps, null);
    return traps;
  };
  function primitives(args, what) {
    for (let i = 0; i < args.length; i++) {
      const type = typeof args[i];
      if ((type === 'object' && args[i] !== null) || type === 'function') throw stop(what + ' of an object');
    }
  }
  function printer(stream) {
    return function () {
      primitives(arguments, 'console output');
      if (!host.print(stream, arguments)) throw stop('console output that cannot be printed');
    };
  }
  const log = printer(1);
  const info = printer(1);
  const debug = printer(1);
  const error = printer(2);
  const warn = printer(2);
  const consoleProxy = new Proxy({}, handler(function (_, key) {
    switch (key) {
      case 'log': return log;
      case 'info': return info;
      case 'debug': return debug;
      case 'error': return error;
      case 'warn': return warn;
    }
    throw stop('uses console.' + name(key));
  }, 'console'));
  let stdout;
  function write(chunk) {
    if (this !== stdout) throw stop('calls process.stdout.write unbound');
    if (arguments.length !== 1 || typeof chunk !== 'string') throw stop('writes something other than one string');
    if (!host.write(chunk)) throw stop('prints more than the output limit');
    return true;
  }
  stdout = new Proxy({}, handler(function (_, key) {
    if (key === 'write') return write;
    throw stop('uses process.stdout.' + name(key));
  }, 'process.stdout'));
  const processProxy = new Proxy({}, handler(function (_, key) {
    if (key === 'argv') return argv;
    if (key === 'stdout') {
      // Where a process would make its stdout stream, with Node's own code.
      if (!host.touch()) throw stop('changed a built-in before using process.stdout');
      return stdout;
    }
    throw stop('uses process.' + name(key));
  }, 'process'));
  for (let i = 0; i < hostOnly.length; i++) {
    const global = hostOnly[i];
    if (global === 'process') continue;
    define(g, global, {
      configurable: true,
      get() { throw stop('uses ' + global); },
      set() { throw stop('sets ' + global); },
    });
  }
  define(g, 'process', { configurable: true, writable: true, value: processProxy });
  define(g, 'console', { configurable: true, writable: true, value: consoleProxy });
  // Stack traces name the harness's frames, not a process's: reading one makes the run unsure. Node
  // asks the global Error of an error's realm for prepareStackTrace: both stay this harness's.
  const prepare = function () { throw stop('reads a stack trace'); };
  define(Err, 'prepareStackTrace', {
    get() { return prepare; },
    set() { throw stop('sets Error.prepareStackTrace'); },
  });
  define(g, 'Error', {
    get() { return Err; },
    set() { throw stop('replaces Error'); },
  });
  // The built-ins a process shares with Node's own code: every global constructor and namespace,
  // each constructor's prototype, the iterator and function prototypes, and the global object.
  const watched = [g, Err, Err.prototype];
  const protoOf = Object.getPrototypeOf;
  const names = Object.getOwnPropertyNames(g);
  for (let i = 0; i < names.length; i++) {
    const d = Object.getOwnPropertyDescriptor(g, names[i]);
    const v = d.value;
    if (v === processProxy || v === consoleProxy || (typeof v !== 'function' && (typeof v !== 'object' || v === null))) continue;
    watched.push(v);
    if (typeof v === 'function' && typeof v.prototype === 'object' && v.prototype !== null) watched.push(v.prototype);
  }
  const arrayIterator = protoOf([][Symbol.iterator]());
  const generator = protoOf(function* () {});
  const asyncGenerator = protoOf(async function* () {});
  watched.push(
    arrayIterator,
    protoOf(arrayIterator),
    protoOf(''[Symbol.iterator]()),
    protoOf(new Map().entries()),
    protoOf(new Set().values()),
    protoOf(/a/[Symbol.matchAll]('')),
    protoOf(Int8Array),
    protoOf(Int8Array.prototype),
    generator,
    generator.prototype,
    asyncGenerator,
    asyncGenerator.prototype,
    protoOf(asyncGenerator.prototype),
    protoOf(async function () {}),
  );
  return watched;
})`;

interface Watched {
  object: object;
  proto: object | null;
  extensible: boolean;
  keys: (string | symbol)[];
  descriptors: PropertyDescriptor[];
}

/** The built-ins' own properties, prototypes and extensibility, read from the host (no realm code runs). */
function snapshot(objects: readonly object[]): Watched[] {
  return objects.map((object) => {
    const keys = Reflect.ownKeys(object);
    return {
      object,
      proto: Reflect.getPrototypeOf(object),
      extensible: Reflect.isExtensible(object),
      keys,
      descriptors: keys.map((key) => Reflect.getOwnPropertyDescriptor(object, key)!),
    };
  });
}

const sameDescriptor = (a: PropertyDescriptor | undefined, b: PropertyDescriptor) =>
  a !== undefined &&
  Object.is(a.value, b.value) &&
  a.get === b.get &&
  a.set === b.set &&
  a.writable === b.writable &&
  a.enumerable === b.enumerable &&
  a.configurable === b.configurable;

function unchanged(watched: readonly Watched[]): boolean {
  for (const { object, proto, extensible, keys, descriptors } of watched) {
    if (Reflect.getPrototypeOf(object) !== proto || Reflect.isExtensible(object) !== extensible) return false;
    const now = Reflect.ownKeys(object);
    if (now.length !== keys.length) return false;
    for (let i = 0; i < keys.length; i++) {
      if (now[i] !== keys[i]) return false;
      if (!sameDescriptor(Reflect.getOwnPropertyDescriptor(object, keys[i]!), descriptors[i]!)) return false;
    }
  }
  return true;
}

class Run {
  unsure: string | undefined;
  /** What the program wrote, one string per write, as it wrote them. */
  readonly chunks: string[] = [];
  /** UTF-16 units written: a UTF-8 byte count is at most three times as many. */
  units = 0;
  /** Bytes those writes make in UTF-8, as a process's stdout would count them, once they may matter. */
  printed: number | undefined;
  /** Whether a write ended in half a surrogate pair, and whether a later one completed it. */
  endsHigh = false;
  splitsAPair = false;
  readonly maxOutput: number;
  builtIns: Watched[] = [];
  /** Whether the built-ins were checked where a process would first run Node's code for stdout. */
  touched = false;
  constructor(maxOutput: number) {
    this.maxOutput = maxOutput;
  }
  flag(why: string): void {
    this.unsure ??= why;
  }
  /** False, and the run unsure, when the program changed a built-in Node's own code would use. */
  builtInsIntact(when: string): boolean {
    if (unchanged(this.builtIns)) return true;
    this.flag(`the program changed a built-in object (${when})`);
    return false;
  }
  touch(): boolean {
    if (this.touched) return true;
    this.touched = true;
    return this.builtInsIntact('before its first output');
  }
}

let current: Run | undefined;

/**
 * Each module's source, read once, and V8's code cache for it, made when it is first compiled: later
 * runs skip compiling it again. The cache holds compiled code only, no state: every run still makes its
 * own module instances in its own realm.
 */
const sources = new Map<string, { text: string; cache?: Buffer | undefined }>();
process.on('unhandledRejection', () => current?.flag('a promise was rejected and not handled'));
process.on('uncaughtException', (error) => {
  // The harness's own failure ends it: the grader then runs what is left as processes.
  if (current === undefined) throw error;
  current.flag('an exception escaped');
});

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

function makeHost(run: Run) {
  const out = (text: string): boolean => {
    if (!run.touch()) return false;
    if (text === '') return true;
    run.units += text.length;
    // Bytes are counted only near the limit: until then three bytes a unit cannot pass it.
    if (run.printed !== undefined) run.printed += Buffer.byteLength(text, 'utf8');
    else if (3 * run.units > run.maxOutput) {
      // Each write on its own, as a process counts them.
      run.printed = 0;
      for (const chunk of [...run.chunks, text]) run.printed += Buffer.byteLength(chunk, 'utf8');
    }
    if (run.printed !== undefined && run.printed > run.maxOutput) return false;
    if (run.endsHigh && isLow(text.charCodeAt(0))) run.splitsAPair = true;
    run.endsHigh = isHigh(text.charCodeAt(text.length - 1));
    run.chunks.push(text);
    return true;
  };
  return {
    unsure: (why: unknown) => run.flag(String(why)),
    touch: () => run.touch(),
    write: (chunk: string) => out(chunk),
    print: (stream: number, args: ArrayLike<unknown>) => {
      // A process makes its stderr stream with Node's own code too.
      if (!run.touch()) return false;
      // By index, not by iterating: the realm's iterators are the program's to replace.
      const list: unknown[] = [];
      for (let i = 0; i < args.length; i++) list.push(args[i]);
      try {
        const text = `${format(...list)}\n`;
        return stream === 1 ? out(text) : true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Text whose UTF-8 encoding is what a process's stdout would carry. A process encodes each write on
 * its own (a lone surrogate becomes U+FFFD), so writes are joined as they are unless one ends in half
 * a surrogate pair that a later one completes; then each is encoded, and decoded, on its own.
 */
function printedText(run: Run): string {
  if (!run.splitsAPair) return run.chunks.join('');
  return Buffer.concat(run.chunks.map((chunk) => Buffer.from(chunk, 'utf8'))).toString('utf8');
}

/** `import.meta`, with any spaces or comments between its tokens. */
const IMPORT_META = /\bimport(\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*\.(\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*meta\b/;

const immediate = () => new Promise<void>((done) => setImmediate(done));

async function runOnce(request: ProgramRequest): Promise<ProgramResult> {
  const run = new Run(request.maxOutput);
  current = run;
  const file = resolve(request.file);
  const dir = dirname(file);
  const context = vm.createContext();
  const argv = vm.runInContext('[]', context) as string[];
  for (const word of [process.execPath, file, ...request.args]) argv.push(word);
  const watched = (vm.runInContext(BOOTSTRAP, context) as (...args: unknown[]) => object[])(
    makeHost(run),
    argv,
    vm.runInContext(stringify(hostOnly), context),
  );
  const objects: object[] = [];
  for (let i = 0; i < watched.length; i++) objects.push(watched[i]!);
  run.builtIns = snapshot(objects);
  const graph = new Map<string, vm.SourceTextModule>();
  const moduleFor = (path: string): vm.SourceTextModule => {
    let module = graph.get(path);
    if (module === undefined) {
      let source = sources.get(path);
      if (source === undefined) {
        source = { text: readFileSync(path, 'utf8') };
        sources.set(path, source);
      }
      // import.meta is syntax: a module that names it is seen in its text. Its properties differ here.
      if (IMPORT_META.test(source.text)) run.flag('uses import.meta');
      module = new vm.SourceTextModule(source.text, {
        cachedData: source.cache,
        context,
        identifier: pathToFileURL(path).href,
        initializeImportMeta(meta) {
          meta.url = pathToFileURL(path).href;
          meta.filename = path;
          meta.dirname = dirname(path);
        },
        importModuleDynamically: importDynamically as never,
      });
      graph.set(path, module);
      // Before it runs (Node makes none after); in Node since 13.7, not in @types/node 20.
      source.cache ??= (module as vm.SourceTextModule & { createCachedData(): Buffer }).createCachedData();
    }
    return module;
  };
  // Only the stage's own modules, as `./name.mjs`, the form staging writes: anything else is unsure.
  const link = (specifier: string): vm.SourceTextModule => {
    if (/^\.\/[\w.-]+\.mjs$/.test(specifier)) {
      const path = join(dir, specifier.slice(2));
      try {
        return moduleFor(path);
      } catch {
        run.flag(`imports ${specifier}, which does not load here`);
        throw new Error('not a plain run');
      }
    }
    run.flag(`imports ${specifier}`);
    throw new Error('not a plain run');
  };
  async function importDynamically(specifier: string): Promise<vm.Module> {
    const module = link(specifier);
    if (module.status === 'unlinked') await module.link(link);
    if (module.status === 'linked') await module.evaluate();
    return module;
  }
  const reply = (why: string) => ({ id: request.id, clean: false as const, reason: why });
  try {
    const main = moduleFor(file);
    await main.link(link);
    let settled = false;
    const evaluated = main.evaluate().then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
        run.flag('the program threw');
      },
    );
    // Nothing but microtasks can move a plain run on: once they are drained it has finished or never will.
    await immediate();
    if (!settled) {
      run.flag('the program left its work unfinished');
      void evaluated;
    }
    await immediate();
    // Where a process would exit, with Node's own code.
    run.builtInsIntact('by its end');
  } catch {
    run.flag('the program did not load');
  } finally {
    current = undefined;
  }
  if (run.unsure !== undefined) return reply(run.unsure);
  return { id: request.id, clean: true, stdout: printedText(run) };
}

let token: string | undefined;
let queue = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  if (token === undefined) {
    token = line;
    return;
  }
  const request = parse(line) as ProgramRequest;
  queue = queue.then(async () => {
    const message = await runOnce(request);
    write(REPLY_FD, `${stringify({ token, ...message })}\n`);
  });
});
