// The student's side of a linked run: the course's modules are not in this context at all (they run in
// a context of their own, another realm, in the same isolate). Each of their exports is a stand-in
// here, and each use of one (a `new`, a call, a property read or write) goes to the reference's side as
// data and comes back as data (bridge-reference.ts), through one bound function of that realm held in
// this closure only. An object of the reference's is a proxy holding only a number; no object, function,
// source text or stack of the reference's is ever in this realm: what the call throws (a stack
// overflow in the reference's code, when the program calls at the edge of the stack) is caught here
// and thrown again as this realm's own error, never handed on.
//
// A method whose answers have all been `undefined` (a void method: add a card, see a card) is not waited
// for: its call is queued here and sent with the next question, and the reference runs the queue first,
// in order. Nothing the program can see changes: the call answers `undefined` as it would have, and the
// reference's objects are only ever read after the queue ran. Where a queued call answers anything else
// or throws, the reference's side says so to the host, which runs the whole program again without
// queueing (runs are deterministic): the program never sees an answer late.
import { QUEUE_BROKEN } from './protocol.ts';

/**
 * The reference's answer: undefined, a boolean or a plain number as itself; a string, one of the
 * reference's objects or a function as a marked string; anything else as JSON text (bridge-reference.ts).
 * `c`: a call's arguments as JSON text, or (a number) how many cross as they are, in `d0`..`d3`.
 */
type Ask = (
  op: string,
  a: unknown,
  b?: unknown,
  c?: string | number,
  queue?: string,
  d0?: unknown,
  d1?: unknown,
  d2?: unknown,
  d3?: unknown,
) => string | number | boolean | undefined;
type Answer = { v?: unknown; thrown?: { name: string; message: string; provided?: string } };

const holder = globalThis as {
  __pitbossBridgeAsk?: Ask | undefined;
  __pitbossBridgeQueue?: boolean | undefined;
};
const askReference: Ask = holder.__pitbossBridgeAsk!;
const StackError = RangeError;
/** A question to the reference's side: only primitives cross, either way. */
const askNow: Ask = (op, a, b, c, queue, d0, d1, d2, d3) => {
  let answer: string | number | boolean | undefined;
  try {
    answer = askReference(op, a, b, c, queue, d0, d1, d2, d3);
  } catch {
    // Never the caught value: it is of the reference's realm.
    throw new StackError('Maximum call stack size exceeded');
  }
  if (answer === QUEUE_BROKEN) throw new Error('a queued call was not void: the run is made again');
  return answer;
};
/** Whether void calls may be queued in this run (the host's word, read before any student code runs). */
const queueing = holder.__pitbossBridgeQueue === true;
holder.__pitbossBridgeAsk = undefined;
holder.__pitbossBridgeQueue = undefined;
// Taken before the program runs: what the program does to JSON cannot reach the queue.
const stringify = JSON.stringify;

/**
 * The calls not yet sent, as JSON array items: `[handle, "key", shape, [args]]`, the arguments as
 * they are with their shape (directOf), or with shape -1 as `args` wrote them; with the stringify
 * taken above, so an item is always JSON, whatever the program does to JSON.
 */
let queue = '';
/** The characters of queued calls at which they are sent without waiting for a question. */
const QUEUE_MOST = 1 << 16;
/** Each stand-in class's methods that have only ever answered `undefined`, as `Kind\0key`. */
const voidMethods = new Set<string>();

/** A question to the reference, with the queue sent ahead of it. */
const ask: Ask = (op, a, b, c, _queue, d0, d1, d2, d3) => {
  if (queue === '') return askNow(op, a, b, c, undefined, d0, d1, d2, d3);
  const sent = `[${queue}]`;
  queue = '';
  return askNow(op, a, b, c, sent, d0, d1, d2, d3);
};

/** The shape of the arguments directOf last read: how many, and which are the reference's objects. */
let directShape = 0;

/**
 * A call's arguments that can cross as they are: up to four, each a string, a boolean, a plain
 * number or one of the reference's objects (most calls: a card, a bankroll), by handle; their shape
 * (how many, which are handles: bridge-reference.ts, callArgs) left in `directShape`. Undefined when
 * any must go as JSON.
 */
function directOf(values: unknown[]): unknown[] | undefined {
  const count = values.length;
  if (count > 4) return undefined;
  const direct: unknown[] = [];
  let shape = count;
  for (let i = 0; i < count; i++) {
    const value = values[i];
    const type = typeof value;
    if (type === 'string' || type === 'boolean') direct.push(value);
    else if (type === 'number' && Number.isFinite(value) && !Object.is(value, -0)) direct.push(value);
    else if (type === 'object' && value !== null && handleOf.has(value as object)) {
      direct.push(handleOf.get(value as object));
      shape |= 1 << (4 + i);
    } else return undefined;
  }
  directShape = shape;
  return direct;
}

/** A call (`invoke`, `call`, `construct`): its arguments as they are where they can be, else as JSON. */
function askCall(
  op: string,
  a: unknown,
  b: unknown,
  values: unknown[],
): string | number | boolean | undefined {
  const direct = directOf(values);
  if (direct === undefined) return ask(op, a, b, args(values));
  return ask(op, a, b, directShape, undefined, direct[0], direct[1], direct[2], direct[3]);
}

/** Each provided module's exports, by name: a provided error is made again as the student's class. */
const provided: Record<string, unknown> = Object.create(null);
/** The stand-in class of each class name the reference's modules export: a proxy's prototype. */
const standIns: Record<string, { prototype: object }> = Object.create(null);
const proxies = new Map<number, object>();
const handleOf = new WeakMap<object, number>();
/** Each object's methods seen so far, by handle, then by name. */
const methods = new Map<number, Map<string, (...args: unknown[]) => unknown>>();

function fromWire(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const tagged = value as { $?: string; v?: unknown; h?: number; kind?: string; name?: string };
  switch (tagged.$) {
    case 'undefined':
      return undefined;
    case 'number':
      return Number(tagged.v);
    case 'bigint':
      return BigInt(String(tagged.v));
    case 'handle':
      return proxyFor(Number(tagged.h), String(tagged.kind));
    case 'function':
      return undefined;
    case 'array':
      return (tagged.v as unknown[]).map(fromWire);
    case 'object': {
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(tagged.v as object)) copy[key] = fromWire(item);
      return copy;
    }
  }
  return undefined;
}

/**
 * The getters of a prototype chain, nearest first, read once a chain: a card's class is looked at
 * once a run, not once a card. A getter the program adds to a prototype after an object of it
 * crossed is not sent: its own objects, its own run.
 */
const getterNames = new WeakMap<object, string[]>();
function gettersOf(first: object | null): readonly string[] {
  if (first === null || first === Object.prototype) return [];
  let names = getterNames.get(first);
  if (names !== undefined) return names;
  names = [];
  let proto: object | null = first;
  for (let level = 0; proto !== null && proto !== Object.prototype && level < 8; level++) {
    for (const name of Object.getOwnPropertyNames(proto))
      if (Object.getOwnPropertyDescriptor(proto, name)?.get !== undefined && !names.includes(name))
        names.push(name);
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  getterNames.set(first, names);
  return names;
}

function toWire(value: unknown, depth = 0): unknown {
  switch (typeof value) {
    case 'undefined':
      return { $: 'undefined' };
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : { $: 'number', v: String(value) };
    case 'bigint':
      return { $: 'bigint', v: String(value) };
    case 'function':
    case 'symbol':
      throw new TypeError(
        `a ${typeof value} cannot be passed to the course's files in a linked run: only data and their own objects`,
      );
    case 'object': {
      if (value === null) return null;
      const h = handleOf.get(value);
      if (h !== undefined) return { $: 'handle', h };
      if (depth > 16) return { $: 'undefined' };
      if (Array.isArray(value)) return { $: 'array', v: value.map((item) => toWire(item, depth + 1)) };
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value))
        copy[key] = toWire((value as Record<string, unknown>)[key], depth + 1);
      // A class's getters (a Card with `get spot()`) travel as the values they read.
      for (const name of gettersOf(Object.getPrototypeOf(value) as object | null))
        if (!(name in copy)) copy[name] = toWire((value as Record<string, unknown>)[name], depth + 1);
      return { $: 'object', v: copy };
    }
    default:
      return value;
  }
}

/** What the reference answered: its value, or what it threw, thrown here again. */
function answered(text: string | number | boolean | undefined): unknown {
  if (typeof text !== 'string') return text;
  switch (text[0]) {
    case 's':
      return text.slice(1);
    case 'h': {
      const colon = text.indexOf(':');
      return proxyFor(Number(text.slice(1, colon)), text.slice(colon + 1));
    }
    case 'f':
      return undefined;
  }
  const answer = JSON.parse(text) as Answer;
  if (answer.thrown === undefined) return fromWire(answer.v);
  const { name, message } = answer.thrown;
  const made = answer.thrown.provided === undefined ? undefined : provided[answer.thrown.provided];
  const error: Error =
    typeof made === 'function'
      ? (Object.create((made as { prototype: object }).prototype) as Error)
      : new Error();
  Object.defineProperty(error, 'message', { value: message, writable: true, configurable: true });
  if (typeof made !== 'function' || error.name !== name)
    Object.defineProperty(error, 'name', { value: name, writable: true, configurable: true });
  throw error;
}

const args = (values: unknown[]) =>
  values.length === 0 ? '[]' : stringify(values.map((value) => toWire(value)));

function method(h: number, kind: string, key: string): (...args: unknown[]) => unknown {
  let own = methods.get(h);
  if (own === undefined) {
    own = new Map();
    methods.set(h, own);
  }
  let made = own.get(key);
  if (made === undefined) {
    const voidId = `${kind}\0${key}`;
    made = (...values: unknown[]) => {
      if (queueing && voidMethods.has(voidId)) {
        const direct = directOf(values);
        const item =
          direct === undefined
            ? `[${h},${stringify(key)},-1,${args(values)}]`
            : `[${h},${stringify(key)},${directShape},${stringify(direct)}]`;
        queue = queue === '' ? item : `${queue},${item}`;
        // Sent before it grows large: a program that only ever calls void methods runs as it would unqueued,
        // its memory its own.
        if (queue.length > QUEUE_MOST) ask('flush', undefined);
        return undefined;
      }
      const answer = askCall('invoke', h, key, values);
      if (answer === undefined) voidMethods.add(voidId);
      return answered(answer);
    };
    own.set(key, made);
  }
  return made;
}

function proxyFor(h: number, kind: string): object {
  const known = proxies.get(h);
  if (known !== undefined) return known;
  const target = Object.create(standIns[kind]?.prototype ?? Object.prototype) as object;
  const proxy = new Proxy(target, {
    get(inner, key) {
      if (typeof key === 'symbol' || key === 'then') return Reflect.get(inner, key);
      // A method once seen is a method: asked again only for data, which can change.
      const known = methods.get(h)?.get(key);
      if (known !== undefined) return known;
      const text = ask('get', h, key);
      if (typeof text === 'string' && text[0] === 'f') return method(h, kind, key);
      return answered(text);
    },
    set(_inner, key, value) {
      if (typeof key === 'symbol') return false;
      answered(ask('set', h, key, JSON.stringify(toWire(value))));
      return true;
    },
  });
  proxies.set(h, proxy);
  handleOf.set(proxy, h);
  return proxy;
}

/** A stand-in for an export of the reference's: `new` makes the reference's object, a call calls it. */
function standIn(file: string, name: string): unknown {
  const made = function (this: unknown, ...values: unknown[]) {
    return answered(askCall(new.target === undefined ? 'call' : 'construct', file, name, values));
  };
  Object.defineProperty(made, 'name', { value: name });
  standIns[name] = made as unknown as { prototype: object };
  return made;
}

Object.defineProperty(globalThis, '__pitbossStandIns', {
  value: Object.freeze({
    /** The stand-in exports of a reference module, from what the reference's side said of them. */
    module(file: string, exportsText: string): Record<string, unknown> {
      const namespace: Record<string, unknown> = Object.create(null);
      for (const { name, kind, value } of JSON.parse(exportsText) as {
        name: string;
        kind: string;
        value?: unknown;
      }[])
        namespace[name] = kind === 'value' ? fromWire(value) : standIn(file, name);
      return namespace;
    },
    provided(namespace: Record<string, unknown>) {
      for (const name of Object.keys(namespace)) provided[name] = namespace[name];
    },
    /** Sends the calls still queued (the host's, when the program has ended). */
    flush() {
      if (queue !== '') ask('flush', undefined);
    },
  }),
  writable: false,
  configurable: false,
  enumerable: false,
});
