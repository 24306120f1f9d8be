// The reference's side of a linked run: the course's modules run in a context of their own (its own
// realm: built-ins, globals, Function), in the run's isolate, and the student's program (in its
// context) holds stand-ins whose every use comes here as data (bridge-student.ts), through `ask`: one
// bound function, the only thing of this realm the student's realm holds. What goes in is primitives
// only (nothing of the student's is ever called here); what goes back is data too: primitives, plain
// objects and arrays as JSON, any other object as a handle, a function as a mark that it can be called.
// No object, function, source text or stack of this realm crosses.
import { QUEUE_BROKEN } from './protocol.ts';

type Encoded =
  | null
  | boolean
  | number
  | string
  | { $: 'undefined' }
  | { $: 'number'; v: string }
  | { $: 'bigint'; v: string }
  | { $: 'handle'; h: number; kind: string }
  | { $: 'function'; name: string }
  | { $: 'array'; v: Encoded[] }
  | { $: 'object'; v: Record<string, Encoded> };

export type Answer = { v: Encoded } | { thrown: { name: string; message: string; provided?: string } };

const handles: unknown[] = [0];
const handleOf = new Map<object, number>();
const modules: Record<string, Record<string, unknown>> = Object.create(null);
/** The provided modules' exported classes, to name a provided error the student's side can make again. */
const providedClasses: [string, unknown][] = [];

function handle(value: object): number {
  let id = handleOf.get(value);
  if (id === undefined) {
    id = handles.length;
    handles.push(value);
    handleOf.set(value, id);
  }
  return id;
}

const DEPTH = 16;

function encode(value: unknown, depth = 0): Encoded {
  switch (typeof value) {
    case 'undefined':
      return { $: 'undefined' };
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : { $: 'number', v: String(value) };
    case 'bigint':
      return { $: 'bigint', v: String(value) };
    case 'string':
    case 'boolean':
      return value;
    case 'symbol':
      return { $: 'undefined' };
    case 'function':
      return { $: 'function', name: typeof value.name === 'string' ? value.name : '' };
  }
  if (value === null) return null;
  if (depth > DEPTH) return { $: 'undefined' };
  if (Array.isArray(value)) return { $: 'array', v: value.map((item) => encode(item, depth + 1)) };
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    const copy: Record<string, Encoded> = {};
    for (const key of Object.keys(value as object))
      copy[key] = encode((value as Record<string, unknown>)[key], depth + 1);
    return { $: 'object', v: copy };
  }
  const kind = typeof proto?.constructor?.name === 'string' ? proto.constructor.name : '';
  return { $: 'handle', h: handle(value as object), kind };
}

function decode(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const tagged = value as { $?: string; v?: unknown; h?: number };
  switch (tagged.$) {
    case 'undefined':
      return undefined;
    case 'number':
      return Number(tagged.v);
    case 'bigint':
      return BigInt(String(tagged.v));
    case 'handle':
      return handles[Number(tagged.h)];
    case 'array':
      return (tagged.v as unknown[]).map(decode);
    case 'object': {
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(tagged.v as object)) copy[key] = decode(item);
      return copy;
    }
  }
  return undefined;
}

function thrown(error: unknown): Answer {
  let provided: string | undefined;
  for (const [name, made] of providedClasses) {
    try {
      if (typeof made === 'function' && error instanceof made) provided = name;
    } catch {
      // Not a class.
    }
  }
  if (error instanceof Error)
    return {
      thrown: {
        name: String(error.name),
        message: String(error.message),
        ...(provided === undefined ? {} : { provided }),
      },
    };
  return {
    thrown: {
      name: 'Error',
      message: `threw ${typeof error === 'string' ? JSON.stringify(error) : typeof error}`,
    },
  };
}

/**
 * An answer. What can cross as it is (undefined, a boolean, a plain number: most answers, a void
 * method's, a bet, a decision) goes so; a string as `s<text>`, one of this realm's objects as
 * `h<handle>:<class>`, a function as `f<name>` (bridge-student.ts reads them); anything else as
 * JSON text (`{...}`), never read as one of those.
 */
const answer = (work: () => unknown): string | number | boolean | undefined => {
  let result: Answer;
  try {
    const value = work();
    if (value === undefined || typeof value === 'boolean') return value;
    if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)) return value;
    if (typeof value === 'string') return `s${value}`;
    const encoded = encode(value);
    if (encoded !== null && typeof encoded === 'object') {
      if (encoded.$ === 'handle') return `h${encoded.h}:${encoded.kind}`;
      if (encoded.$ === 'function') return `f${encoded.name}`;
    }
    result = { v: encoded };
  } catch (error) {
    result = thrown(error);
  }
  return JSON.stringify(result);
};

/** A call's arguments, as the student's side wrote them (JSON text) or as a queued call carries them (its parsed list). */
const decoded = (values: unknown): unknown[] => (Array.isArray(values) ? values.map(decode) : []);
const args = (text: unknown): unknown[] => (text === '[]' ? [] : decoded(JSON.parse(String(text))));

/**
 * A call's arguments: `shape` a number when they crossed as they are (bridge-student.ts, askCall):
 * how many (its low 4 bits), and which are handles to this realm's objects (the bits above); else
 * JSON text.
 */
function callArgs(shape: unknown, direct: readonly unknown[]): unknown[] {
  if (typeof shape !== 'number') return args(shape);
  const values: unknown[] = [];
  for (let i = 0; i < (shape & 15) && i < direct.length; i++)
    values.push((shape >> (4 + i)) & 1 ? handles[Number(direct[i])] : direct[i]);
  return values;
}

// Once a queued call (sent ahead of a question by bridge-student.ts) answered anything but
// `undefined` or threw, every question answers QUEUE_BROKEN: the host throws this run away and runs
// the program again without queueing.
let queueBroken = false;
/** Where the host reads that the queue broke, in memory it shares (its second place). */
const queueSignal = new Int32Array(
  (globalThis as { __pitbossQueueSignal?: SharedArrayBuffer }).__pitbossQueueSignal ??
    new SharedArrayBuffer(8),
);
(globalThis as { __pitbossQueueSignal?: unknown }).__pitbossQueueSignal = undefined;
const breakQueue = (): false => {
  queueBroken = true;
  queueSignal[1] = 1;
  return false;
};

/** Runs the queued calls, in order; false (for good) when one of them was not a void call after all. */
function ranQueue(queue: unknown): boolean {
  if (queueBroken) return false;
  if (queue === undefined) return true;
  try {
    for (const [h, key, shape, values] of JSON.parse(String(queue)) as [number, string, number, unknown][]) {
      const target = handles[h] as Record<string, unknown>;
      const list = shape === -1 ? decoded(values) : callArgs(shape, Array.isArray(values) ? values : []);
      if (Reflect.apply(target[key] as (...a: unknown[]) => unknown, target, list) !== undefined)
        return breakQueue();
    }
    return true;
  } catch {
    return breakQueue();
  }
}

/** A question, asked after the queue sent with it ran. */
const after =
  <A, B, C>(work: (a: A, b: B, c: C, direct: unknown[]) => string | number | boolean | undefined) =>
  (a: A, b: B, c: C, queue: unknown, direct: unknown[]): string | number | boolean | undefined =>
    ranQueue(queue) ? work(a, b, c, direct) : QUEUE_BROKEN;

const ops: Record<string, (a: never, b: never, c: never, queue: unknown, direct: unknown[]) => unknown> = {
  construct: after((file: string, name: string, shape: unknown, direct) =>
    answer(() =>
      Reflect.construct(modules[file]![name] as new (...a: unknown[]) => unknown, callArgs(shape, direct)),
    ),
  ),
  call: after((file: string, name: string, shape: unknown, direct) =>
    answer(() => (modules[file]![name] as (...a: unknown[]) => unknown)(...callArgs(shape, direct))),
  ),
  get: after((h: number, key: string, _unused: unknown) =>
    answer(() => (handles[h] as Record<string, unknown>)[key]),
  ),
  set: after((h: number, key: string, value: unknown) =>
    answer(() => {
      (handles[h] as Record<string, unknown>)[key] = decode(JSON.parse(String(value)));
    }),
  ),
  invoke: after((h: number, key: string, shape: unknown, direct) =>
    answer(() => {
      const target = handles[h] as Record<string, unknown>;
      return Reflect.apply(target[key] as (...a: unknown[]) => unknown, target, callArgs(shape, direct));
    }),
  ),
  /** Only runs the queue: the program has ended with calls still queued. */
  flush: after((_a: unknown, _b: unknown, _c: unknown) => undefined),
};

/** A primitive as it is; anything else (an object of the student's realm) as undefined, never touched. */
const primitive = (value: unknown): string | number | boolean | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;

/**
 * A question of the student's stand-ins: `op` with its arguments, the queue sent ahead of it, and a
 * call's arguments that crossed as they are (`d0`..`d3`: primitives, like everything here).
 */
function ask(
  op: unknown,
  a: unknown,
  b: unknown,
  c: unknown,
  queue: unknown,
  d0: unknown,
  d1: unknown,
  d2: unknown,
  d3: unknown,
): string | number | boolean | undefined {
  const target = typeof op === 'string' && Object.hasOwn(ops, op) ? ops[op] : undefined;
  if (target === undefined) return undefined;
  return primitive(
    target(primitive(a) as never, primitive(b) as never, primitive(c) as never, primitive(queue), [
      primitive(d0),
      primitive(d1),
      primitive(d2),
      primitive(d3),
    ]),
  );
}

Object.defineProperty(globalThis, '__pitbossBridge', {
  value: Object.freeze({
    /** What the host hands the student's context: bound, so that its text is `[native code]`. */
    ask: ask.bind(undefined),
    /** A reference module, loaded by the host; `provided`: its exported classes name a provided error. */
    loaded(file: string, namespace: Record<string, unknown>, provided: boolean) {
      modules[file] = namespace;
      if (provided) for (const name of Object.keys(namespace)) providedClasses.push([name, namespace[name]]);
    },
    /** Each export of a module: what the stand-in must be (`class`, `function`, or a copied value). */
    exports(file: string): string {
      const namespace = modules[file] ?? {};
      return JSON.stringify(
        Object.keys(namespace).map((name) => {
          const value = namespace[name];
          const kind = typeof value === 'function' ? 'function' : 'value';
          return { name, kind, value: kind === 'value' ? encode(value) : undefined };
        }),
      );
    },
  }),
  writable: false,
  configurable: false,
  enumerable: false,
});
