// The whole of what student code finds around it in an isolate: made inside the isolate, from plain
// JavaScript, before any student module loads. No Node API and no host object is reachable: `console`,
// a `process` stand-in, the run's stdin and case files (read-only, copied in), seeded chance and a
// clock of its own, timers on that clock, and a few of Node's modules as pure JavaScript (Buffer,
// EventEmitter, util, assert, readline, a read-only fs). What student code does to any of it changes
// only its own run's output, which the grader judges outside.
//
// Bundled as a script (3-sandbox/isolate/bundle.ts); the host runs it first in every fresh context, with
// the run's input in `globalThis.__pitbossInput`, and reads the run back through `__pitboss`.
import type { Buffer as BufferClass } from 'buffer';
import EventEmitter from 'events';
import type * as Util from 'util';
import { CLOCK_START, seededChance } from '../children/chance-core.ts';
import type { IsolateInput } from './protocol.ts';
import { AbortController, AbortSignal, structuredClone, URL, URLSearchParams } from './web.ts';

// Taken before any student code runs. The host reads a run's results after the run (its output, chance,
// end), through `__pitboss`: those reads use only these and null-prototype lists, never a built-in the
// program can replace or a prototype it can add a setter to, so what it does to them, even after its last
// line, cannot break or bend how its results are read.
const apply = Reflect.apply;
const create = Object.create;
const toNumber = Number;
const toText = String;
const textSlice = String.prototype.slice;
const textIncludes = String.prototype.includes;
const most = Math.max;
const least = Math.min;
const same = Object.is;
// The program's writes too, as Node's console is made of what it took at start (its primordials): a
// program that replaces `Array.prototype.map` still prints with console.log.
const Bytes = Uint8Array;
const bytesLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length')!
  .get as (this: Uint8Array) => number;

/** A list no built-in of the run's reaches: own items by index on a null-prototype object, and a count. */
interface List<T> {
  [index: number]: T;
  length: number;
}
const list = <T>(): List<T> => {
  const made = create(null) as List<T>;
  made.length = 0;
  return made;
};
const add = <T>(to: List<T>, item: T): void => {
  to[to.length] = item;
  to.length += 1;
};
const arraySlice = Array.prototype.slice;
/**
 * A list's items as an array, for the host to copy out (an array copies fast; an object of a million
 * keys does not). Sliced from what is not an array, the engine makes a plain array itself: no species
 * looked up, no setter, no iterator of the program's.
 */
const arrayOf = <T>(from: List<T>): T[] => apply(arraySlice, from, [0, from.length]) as T[];
/** Empties a list. */
const clear = <T>(from: List<T>): void => {
  for (let i = 0; i < from.length; i++) delete from[i];
  from.length = 0;
};

const input = globalThis.__pitbossInput as IsolateInput;
globalThis.__pitbossInput = undefined;
/** Shared with the host: a run that prints past its limit says so here, and the host ends it at once. */
const signal = new Int32Array((globalThis as { __pitbossSignal?: SharedArrayBuffer }).__pitbossSignal!);
(globalThis as { __pitbossSignal?: unknown }).__pitbossSignal = undefined;

// Buffer, util and assert are most of the library's size: each is made by its first use in a run (a
// function the host's parts script made in this context before the library ran: host-setup.ts), so a run
// that never needs one never pays for it. No code is made from text here: in a linked run the
// reference's context is called from the student's, and the engine makes no code from text then.
type PartName = 'buffer' | 'util' | 'assert';
const partMakers = (globalThis as { __pitbossPartMakers?: Record<PartName, () => void> })
  .__pitbossPartMakers!;
(globalThis as { __pitbossPartMakers?: unknown }).__pitbossPartMakers = undefined;
const made: Record<string, unknown> = Object.create(null);
function part<T>(name: PartName): T {
  if (!(name in made)) {
    const holder = globalThis as { __pitbossPart?: unknown };
    apply(partMakers[name], undefined, []);
    made[name] = holder.__pitbossPart;
    holder.__pitbossPart = undefined;
  }
  return made[name] as T;
}
const bufferClass = (): typeof BufferClass => part<{ Buffer: typeof BufferClass }>('buffer').Buffer;
const util = (): typeof Util => part<typeof Util>('util');
const assertModule = (): Record<string, unknown> => part<Record<string, unknown>>('assert');

interface Pitboss {
  /** The run's output so far, as bytes, and how many bytes were offered (more than kept past the limit). */
  takeOutput(): {
    stdout: (string | Uint8Array)[];
    printed: number;
    stderr: string;
    records: string[];
    recordsCut: boolean;
  };
  /** Runs the earliest timer due; whether any is left. */
  nextTimer(): boolean;
  /** Whether the program has ended (process.exit), and with what status. */
  ended(): { exited: boolean; code: number };
  /** An uncaught error ended the program: its words on stderr (as Node prints them, shortly), status 1. */
  crashed(words: string): number;
  /** Each first use of chance by a file: `[call, file]`. */
  chanceTold(): [string, string][];
  /** Runs the 'exit' listeners once, as Node does when a program ends. */
  exit(): void;
  /** Appends one recorded call (a recorder in a linked run). */
  record(call: string): void;
  modules: Record<string, Record<string, unknown>>;
  /** Restarts chance (the executor: each script draws alike wherever it runs). */
  restartChance(): void;
}

declare global {
  var __pitbossInput: IsolateInput | undefined;
  var __pitboss: Pitboss;
}

const SUBMISSION = '/submission';
/** The fd a recorder writes its calls on (kit/calls.ts's RECORD_FD). */
const RECORD_FD = 3;

// --- Output: stdout kept as bytes up to the limit, and counted past it ----------------------------
/** Strings as written (the host encodes them as UTF-8: no encoder needed here) and bytes. */
const stdoutChunks = list<string | Uint8Array>();
let kept = 0;
let printed = 0;
let stderrText = '';
const STDERR_KEPT = 4096;
const records = list<string>();
let recordBytes = 0;
let recordsCut = false;
let exited = false;
let exitCode = 0;

const isUtf8 = (encoding: unknown) =>
  encoding === undefined || encoding === 'utf8' || encoding === 'utf-8' || typeof encoding !== 'string';
const bytesOf = (chunk: unknown, encoding?: unknown): Uint8Array | string => {
  if (chunk instanceof Bytes) return chunk;
  if (isUtf8(encoding)) return toText(chunk);
  return bufferClass().from(String(chunk), encoding as BufferEncoding);
};

/**
 * Counted in UTF-16 units for a string (at most its UTF-8 bytes): past the limit in units is past it
 * in bytes. The host counts the bytes exactly and applies the limit again.
 */
function writeOut(chunk: unknown, encoding?: unknown): boolean {
  if (exited) return true;
  const piece = bytesOf(chunk, encoding);
  const size = typeof piece === 'string' ? piece.length : (apply(bytesLength, piece, []) as number);
  printed += size;
  if (printed > input.outputBytes) {
    // The host ends the run at once; a run it cannot watch (a linked run) ends here, as at an exit.
    signal[0] = 1;
    exited = true;
    throw new ProgramExit(1);
  }
  if (kept <= input.outputBytes) {
    const room = input.outputBytes + 1 - kept;
    if (typeof piece === 'string') {
      const cut = size <= room ? piece : (apply(textSlice, piece, [0, room]) as string);
      add(stdoutChunks, cut);
      kept += cut.length;
    } else {
      // A copy, byte by byte: nothing of the program's typed arrays' prototype is called.
      const copy = new Bytes(least(size, room));
      for (let i = 0; i < copy.length; i++) copy[i] = piece[i]!;
      add(stdoutChunks, copy);
      kept += copy.length;
    }
  }
  return true;
}

function writeErr(chunk: unknown, encoding?: unknown): boolean {
  if (exited) return true;
  const text = chunk instanceof Bytes ? bufferClass().from(chunk).toString('utf8') : toText(chunk);
  stderrText = apply(textSlice, stderrText + text, [-STDERR_KEPT]) as string;
  void encoding;
  return true;
}

function recordLine(call: string): void {
  const line = String(call)
    .replace(/[\r\n]/g, ' ')
    .slice(0, 200);
  recordBytes += line.length + 1;
  if (recordBytes > input.outputBytes) recordsCut = true;
  else add(records, line);
}

/** Thrown by process.exit: ends the run (a program that catches it only goes on printing nothing). */
class ProgramExit {
  readonly code: number;
  constructor(code: number) {
    this.code = code;
  }
}
// A program can catch one and reach the class: the library's `instanceof` must stay the library's.
Object.freeze(ProgramExit);
Object.freeze(ProgramExit.prototype);

// --- Memory outside the heap: an ArrayBuffer past the isolate's limit fails to allocate, with a
// RangeError the code could catch and try again (each try a full collection). The first failure says
// so to the host, which ends the run as past its memory limit.
const SIGNAL_MEMORY = 2;
for (const name of [
  'ArrayBuffer',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int8Array',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigUint64Array',
  'BigInt64Array',
] as const) {
  const Original = globalThis[name] as unknown as new (...args: unknown[]) => object;
  const Counted = class extends Original {
    constructor(...args: unknown[]) {
      try {
        super(...args);
      } catch (error) {
        if (error instanceof RangeError && /allocation failed/.test(error.message)) signal[0] = SIGNAL_MEMORY;
        throw error;
      }
    }
  };
  Object.defineProperty(Counted, 'name', { value: name });
  Object.defineProperty(globalThis, name, {
    value: Counted,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

// --- Chance: seeded, and each file's first use told (as 3-sandbox/children/chance.ts in a process) ----------
const told = list<[string, string]>();
const heard = new Set<string>();
const RealDate = Date;
const captureStackTrace = Error.captureStackTrace;

function callerFile(above: (...args: never[]) => unknown): string {
  const holder: { stack?: unknown } = {};
  const saved = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_error, frames) => frames;
    captureStackTrace(holder, above);
    const frames = holder.stack as { getFileName(): string | null | undefined }[] | undefined;
    if (!Array.isArray(frames)) return '';
    for (const frame of frames) {
      const name = frame.getFileName();
      if (typeof name === 'string' && name.startsWith('file://')) return name;
    }
    return '';
  } catch {
    return '';
  } finally {
    try {
      Error.prepareStackTrace = saved;
    } catch {
      // Made unwritable by the code: then it was never replaced either.
    }
  }
}

function use(call: string, above: (...args: never[]) => unknown): void {
  if (!input.tellChance) return;
  const file = callerFile(above);
  const key = `${call}\0${file}`;
  if (heard.has(key)) return;
  heard.add(key);
  add(told, [call, file]);
}

const chance = seededChance(use, RealDate);
const { random, FixedDate, performanceNow, hrtime, randomInt, randomUUID, getRandomValues, randomFillSync } =
  chance;
Math.random = random;
Object.defineProperty(RealDate.prototype, 'constructor', {
  value: FixedDate,
  writable: true,
  configurable: true,
});
globalThis.Date = FixedDate;
const randomBytes = function randomBytes(size: number): BufferClass {
  use('crypto.randomBytes', randomBytes);
  return chance.fill(bufferClass().alloc(size));
};

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

// --- Timers on the run's own clock: run in order of when they are due, never in real time ---------
interface Timer {
  id: number;
  due: number;
  fn: (...args: unknown[]) => unknown;
  args: unknown[];
  every?: number | undefined;
}
let timerNow = 0;
let timerIds = 0;
/** By id, so in the order they were set (a run's own `Map` methods are its own to replace). */
const timers = create(null) as Record<number, Timer | undefined>;
let timersSet = 0;
const removeTimer = (id: number) => {
  if (timers[id] === undefined) return;
  timers[id] = undefined;
  delete timers[id];
  timersSet -= 1;
};

class TimerHandle {
  readonly id: number;
  constructor(id: number) {
    this.id = id;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  hasRef() {
    return true;
  }
  refresh() {
    return this;
  }
  [Symbol.toPrimitive]() {
    return this.id;
  }
}

function addTimer(fn: unknown, ms: unknown, args: unknown[], every: boolean): TimerHandle {
  if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function');
  const delay = most(1, toNumber(ms) || 0);
  const id = ++timerIds;
  timers[id] = {
    id,
    due: timerNow + delay,
    fn: fn as Timer['fn'],
    args,
    every: every ? delay : undefined,
  };
  timersSet += 1;
  return new TimerHandle(id);
}
const clearTimer = (handle: unknown) => {
  removeTimer(handle instanceof TimerHandle ? handle.id : toNumber(handle));
};
const setTimeoutStandIn = (fn: unknown, ms?: unknown, ...args: unknown[]) => addTimer(fn, ms, args, false);
const setIntervalStandIn = (fn: unknown, ms?: unknown, ...args: unknown[]) => addTimer(fn, ms, args, true);
// An immediate runs before any timer due later: due now (0), after those already due now.
const setImmediateStandIn = (fn: unknown, ...args: unknown[]) => {
  const handle = addTimer(fn, 1, args, false);
  timers[handle.id]!.due = timerNow;
  return handle;
};
const queueMicrotaskStandIn = (fn: unknown) => {
  if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function');
  void Promise.resolve().then(fn as () => unknown);
};

function nextTimer(): boolean {
  if (exited) return false;
  let first: Timer | undefined;
  for (const id in timers) {
    const timer = timers[id as unknown as number]!;
    if (first === undefined || timer.due < first.due) first = timer;
  }
  if (first === undefined) return false;
  timerNow = most(timerNow, first.due);
  if (first.every === undefined) removeTimer(first.id);
  else first.due = timerNow + first.every;
  try {
    apply(first.fn, undefined, first.args);
  } catch (error) {
    if (!(error instanceof ProgramExit)) throw error;
  }
  return !exited && timersSet > 0;
}

// --- stdin: the run's whole input, read synchronously or as events -------------------------------
let stdinLoaded: BufferClass | undefined;
const stdinBytes = (): BufferClass => (stdinLoaded ??= bufferClass().from(input.stdin, 'utf8'));
let stdinAt = 0;

function stdinRead(): BufferClass {
  const bytes = stdinBytes();
  const rest = bytes.subarray(stdinAt);
  stdinAt = bytes.length;
  return rest;
}

class Stdin extends EventEmitter {
  isTTY = false;
  fd = 0;
  #encoding: string | undefined;
  #flowing = false;
  #ended = false;
  setEncoding(encoding: string) {
    this.#encoding = encoding;
    return this;
  }
  resume() {
    this.#flow();
    return this;
  }
  pause() {
    return this;
  }
  read() {
    const rest = stdinRead();
    return rest.length === 0 ? null : this.#encoding === undefined ? rest : rest.toString('utf8');
  }
  override on(event: string | symbol, listener: (...args: unknown[]) => void) {
    super.on(event, listener);
    if (event === 'data' || event === 'end' || event === 'readable') this.#flow();
    return this;
  }
  #flow() {
    if (this.#flowing) return;
    this.#flowing = true;
    setImmediateStandIn(() => {
      const rest = stdinRead();
      if (rest.length > 0) {
        this.emit('readable');
        this.emit('data', this.#encoding === undefined ? rest : rest.toString('utf8'));
      }
      if (!this.#ended) {
        this.#ended = true;
        this.emit('end');
        this.emit('close');
      }
    });
  }
  async *[Symbol.asyncIterator]() {
    const rest = stdinRead();
    if (rest.length > 0) yield this.#encoding === undefined ? rest : rest.toString('utf8');
  }
}
const stdin = new Stdin();

// --- readline over the run's stdin ----------------------------------------------------------------
class Interface extends EventEmitter {
  terminal = false;
  line = '';
  closed = false;
  #prompt = '> ';
  #output: { write?: (text: string) => unknown } | undefined;
  #lines: string[] | undefined;
  #questions: ((answer: string) => void)[] = [];
  #scheduled = false;
  #paused = false;
  constructor(options: { output?: unknown; prompt?: unknown } = {}) {
    super();
    this.#output = options.output as Interface['_output'];
    if (typeof options.prompt === 'string') this.#prompt = options.prompt;
    this.#schedule();
  }
  get _output() {
    return this.#output;
  }
  #take(): string[] {
    if (this.#lines === undefined) {
      const text = stdinRead().toString('utf8');
      const lines = text.split(/\r?\n/);
      if (lines.at(-1) === '') lines.pop();
      this.#lines = lines;
    }
    return this.#lines;
  }
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediateStandIn(() => {
      this.#scheduled = false;
      this.#pump();
    });
  }
  #pump() {
    const lines = this.#take();
    while (!this.closed && !this.#paused && lines.length > 0) {
      const line = lines.shift()!;
      const question = this.#questions.shift();
      if (question !== undefined) question(line);
      else this.emit('line', line);
    }
    if (!this.closed && !this.#paused && lines.length === 0) this.close();
  }
  question(query: string, ...rest: unknown[]) {
    const callback = rest.at(-1) as (answer: string) => void;
    this.#output?.write?.(query);
    this.#questions.push(callback);
    this.#schedule();
  }
  setPrompt(prompt: string) {
    this.#prompt = prompt;
  }
  getPrompt() {
    return this.#prompt;
  }
  prompt() {
    this.#output?.write?.(this.#prompt);
  }
  pause() {
    this.#paused = true;
    return this;
  }
  resume() {
    this.#paused = false;
    this.#schedule();
    return this;
  }
  write() {}
  close() {
    if (this.closed) return;
    this.closed = true;
    this.emit('close');
  }
  async *[Symbol.asyncIterator]() {
    const lines = this.#take();
    this.#paused = true;
    while (lines.length > 0) yield lines.shift()!;
    this.close();
  }
}
const readline = {
  createInterface: (options: unknown = {}) =>
    new Interface(options as ConstructorParameters<typeof Interface>[0]),
  Interface,
};

// --- fs: the run's own case files and stdin, read-only ---------------------------------------------
const files = new Map(Object.entries(input.files));

function fsError(code: string, syscall: string, path: unknown): Error {
  const words: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EBADF: 'bad file descriptor',
  };
  const error = new Error(`${code}: ${words[code] ?? code}, ${syscall} '${String(path)}'`) as Error & {
    code: string;
    syscall: string;
    path: string;
    errno: number;
  };
  error.code = code;
  error.syscall = syscall;
  error.path = String(path);
  error.errno = code === 'ENOENT' ? -2 : -13;
  return error;
}

function fileOf(path: unknown): BufferClass | undefined {
  if (path === 0 || path === '/dev/stdin') return stdinRead();
  if (typeof path !== 'string' && !(path instanceof URL)) return undefined;
  let name = String(path);
  if (name.startsWith('file://')) name = name.slice('file://'.length);
  if (name.startsWith(`${SUBMISSION}/`)) name = name.slice(SUBMISSION.length + 1);
  if (name.startsWith('./')) name = name.slice(2);
  const text = files.get(name);
  return text === undefined ? undefined : bufferClass().from(text, 'utf8');
}

const encodingOf = (options: unknown): string | undefined =>
  typeof options === 'string'
    ? options
    : typeof options === 'object' && options !== null
      ? ((options as { encoding?: string }).encoding ?? undefined)
      : undefined;

const fs = {
  readFileSync(path: unknown, options?: unknown) {
    const bytes = fileOf(path);
    if (bytes === undefined) throw fsError('ENOENT', 'open', path);
    const encoding = encodingOf(options);
    return encoding === undefined ? bytes : bytes.toString(encoding as BufferEncoding);
  },
  existsSync(path: unknown) {
    return path !== 0 && fileOf(path) !== undefined;
  },
  readSync(fd: unknown, buffer: Uint8Array, offset?: unknown, length?: unknown, _position?: unknown) {
    if (fd !== 0) throw fsError('EBADF', 'read', fd);
    const at = typeof offset === 'number' ? offset : 0;
    const most = typeof length === 'number' ? length : buffer.length - at;
    const bytes = stdinBytes();
    const count = Math.max(0, Math.min(most, bytes.length - stdinAt, buffer.length - at));
    buffer.set(bytes.subarray(stdinAt, stdinAt + count), at);
    stdinAt += count;
    return count;
  },
  writeSync(fd: unknown, data: unknown, offset?: unknown, length?: unknown) {
    let bytes = bytesOf(data, typeof offset === 'string' ? offset : undefined);
    if (bytes instanceof Uint8Array && typeof offset === 'number') {
      bytes = bytes.subarray(offset, typeof length === 'number' ? offset + length : undefined);
    }
    if (fd === 1) writeOut(bytes);
    else if (fd === 2) writeErr(bytes);
    else if (fd === RECORD_FD) {
      // The record channel of a linked run's recorders (kit/calls.ts): one call a line.
      const text = typeof bytes === 'string' ? bytes : bufferClass().from(bytes).toString('utf8');
      for (const line of text.split('\n')) if (line !== '') recordLine(line);
    } else throw fsError('EBADF', 'write', fd);
    return typeof bytes === 'string' ? bufferClass().byteLength(bytes) : bytes.length;
  },
};

// --- process, console and the other globals --------------------------------------------------------
const exitListeners = list<(code: number) => void>();
const processStandIn = new EventEmitter() as EventEmitter & Record<string, unknown>;
Object.assign(processStandIn, {
  argv: ['/usr/bin/node', `${SUBMISSION}/${input.entry}`, ...input.argv],
  argv0: 'node',
  execArgv: [],
  execPath: '/usr/bin/node',
  env: {},
  platform: 'linux',
  arch: 'x64',
  version: input.nodeVersion,
  versions: { node: input.nodeVersion.slice(1) },
  release: { name: 'node' },
  title: 'node',
  pid: 2,
  ppid: 1,
  cwd: () => SUBMISSION,
  chdir: () => {
    throw fsError('EACCES', 'chdir', '');
  },
  umask: () => 0o022,
  getuid: () => 1000,
  geteuid: () => 1000,
  getgid: () => 1000,
  getegid: () => 1000,
  getgroups: () => [],
  hrtime,
  uptime: () => chance.since() / 1000,
  memoryUsage: Object.assign(
    () => ({
      rss: 50_000_000,
      heapTotal: 20_000_000,
      heapUsed: 10_000_000,
      external: 1_000_000,
      arrayBuffers: 100_000,
    }),
    { rss: () => 50_000_000 },
  ),
  cpuUsage: () => ({ user: chance.since() * 1000, system: 0 }),
  nextTick: (fn: (...args: unknown[]) => unknown, ...args: unknown[]) =>
    queueMicrotaskStandIn(() => apply(fn, undefined, args)),
  exit(code?: unknown) {
    if (code !== undefined) processStandIn.exitCode = code;
    const status = toNumber(processStandIn.exitCode ?? 0) | 0;
    runExitListeners(status);
    exited = true;
    exitCode = status;
    throw new ProgramExit(status);
  },
  emitWarning: () => {},
  // Node's way to a built-in without an import: the same library modules an import gets, no other.
  getBuiltinModule: (id: unknown) => modules[String(id).replace(/^node:/, '')],
  stdout: {
    isTTY: false,
    fd: 1,
    write: writeOut,
    on: () => undefined,
    once: () => undefined,
    end: () => undefined,
  },
  stderr: {
    isTTY: false,
    fd: 2,
    write: writeErr,
    on: () => undefined,
    once: () => undefined,
    end: () => undefined,
  },
  stdin,
  exitCode: undefined,
});
const addListener = processStandIn.on.bind(processStandIn);
processStandIn.on = (event: string | symbol, listener: (...args: unknown[]) => void) => {
  if (event === 'exit') add(exitListeners, listener as (code: number) => void);
  else addListener(event, listener);
  return processStandIn;
};
processStandIn.once = processStandIn.on;
let exitRan = false;
function runExitListeners(status: number): void {
  if (exitRan) return;
  exitRan = true;
  for (let i = 0; i < exitListeners.length; i++) apply(exitListeners[i]!, processStandIn, [status]);
}

/** Words util.format writes as String does: strings, booleans, null, undefined, numbers but -0. */
const plainValue = (value: unknown): boolean =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  value === null ||
  value === undefined ||
  (typeof value === 'number' && !same(value, -0));

/** util.format's words; plain values (most of what programs print) need none of util. */
const format = (args: unknown[]): string => {
  let plain = !(typeof args[0] === 'string' && apply(textIncludes, args[0], ['%']));
  for (let i = 0; plain && i < args.length; i++) plain = plainValue(args[i]);
  if (!plain) return apply(util().format, undefined, args) as string;
  let text = '';
  for (let i = 0; i < args.length; i++) text += i === 0 ? toText(args[i]) : ` ${toText(args[i])}`;
  return text;
};
const consoleStandIn = {
  log: (...args: unknown[]) => void writeOut(`${format(args)}\n`),
  info: (...args: unknown[]) => void writeOut(`${format(args)}\n`),
  debug: (...args: unknown[]) => void writeOut(`${format(args)}\n`),
  warn: (...args: unknown[]) => void writeErr(`${format(args)}\n`),
  error: (...args: unknown[]) => void writeErr(`${format(args)}\n`),
  trace: (...args: unknown[]) => void writeErr(`Trace: ${format(args)}\n`),
  dir: (value: unknown) => void writeOut(`${util().inspect(value)}\n`),
  table: (value: unknown) => void writeOut(`${util().inspect(value)}\n`),
  assert: (value: unknown, ...args: unknown[]) => {
    if (!value) writeErr(`Assertion failed${args.length > 0 ? `: ${format(args)}` : ''}\n`);
  },
  group: () => {},
  groupEnd: () => {},
  time: () => {},
  timeEnd: () => {},
  count: () => {},
};

const utf8 = {
  TextEncoder: class TextEncoder {
    readonly encoding = 'utf-8';
    encode(text = '') {
      return new Uint8Array(bufferClass().from(String(text), 'utf8'));
    }
  },
  TextDecoder: class TextDecoder {
    readonly encoding = 'utf-8';
    decode(bytes?: Uint8Array) {
      return bytes === undefined ? '' : bufferClass().from(bytes).toString('utf8');
    }
  },
};

const globals: Record<string, unknown> = {
  global: globalThis,
  console: consoleStandIn,
  process: processStandIn,
  setTimeout: setTimeoutStandIn,
  setInterval: setIntervalStandIn,
  setImmediate: setImmediateStandIn,
  clearTimeout: clearTimer,
  clearInterval: clearTimer,
  clearImmediate: clearTimer,
  queueMicrotask: queueMicrotaskStandIn,
  performance: { now: performanceNow, timeOrigin: CLOCK_START, mark() {}, measure() {} },
  crypto: { getRandomValues, randomUUID },
  TextEncoder: utf8.TextEncoder,
  TextDecoder: utf8.TextDecoder,
  structuredClone,
  URL,
  URLSearchParams,
  AbortController,
  AbortSignal,
};
for (const [name, value] of Object.entries(globals)) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}
// Made on first use; then a plain property, as Node's is.
Object.defineProperty(globalThis, 'Buffer', {
  get: () => bufferClass(),
  set(value: unknown) {
    Object.defineProperty(globalThis, 'Buffer', { value, writable: true, configurable: true });
  },
  configurable: true,
  enumerable: false,
});

const timersModule = {
  setTimeout: setTimeoutStandIn,
  setInterval: setIntervalStandIn,
  setImmediate: setImmediateStandIn,
  clearTimeout: clearTimer,
  clearInterval: clearTimer,
  clearImmediate: clearTimer,
};

/** Node's modules as student code may import them (3-sandbox/isolate/modules.ts lists their exports). */
const modules: Record<string, Record<string, unknown>> = {
  fs,
  readline,
  process: processStandIn,
  events: { EventEmitter, once: EventEmitter.once, default: EventEmitter },

  crypto: {
    randomBytes,
    randomFillSync,
    randomInt,
    randomUUID,
    getRandomValues,
    webcrypto: { getRandomValues },
  },
  timers: timersModule,
  console: consoleStandIn,
};

// Made on first import.
for (const [name, load] of Object.entries({
  util: () => util() as unknown as Record<string, unknown>,
  assert: assertModule,
  'assert/strict': () => assertModule().strict as Record<string, unknown>,
  buffer: () => ({ Buffer: bufferClass() }),
})) {
  Object.defineProperty(modules, name, { get: load, enumerable: true, configurable: false });
}

Object.defineProperty(globalThis, '__pitboss', {
  value: Object.freeze({
    takeOutput(emptied?: boolean) {
      const taken = {
        stdout: arrayOf(stdoutChunks),
        printed,
        stderr: stderrText,
        records: arrayOf(records),
        recordsCut,
      };
      if (emptied === true) {
        clear(stdoutChunks);
        kept = 0;
        printed = 0;
      }
      return taken;
    },
    nextTimer,
    ended: () => ({ exited, code: exited ? exitCode : toNumber(processStandIn.exitCode ?? 0) | 0 }),
    crashed(words: string) {
      // Not through writeErr: nothing on the way may be the program's (its Uint8Array, say).
      if (!exited) stderrText = apply(textSlice, `${stderrText}${words}\n`, [-STDERR_KEPT]) as string;
      exited = true;
      exitCode = 1;
      return 1;
    },
    chanceTold() {
      const taken = arrayOf(told);
      clear(told);
      return taken;
    },
    exit() {
      if (exited) return;
      const status = toNumber(processStandIn.exitCode ?? 0) | 0;
      try {
        runExitListeners(status);
      } catch (error) {
        if (!(error instanceof ProgramExit)) throw error;
      }
      if (!exited) exitCode = toNumber(processStandIn.exitCode ?? 0) | 0;
      exited = true;
    },
    record: (call: string) => recordLine(call),
    modules,
    restartChance() {
      chance.restart();
    },
  } satisfies Pitboss),
  writable: false,
  configurable: false,
  enumerable: false,
});
