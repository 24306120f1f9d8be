// The part of a students'-tests run that is the same wherever it runs (a process of its own,
// 3-sandbox/children/student-tests/child.ts, or an isolate, 3-sandbox/isolate/tests-entry.ts): node:test's
// registration API, recording; running what a file registered; the masks that keep a variant's text
// out of a test's reach; and the answer, serialised by hand. Everything it uses once student code has
// loaded is taken when this module loads, before any student module.
import { TEXT_MAX } from './protocol.ts';

type Fn = (...args: unknown[]) => unknown;

const apply = Reflect.apply;
const defineProperty = Object.defineProperty;
const functionSource = Function.prototype.toString;
const endsWith = String.prototype.endsWith;
const call = Function.prototype.call;
const charCodeAt = call.bind(String.prototype.charCodeAt) as (s: string, i: number) => number;
const sliceString = call.bind(String.prototype.slice) as (s: string, from: number, to?: number) => string;
const toHex = call.bind(Number.prototype.toString) as (n: number, radix: number) => string;
const min = Math.min;

/** A JSON string literal, by hand: nothing a test patches (JSON, String.prototype) takes part. */
export function quote(value: string): string {
  let out = '"';
  const length = min(value.length, TEXT_MAX);
  for (let i = 0; i < length; i++) {
    const code = charCodeAt(value, i);
    if (code === 0x22) out += '\\"';
    else if (code === 0x5c) out += '\\\\';
    else if (code < 0x20 || code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff))
      out += `\\u${sliceString(`000${toHex(code, 16)}`, -4)}`;
    else out += sliceString(value, i, i + 1);
  }
  return `${out}"`;
}

/**
 * A function's text (the variant's source) is never shown, from this realm's toString at least (no
 * other realm can be reached: node:vm is not importable); native functions read as they always do.
 * And no stack frames, so no source positions (which differ between a mutant and the reference).
 */
export function maskSources(): void {
  defineProperty(Function.prototype, 'toString', {
    value: sourceless,
    writable: true,
    configurable: true,
    enumerable: false,
  });
  // An accessor V8 does not call when it captures a stack (it reads data properties only): no frames.
  // Its setter takes any value and keeps none, so code that sets the limit (assert's errors do) goes on.
  defineProperty(Error, 'stackTraceLimit', { get: () => 0, set: () => {}, configurable: false });
}
const MASKED = 'function () { [native code] }';
const sourceless = {
  toString(this: unknown): string {
    const text = apply(functionSource, this, []) as string;
    return apply(endsWith, text, ['{ [native code] }']) ? text : MASKED;
  },
}.toString;

// --- node:test's registration API, recording; the harness runs each test itself ----------------
interface Suite {
  position: string;
  parent: Suite | undefined;
  children: number;
  beforeEach: Fn[];
  afterEach: Fn[];
  before: Fn[];
  name: string;
}
interface Registered {
  position: string;
  name: string;
  suite: Suite;
  fn: Fn | undefined;
  skip: boolean;
}

const newSuite = (name: string, parent: Suite | undefined, position: string): Suite => ({
  position,
  parent,
  children: 0,
  beforeEach: [],
  afterEach: [],
  before: [],
  name,
});

export function makeTestApi() {
  const root = newSuite('', undefined, '');
  const registered: Registered[] = [];
  let count = 0;
  let current = root;
  const place = () => {
    const index = current.children++;
    return current.position === '' ? `${index}` : `${current.position}.${index}`;
  };
  const parse = (args: unknown[]) => {
    let name: string | undefined;
    let fn: Fn | undefined;
    let skip = false;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (typeof arg === 'string' && i === 0) name = arg;
      else if (typeof arg === 'function' && fn === undefined) fn = arg as Fn;
      else if (typeof arg === 'object' && arg !== null) {
        const options = arg as { skip?: unknown; todo?: unknown };
        skip = skip || Boolean(options.skip) || Boolean(options.todo);
      }
    }
    if (name === undefined) {
      const own = fn?.name;
      name = typeof own === 'string' && own !== '' ? own : '<anonymous>';
    }
    return { name, fn, skip };
  };
  const add = (entry: Registered) => {
    registered[count++] = entry;
  };
  const test = (...args: unknown[]) => {
    const { name, fn, skip } = parse(args);
    add({ position: place(), name, suite: current, fn, skip });
  };
  const skipped = (...args: unknown[]) => {
    const { name, fn } = parse(args);
    add({ position: place(), name, suite: current, fn, skip: true });
  };
  const describe = (...args: unknown[]) => {
    const { name, fn, skip } = parse(args);
    const suite = newSuite(name, current, place());
    if (skip || fn === undefined) return;
    current = suite;
    try {
      fn();
    } finally {
      current = suite.parent ?? root;
    }
  };
  Object.assign(test, { skip: skipped, todo: skipped, only: test });
  Object.assign(describe, { skip: () => void place(), todo: () => void place(), only: describe });
  const hook = (kind: 'beforeEach' | 'afterEach' | 'before') => (fn: Fn) => {
    const list = current[kind];
    list[list.length] = fn;
  };
  const api = {
    test,
    it: test,
    describe,
    suite: describe,
    beforeEach: hook('beforeEach'),
    afterEach: hook('afterEach'),
    before: hook('before'),
    after: () => {},
    mock: undefined,
  };
  return { api: { ...api, default: test }, registered: () => ({ registered, count }) };
}

/** One line of what a test threw; student code (getters, toString) may run, and may fail. */
export function describeError(error: unknown): string {
  try {
    if (typeof error === 'object' && error !== null) {
      const { name, message } = error as { name?: unknown; message?: unknown };
      if (typeof message === 'string')
        return oneLine(`${typeof name === 'string' ? name : 'Error'}: ${message}`);
    }
    if (typeof error === 'string') return oneLine(`threw ${quote(error)}`);
    return `threw a ${typeof error}`;
  } catch {
    return 'threw a value that cannot be described';
  }
}

function oneLine(value: string): string {
  let out = '';
  let space = false;
  const length = min(value.length, TEXT_MAX);
  for (let i = 0; i < length; i++) {
    const code = charCodeAt(value, i);
    const blank = code === 0x0a || code === 0x0d || code === 0x09 || code === 0x20;
    if (blank) space = true;
    else {
      if (space && out !== '') out += ' ';
      space = false;
      out += sliceString(value, i, i + 1);
    }
  }
  return out;
}

/** Calls a test or hook function, with node:test's `done` callback when it takes two arguments. */
function invoke(fn: Fn, context: unknown): Promise<unknown> {
  if (fn.length >= 2) {
    return new Promise((resolve, reject) => {
      fn(context, (error?: unknown) => (error ? reject(error) : resolve(undefined)));
    });
  }
  return new Promise((resolve) => resolve(fn(context)));
}

export interface Outcome {
  position: string;
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  message?: string;
}

export async function runRegistered(
  list: Registered[],
  count: number,
): Promise<{ outcomes: Outcome[]; n: number }> {
  const outcomes: Outcome[] = [];
  let n = 0;
  const started = new Set<Suite>();
  for (let i = 0; i < count; i++) {
    const entry = list[i]!;
    const suites: Suite[] = [];
    let names = entry.name;
    for (let suite: Suite | undefined = entry.suite; suite?.parent !== undefined; suite = suite.parent) {
      suites.unshift(suite);
      names = `${suite.name} > ${names}`;
    }
    if (entry.skip || entry.fn === undefined) {
      outcomes[n++] = { position: entry.position, name: names, status: 'skipped' };
      continue;
    }
    const context = { name: entry.name, diagnostic() {}, skip() {}, todo() {}, plan() {} };
    let failure: { error: unknown } | undefined;
    try {
      for (const suite of suites) {
        if (!started.has(suite)) {
          started.add(suite);
          for (const fn of suite.before) await invoke(fn, context);
        }
      }
      for (const suite of suites) for (const fn of suite.beforeEach) await invoke(fn, context);
      await invoke(entry.fn, context);
      for (let s = suites.length - 1; s >= 0; s--)
        for (const fn of suites[s]!.afterEach) await invoke(fn, context);
    } catch (error) {
      failure = { error };
    }
    outcomes[n++] =
      failure === undefined
        ? { position: entry.position, name: names, status: 'passed' }
        : { position: entry.position, name: names, status: 'failed', message: describeError(failure.error) };
  }
  return { outcomes, n };
}

export function serialize(
  file: number,
  result: { outcomes: Outcome[]; n: number } | { error: string },
): string {
  if ('error' in result) return `{"file":${file},"cases":[],"error":${quote(result.error)}}`;
  let cases = '';
  for (let i = 0; i < result.n; i++) {
    const c = result.outcomes[i]!;
    cases += `${i === 0 ? '' : ','}{"position":${quote(c.position)},"status":${quote(c.status)},"name":${quote(c.name)}${c.message === undefined ? '' : `,"message":${quote(c.message)}`}}`;
  }
  return `{"file":${file},"cases":[${cases}]}`;
}
