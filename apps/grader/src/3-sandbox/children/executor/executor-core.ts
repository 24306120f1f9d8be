// The executor's core: makes the calls a script names on a student's modules and tells what each
// gave, as data (calls.ts). It holds no test, no reference and no expected answer. The grader runs it
// in the student's process (executor.ts); the suites' own tests run it in-process on the reference.
import {
  type Encoded,
  type EncodedThrow,
  EXPORTS_LISTED,
  type ExecRequest,
  type WireArg,
  type WireOutcome,
  type WireStep,
} from './calls.ts';

// Everything used once student code has loaded is taken now, uncurried, so that nothing it replaces
// later (prototypes, globals, JSON) changes how a request is read or an answer is written.
const apply = Reflect.apply;
const construct = Reflect.construct;
const quote = JSON.stringify; // only ever given primitive strings, which consult nothing
const parse = JSON.parse;
const keys = Object.keys;
const isNotANumber = Number.isNaN;
const freeze = Object.freeze;
const isArray = Array.isArray;
const getPrototypeOf = Object.getPrototypeOf;
const getOwnPropertyNames = Object.getOwnPropertyNames;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectPrototype = Object.prototype;
const ErrorClass = Error;
const PromiseClass = Promise;
const StringOf = String;
const hasInstance = Function.prototype[Symbol.hasInstance];

/** How much of one string or collection is sent: the grader cuts again, this keeps replies small. */
const STRING_CUT = 16 * 1024;
const ITEMS_CUT = 200;
const DEPTH_CUT = 4;

function instanceOf(value: unknown, maker: unknown): boolean {
  try {
    return typeof maker === 'function' && apply(hasInstance, maker, [value]) === true;
  } catch {
    return false;
  }
}

function nameOf(value: unknown): string {
  try {
    const name = (value as { name?: unknown }).name;
    return typeof name === 'string' ? cutString(name) : '';
  } catch {
    return '';
  }
}

const slice = String.prototype.slice;
const cutString = (text: string): string =>
  text.length > STRING_CUT ? (apply(slice, text, [0, STRING_CUT]) as string) : text;

/** The values being encoded, outermost first, with `value` after them (a value met again is a cycle). */
function withSeen(seen: unknown[], value: unknown): unknown[] {
  const inner: unknown[] = [];
  for (let i = 0; i < seen.length; i++) inner[i] = seen[i];
  inner[seen.length] = value;
  return inner;
}

/**
 * An object as it shows itself: each readable property (readableNames) as `each` makes it, under its
 * name cut (the later of two names alike after the cut winning), its class's name, and how many
 * properties were left out.
 */
function readObject<T>(
  value: object,
  each: (item: unknown) => T,
): { props: Record<string, T>; kind: string; more: number } {
  const names = readableNames(value);
  const props: Record<string, T> = {};
  for (let i = 0; i < names.length && i < ITEMS_CUT; i++) {
    const name = names[i]!;
    props[cutString(name)] = each((value as Record<string, unknown>)[name]);
  }
  let kind = '';
  try {
    const proto = getPrototypeOf(value) as { constructor?: unknown } | null;
    kind = proto === null ? '' : nameOf(proto.constructor);
  } catch {
    kind = '';
  }
  return { props, kind, more: Math.max(0, names.length - ITEMS_CUT) };
}

export function encode(value: unknown, depth: number, seen: unknown[]): Encoded {
  switch (typeof value) {
    case 'number':
      if (isNotANumber(value)) return { $: 'number', v: 'NaN' };
      if (value === Infinity) return { $: 'number', v: 'Infinity' };
      if (value === -Infinity) return { $: 'number', v: '-Infinity' };
      if (value === 0 && 1 / value < 0) return { $: 'number', v: '-0' };
      return value;
    case 'string':
      return value.length > STRING_CUT
        ? { $: 'cut', v: cutString(value), more: value.length - STRING_CUT }
        : value;
    case 'boolean':
      return value;
    case 'undefined':
      return { $: 'undefined' };
    case 'bigint':
      return { $: 'bigint', v: cutString(StringOf(value)) };
    case 'symbol':
      return { $: 'symbol', v: cutString(value.description ?? '') };
    case 'function':
      return { $: 'function', name: nameOf(value) };
  }
  if (value === null) return null;
  for (let i = 0; i < seen.length; i++) if (seen[i] === value) return { $: 'cycle' };
  if (depth >= DEPTH_CUT) return { $: 'deep' };
  try {
    if (instanceOf(value, PromiseClass) || typeof (value as { then?: unknown }).then === 'function')
      return { $: 'promise' };
    const inner = withSeen(seen, value);
    if (isArray(value)) {
      const items: Encoded[] = [];
      const length = value.length;
      for (let i = 0; i < length && i < ITEMS_CUT; i++) items[i] = encode(value[i], depth + 1, inner);
      return { $: 'array', v: items, more: Math.max(0, length - ITEMS_CUT) };
    }
    const { props, kind, more } = readObject<Encoded>(value as object, (item) =>
      encode(item, depth + 1, inner),
    );
    return { $: 'object', c: kind, v: props, more };
  } catch (thrown) {
    // A getter that throws while it is being read: what it threw is the value's story.
    return { $: 'cut', v: `(reading it threw ${describeShort(thrown)})`, more: 0 };
  }
}

/**
 * The JSON text of `encode(value)`, written as it is encoded: no tree of tagged objects made first and
 * serialised after (a unit test's request answers thousands of calls; the tree and its garbage were
 * most of the executor's time). The same text, byte for byte (`test/3-sandbox/executor.test.ts`).
 */
export function encodeText(value: unknown, depth: number, seen: unknown[]): string {
  switch (typeof value) {
    case 'number':
      if (isNotANumber(value)) return '{"$":"number","v":"NaN"}';
      if (value === Infinity) return '{"$":"number","v":"Infinity"}';
      if (value === -Infinity) return '{"$":"number","v":"-Infinity"}';
      if (value === 0 && 1 / value < 0) return '{"$":"number","v":"-0"}';
      return `${value}`;
    case 'string':
      return value.length > STRING_CUT
        ? `{"$":"cut","v":${quote(cutString(value))},"more":${value.length - STRING_CUT}}`
        : quote(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return UNDEFINED_TEXT;
    case 'bigint':
      return `{"$":"bigint","v":${quote(cutString(StringOf(value)))}}`;
    case 'symbol':
      return `{"$":"symbol","v":${quote(cutString(value.description ?? ''))}}`;
    case 'function':
      return `{"$":"function","name":${quote(nameOf(value))}}`;
  }
  if (value === null) return 'null';
  for (let i = 0; i < seen.length; i++) if (seen[i] === value) return '{"$":"cycle"}';
  if (depth >= DEPTH_CUT) return '{"$":"deep"}';
  try {
    if (instanceOf(value, PromiseClass) || typeof (value as { then?: unknown }).then === 'function')
      return '{"$":"promise"}';
    const inner = withSeen(seen, value);
    if (isArray(value)) {
      let items = '';
      const length = value.length;
      for (let i = 0; i < length && i < ITEMS_CUT; i++)
        items += (i === 0 ? '' : ',') + encodeText(value[i], depth + 1, inner);
      return `{"$":"array","v":[${items}],"more":${Math.max(0, length - ITEMS_CUT)}}`;
    }
    // Each property's text kept as `encode` keeps the encoded value: the same names, in the same order.
    const { props, kind, more } = readObject<string>(value as object, (item) =>
      encodeText(item, depth + 1, inner),
    );
    let fields = '';
    const kept = keys(props);
    for (let i = 0; i < kept.length; i++)
      fields += `${i === 0 ? '' : ','}${quote(kept[i]!)}:${props[kept[i]!]!}`;
    return `{"$":"object","c":${quote(kind)},"v":{${fields}},"more":${more}}`;
  } catch (thrown) {
    return `{"$":"cut","v":${quote(`(reading it threw ${describeShort(thrown)})`)},"more":0}`;
  }
}

/** `{ $: 'undefined' }`, as text. */
const UNDEFINED_TEXT = '{"$":"undefined"}';

/**
 * What a value shows of itself: its own enumerable properties, then the getters its classes define
 * (a Card class with `get spot()` is a card too), as a caller reading `value.spot` would see them.
 */
function readableNames(value: object): string[] {
  const names = keys(value);
  const seen: Record<string, true> = Object.create(null);
  for (let i = 0; i < names.length; i++) seen[names[i]!] = true;
  let proto = getPrototypeOf(value) as object | null;
  for (let depth = 0; proto !== null && proto !== ObjectPrototype && depth < 8; depth++) {
    const own = getOwnPropertyNames(proto);
    for (let i = 0; i < own.length; i++) {
      const name = own[i]!;
      if (seen[name] === true || name === 'constructor' || name === '__proto__') continue;
      const descriptor = getOwnPropertyDescriptor(proto, name);
      if (descriptor?.get === undefined) continue;
      seen[name] = true;
      names[names.length] = name;
    }
    proto = getPrototypeOf(proto) as object | null;
  }
  return names;
}

function describeShort(thrown: unknown): string {
  if (instanceOf(thrown, ErrorClass)) return `${nameOf(thrown)}`;
  return typeof thrown;
}

/** The JSON text of an encoded tree, written without JSON.stringify's look-ups (toJSON, prototypes). */
export function serialize(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return `${value}`;
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + serialize(value[i]);
    return `${text}]`;
  }
  let text = '{';
  let first = true;
  const names = keys(value as object);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    text += `${first ? '' : ','}${quote(name)}:${serialize((value as Record<string, unknown>)[name])}`;
    first = false;
  }
  return `${text}}`;
}

type Loaded = { ok: true; module: Record<string, unknown> } | { ok: false; failed: unknown };

/** What an executor needs: which files are provided, and how to import a file's module. */
export interface ExecutorOptions {
  provided: readonly string[];
  importModule(file: string): Promise<Record<string, unknown>>;
  /** Told before each call a script makes: where the code is, should it never come back. */
  onStep?: ((script: number, step: number) => void) | undefined;
  /** Told before each script runs (the child restarts chance there: a script draws alike wherever it runs). */
  onScript?: (() => void) | undefined;
}

/**
 * An executor: runs requests against the modules it imports, each loaded once, and answers each with
 * the JSON text of its outcomes (WireOutcome[][], a list a script), the text a student's process sends.
 */
export function makeTextExecutor(options: ExecutorOptions): (request: ExecRequest) => Promise<string> {
  const provided = [...options.provided];
  /** Modules by file, loaded once (a player singleton lives as long as the executor). */
  const modules: Record<string, Loaded> = Object.create(null);

  async function load(file: string): Promise<void> {
    if (modules[file] !== undefined) return;
    try {
      modules[file] = { ok: true, module: await options.importModule(file) };
    } catch (failed) {
      modules[file] = { ok: false, failed };
    }
  }

  function describeThrow(thrown: unknown): EncodedThrow {
    if (!instanceOf(thrown, ErrorClass)) {
      return { error: false, name: '', message: '', value: encode(thrown, 0, []) };
    }
    let message = '';
    try {
      const text = (thrown as { message?: unknown }).message;
      message = typeof text === 'string' ? cutString(text) : '';
    } catch {
      message = '';
    }
    const told: EncodedThrow = { error: true, name: nameOf(thrown), message };
    for (let f = 0; f < provided.length; f++) {
      const loaded = modules[provided[f]!];
      if (loaded === undefined || !loaded.ok) continue;
      const names = keys(loaded.module);
      for (let i = 0; i < names.length; i++) {
        if (instanceOf(thrown, loaded.module[names[i]!])) told.provided = names[i]!;
      }
    }
    return told;
  }

  function freezeCopy(data: unknown): unknown {
    if (typeof data !== 'object' || data === null) return data;
    if (isArray(data)) {
      const copy: unknown[] = [];
      for (let i = 0; i < data.length; i++) copy[i] = freezeCopy(data[i]);
      return freeze(copy);
    }
    const copy: Record<string, unknown> = {};
    const names = keys(data);
    for (let i = 0; i < names.length; i++)
      copy[names[i]!] = freezeCopy((data as Record<string, unknown>)[names[i]!]);
    return freeze(copy);
  }

  function argument(arg: WireArg, slots: unknown[]): unknown {
    if ('ref' in arg) return slots[arg.ref];
    if ('view' in arg) {
      const view: Record<string, () => unknown> = {};
      const methods = keys(arg.view);
      for (let i = 0; i < methods.length; i++) {
        const data = arg.view[methods[i]!];
        view[methods[i]!] = () => freezeCopy(data);
      }
      return freeze(view);
    }
    return freezeCopy(arg.data);
  }

  function exported(step: { file: string; export: string }): WireOutcome | { value: unknown } {
    const loaded = modules[step.file];
    if (loaded === undefined)
      return { l: { file: step.file, kind: 'load', thrown: describeThrow('not staged') } };
    if (!loaded.ok) return { l: { file: step.file, kind: 'load', thrown: describeThrow(loaded.failed) } };
    const value = loaded.module[step.export];
    if (typeof value !== 'function') {
      const names = keys(loaded.module);
      const exports: string[] = [];
      for (let i = 0; i < names.length && i < EXPORTS_LISTED; i++) exports[i] = `${names[i]}`.slice(0, 64);
      return {
        l: { file: step.file, kind: 'export', export: step.export, found: encode(value, 0, []), exports },
      };
    }
    return { value };
  }

  /** A recorder's calls (then forgotten): as arrays of arguments, or as one text when each passed one string. */
  function take(calls: unknown[][] | undefined, text: boolean): unknown {
    if (calls === undefined) return undefined;
    const taken: unknown[][] = [];
    for (let i = 0; i < calls.length; i++) taken[i] = calls[i]!;
    calls.length = 0;
    if (!text) return taken;
    let joined = '';
    for (let i = 0; i < taken.length; i++) {
      const args = taken[i]!;
      if (args.length !== 1 || typeof args[0] !== 'string') return taken;
      joined += args[0];
    }
    return joined;
  }

  const onStep = options.onStep;

  /**
   * Runs one script: synchronous, so nothing of the student's (a patched promise) can reorder it. Its
   * outcomes as JSON text (a list of WireOutcome), written as they come.
   */
  function runScript(script: WireStep[], index: number): string {
    const slots: unknown[] = [];
    let outcomes = '';
    let count = 0;
    const told = (text: string) => {
      outcomes += count++ === 0 ? text : `,${text}`;
    };
    /** What each recorder kept, by its slot. */
    const kept: unknown[][][] = [];
    for (let s = 0; s < script.length; s++) {
      const step = script[s]!;
      if (step.op === 'same') {
        told(slots[step.a] === slots[step.b] ? '{"v":true}' : '{"v":false}');
        continue;
      }
      if (step.op === 'recorder') {
        const calls: unknown[][] = [];
        kept[step.bind] = calls;
        slots[step.bind] = function recorder(...args: unknown[]): void {
          const copy: unknown[] = [];
          for (let i = 0; i < args.length; i++) copy[i] = args[i];
          calls[calls.length] = copy;
        };
        told(`{"v":${UNDEFINED_TEXT}}`);
        continue;
      }
      if (step.op === 'take') {
        told(`{"v":${encodeText(take(kept[step.recorder], step.text === true), 0, [])}}`);
        continue;
      }
      let callee: unknown;
      let self: unknown;
      if (step.op === 'call') {
        self = slots[step.target];
      } else {
        const found = exported(step);
        if (!('value' in found)) {
          told(serialize(found));
          return `[${outcomes}]`;
        }
        callee = found.value;
      }
      const args: unknown[] = [];
      for (let i = 0; i < step.args.length; i++) args[i] = argument(step.args[i]!, slots);
      onStep?.(index, s);
      let result: unknown;
      try {
        if (step.op === 'new') result = construct(callee as new (...a: unknown[]) => unknown, args);
        else if (step.op === 'fn') result = apply(callee as (...a: unknown[]) => unknown, undefined, args);
        else {
          const method = (self as Record<string, unknown>)[step.method];
          result = apply(method as (...a: unknown[]) => unknown, self, args);
        }
      } catch (thrown) {
        told(`{"t":${serialize(describeThrow(thrown))}}`);
        if (step.op === 'new' || step.catch !== true) return `[${outcomes}]`;
        continue;
      }
      if (step.bind !== undefined) slots[step.bind] = result;
      told(`{"v":${step.op === 'new' ? UNDEFINED_TEXT : encodeText(result, 0, [])}}`);
    }
    return `[${outcomes}]`;
  }

  return async (request) => {
    // Every module the request names is loaded first (the only waiting there is); then the scripts
    // run synchronously, one after another, so nothing of the student's can reorder them.
    for (let f = 0; f < provided.length; f++) await load(provided[f]!);
    for (let i = 0; i < request.scripts.length; i++) {
      const script = request.scripts[i]!;
      for (let s = 0; s < script.length; s++) {
        const step = script[s]!;
        if (step.op === 'new' || step.op === 'fn') await load(step.file);
      }
    }
    let results = '';
    for (let i = 0; i < request.scripts.length; i++) {
      options.onScript?.();
      results += (i === 0 ? '' : ',') + runScript(request.scripts[i]!, i);
    }
    return `[${results}]`;
  };
}

/** An executor whose answers are objects (the suites' and `--keep`'s, in the grader's own process): the text, read. */
export function makeExecutor(options: ExecutorOptions): (request: ExecRequest) => Promise<WireOutcome[][]> {
  const run = makeTextExecutor(options);
  return async (request) => parse(await run(request)) as WireOutcome[][];
}
