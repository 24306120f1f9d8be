// The globals student code finds in an isolate (process, console and the rest, set on globalThis) and
// Node's modules as it may import them, all made of the library's parts.
import EventEmitter from 'events';
import { CLOCK_START } from '../../children/chance-core.ts';
import { AbortController, AbortSignal, structuredClone, URL, URLSearchParams } from '../web.ts';
import {
  chance,
  getRandomValues,
  hrtime,
  performanceNow,
  randomBytes,
  randomFillSync,
  randomInt,
  randomUUID,
} from './chance.ts';
import { assertModule, bufferClass, input, util } from './handed.ts';
import { fs, fsError, readline, SUBMISSION, stdin } from './input.ts';
import { endWith, ProgramExit, writeErr, writeOut } from './output.ts';
import { add, apply, list, same, textIncludes, toNumber, toText } from './taken.ts';
import {
  clearTimer,
  queueMicrotaskStandIn,
  setImmediateStandIn,
  setIntervalStandIn,
  setTimeoutStandIn,
} from './timers.ts';

// --- process, console and the other globals --------------------------------------------------------
const exitListeners = list<(code: number) => void>();
export const processStandIn = new EventEmitter() as EventEmitter & Record<string, unknown>;
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
    endWith(status);
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
export function runExitListeners(status: number): void {
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
export const modules: Record<string, Record<string, unknown>> = {
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
