// The student's side of a linked run: the course's modules are not in this context at all (they run in
// a context of their own, another realm, in the same isolate: bridge-reference.ts). Each of their
// exports is a stand-in here; an object of theirs is a proxy whose every use (a property read or
// write, a method call) calls that side's helpers directly, a function call in the same isolate.
//
// This closure holds the reference's objects (each proxy's own), and that is all the program must
// never reach: its realm's Function would run code there, where nothing masks the course's source.
// So a value of that realm is only ever handed to that realm's own helpers or read here with syntax
// (`typeof`, a property read, which runs that realm's code if anything) and with built-ins taken
// before the program runs, never with anything the program can replace (a prototype's method, a
// global): what the program can patch only ever sees this realm's own copies. What a helper throws
// (a stack overflow at the edge of the stack) is caught here and thrown again as this realm's own
// error, never handed on; what the course's code threw comes as data (its name and message) and is
// made again here.

type Helper = (...values: unknown[]) => unknown;
interface Helpers {
  THREW: symbol;
  thrown: () => string;
  describe: (error: unknown) => string;
  kind: (value: unknown) => string;
  construct: Helper;
  call: Helper;
  invoke: Helper;
  get: (target: unknown, key: string) => unknown;
  set: (target: unknown, key: string, value: unknown) => unknown;
  object: () => unknown;
  list: () => unknown;
  put: (object: unknown, key: string, value: unknown) => void;
  push: (list: unknown, value: unknown) => void;
  small: Helper;
  exported: (file: string, name: string) => unknown;
}

const holder = globalThis as { __pitbossBridgeHelpers?: Helpers | undefined };
const given = holder.__pitbossBridgeHelpers!;
holder.__pitbossBridgeHelpers = undefined;
// Each helper read once, here, before any student code runs.
const THREW = given.THREW;
const {
  thrown: thrownText,
  describe,
  kind: kindOf,
  construct,
  call,
  invoke,
  get,
  set,
  object: newObject,
  list: newList,
  put,
  push,
  small,
  exported,
} = given;

// Built-ins taken before the program runs: what the program does to them cannot reach a value of the
// reference's realm, nor this side's functions.
const ObjectKeys = Object.keys;
const ObjectCreate = Object.create;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectGetOwnPropertyNames = Object.getOwnPropertyNames;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectHasOwn = Object.hasOwn;
const ObjectIs = Object.is;
const ObjectPrototype = Object.prototype;
const ArrayIsArray = Array.isArray;
const ReflectGet = Reflect.get;
const JSONParse = JSON.parse;
const ProxyClass = Proxy;
const StackError = RangeError;
const BaseError = Error;
const TypeErrorClass = TypeError;
/** A proxy's reference object, by proxy; a reference object's proxy, by object. Bound: nothing to look up. */
const raws = new WeakMap<object, unknown>();
const rawOf = WeakMap.prototype.get.bind(raws) as (proxy: object) => unknown;
const keepRaw = WeakMap.prototype.set.bind(raws) as (proxy: object, raw: unknown) => void;
const proxies = new WeakMap<object, object>();
const proxyOf = WeakMap.prototype.get.bind(proxies) as (raw: object) => object | undefined;
const keepProxy = WeakMap.prototype.set.bind(proxies) as (raw: object, proxy: object) => void;

/** Each provided module's exports, by name: a provided error is made again as the student's class. */
const provided: Record<string, unknown> = ObjectCreate(null);
/** The stand-in class of each class the reference's modules export, by `c<class>`: a proxy's prototype. */
const standIns: Record<string, { prototype: object }> = ObjectCreate(null);

/** What the course's code threw (told as data by the reference's side), made again in this realm. */
function thrownError(text: string): Error {
  const {
    name,
    message,
    provided: providedName,
    overflow,
  } = JSONParse(text).thrown as {
    name: string;
    message: string;
    provided?: string;
    overflow?: true;
  };
  if (overflow === true) return new StackError('Maximum call stack size exceeded');
  const made = providedName === undefined ? undefined : provided[providedName];
  const error: Error =
    typeof made === 'function'
      ? (ObjectCreate((made as { prototype: object }).prototype) as Error)
      : new BaseError();
  ObjectDefineProperty(error, 'message', {
    __proto__: null,
    value: message,
    writable: true,
    configurable: true,
  } as PropertyDescriptor);
  if (typeof made !== 'function' || error.name !== name)
    ObjectDefineProperty(error, 'name', {
      __proto__: null,
      value: name,
      writable: true,
      configurable: true,
    } as PropertyDescriptor);
  return error;
}

/**
 * A helper's answer, once it has come back: THREW made again as the course's error. The call itself
 * (`ask`) catches what the helper throws (a stack overflow): never the caught value, of either realm.
 */
function answered(value: unknown): unknown {
  if (value === THREW) throw thrownError(thrownText());
  return value;
}

/**
 * One helper call, with exactly the values given (never a list's missing item, which a prototype the
 * program patched could answer): what it throws (the stack's edge) is this realm's overflow, never the
 * caught value.
 */
function ask(helper: Helper, a?: unknown, b?: unknown, c?: unknown): unknown {
  let value: unknown;
  try {
    value = helper(a, b, c);
  } catch {
    throw new StackError('Maximum call stack size exceeded');
  }
  return answered(value);
}

const DEPTH = 16;

/**
 * What the reference's side threw where this side read one of its values (a getter, or the stack's
 * edge): made again here. The caught value is only ever handed to that side's `describe`, or, when it
 * is this realm's own overflow, replaced by a new one.
 */
function rethrown(failure: unknown): Error {
  if (
    typeof failure === 'object' &&
    failure !== null &&
    ObjectGetPrototypeOf(failure) === StackError.prototype
  )
    return new StackError('Maximum call stack size exceeded');
  let text: string;
  try {
    text = describe(failure);
  } catch {
    return new StackError('Maximum call stack size exceeded');
  }
  return thrownError(text);
}

/** A property of one of the reference's plain values (a getter runs the reference's code). */
function read(value: unknown, key: string | number): unknown {
  try {
    return (value as Record<string | number, unknown>)[key];
  } catch (failure) {
    throw rethrown(failure);
  }
}

/** What a value of the reference's realm is (bridge-reference.ts, `kind`). */
function kindOfValue(value: unknown): string {
  try {
    return kindOf(value);
  } catch (failure) {
    throw rethrown(failure);
  }
}

/**
 * A value of the reference's realm as the program gets it: a primitive as it is (-0 as 0, a symbol as
 * undefined, as the bridge has always carried them), plain data copied into this realm, a function as
 * undefined, any other object as its proxy. Only the reads of the reference's values run its code (a
 * getter), each guarded (`read`); the copy is this realm's, made as the program's own data is.
 */
function fromReference(value: unknown, depth = 0): unknown {
  switch (typeof value) {
    case 'undefined':
    case 'boolean':
    case 'string':
    case 'bigint':
      return value;
    case 'number':
      return ObjectIs(value, -0) ? 0 : value;
    case 'symbol':
    case 'function':
      return undefined;
  }
  if (value === null) return null;
  if (depth > DEPTH) return undefined;
  const kind = kindOfValue(value);
  if (kind === 'a') {
    const length = read(value, 'length') as number;
    const copy: unknown[] = [];
    for (let i = 0; i < length; i++) copy[i] = fromReference(read(value, i), depth + 1);
    return copy;
  }
  if (kind === 'o') {
    const keys = ObjectKeys(value as object);
    const copy: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      copy[key] = fromReference(read(value, key), depth + 1);
    }
    return copy;
  }
  if (kind === 'f') return undefined;
  return proxyFor(value as object, kind);
}

/**
 * The getters of a prototype chain, nearest first, read once a chain: a card's class is looked at
 * once a run, not once a card. A getter the program adds to a prototype after an object of it
 * crossed is not sent: its own objects, its own run.
 */
const getterNames = new WeakMap<object, string[]>();
const gettersKnown = WeakMap.prototype.get.bind(getterNames) as (proto: object) => string[] | undefined;
const keepGetters = WeakMap.prototype.set.bind(getterNames) as (proto: object, names: string[]) => void;
function gettersOf(first: object | null): readonly string[] {
  if (first === null || first === ObjectPrototype) return [];
  let names = gettersKnown(first);
  if (names !== undefined) return names;
  names = [];
  let proto: object | null = first;
  for (let level = 0; proto !== null && proto !== ObjectPrototype && level < 8; level++) {
    const own = ObjectGetOwnPropertyNames(proto);
    for (let i = 0; i < own.length; i++) {
      const name = own[i]!;
      if (ObjectGetOwnPropertyDescriptor(proto, name)?.get !== undefined && !names.includes(name))
        names[names.length] = name;
    }
    proto = ObjectGetPrototypeOf(proto) as object | null;
  }
  keepGetters(first, names);
  return names;
}

/**
 * One of the program's values as the course's code gets it: a primitive as it is (-0 as 0); one of
 * the reference's objects (a proxy) as itself; the program's data copied into that realm, a class's
 * getters read as values (a Card with `get spot()`); a function or a symbol refused, as it always was.
 * The program's getters run here, as reading its values would: nothing of the reference's is on the
 * stack while they do.
 */
function toReference(value: unknown, depth = 0): unknown {
  switch (typeof value) {
    case 'undefined':
    case 'boolean':
    case 'string':
    case 'bigint':
      return value;
    case 'number':
      return ObjectIs(value, -0) ? 0 : value;
    case 'function':
    case 'symbol':
      throw new TypeErrorClass(
        `a ${typeof value} cannot be passed to the course's files in a linked run: only data and their own objects`,
      );
  }
  if (value === null) return null;
  const raw = rawOf(value as object);
  if (raw !== undefined) return raw;
  if (depth > DEPTH) return undefined;
  if (ArrayIsArray(value)) {
    const list = ask(newList as Helper);
    const length = (value as unknown[]).length;
    for (let i = 0; i < length; i++) {
      // A hole goes as null, as JSON carried it.
      const item = ObjectHasOwn(value as object, i) ? toReference((value as unknown[])[i], depth + 1) : null;
      ask(push as Helper, list, item);
    }
    return list;
  }
  const keys = ObjectKeys(value as object);
  const proto = ObjectGetPrototypeOf(value) as object | null;
  const getters = gettersOf(proto);
  // A small plain object of primitives (a card): one call.
  if (keys.length <= 4 && getters.length === 0) {
    const count = keys.length;
    const values: unknown[] = [undefined, undefined, undefined, undefined];
    let plain = true;
    for (let i = 0; i < count && plain; i++) {
      const item = (value as Record<string, unknown>)[keys[i]!];
      if (
        item !== null &&
        (typeof item === 'object' || typeof item === 'function' || typeof item === 'symbol')
      )
        plain = false;
      else values[i] = typeof item === 'number' && ObjectIs(item, -0) ? 0 : item;
    }
    if (plain) {
      let made: unknown;
      try {
        made = small(
          count,
          count > 0 ? keys[0] : '',
          values[0],
          count > 1 ? keys[1] : '',
          values[1],
          count > 2 ? keys[2] : '',
          values[2],
          count > 3 ? keys[3] : '',
          values[3],
        );
      } catch {
        throw new StackError('Maximum call stack size exceeded');
      }
      return made;
    }
  }
  const made = ask(newObject as Helper);
  for (let i = 0; i < keys.length; i++)
    ask(put as Helper, made, keys[i], toReference((value as Record<string, unknown>)[keys[i]!], depth + 1));
  for (let i = 0; i < getters.length; i++) {
    const name = getters[i]!;
    if (!keys.includes(name))
      ask(put as Helper, made, name, toReference((value as Record<string, unknown>)[name], depth + 1));
  }
  return made;
}

/**
 * A call (`invoke`, `call`, `construct`) with its arguments each as the course's code gets it: the
 * first four as they are, any more as a list of the reference's realm. Kept in this call's own
 * variables: the program's getters, run while its values are copied, may make calls of their own.
 */
function callWith(helper: Helper, a: unknown, b: unknown, values: unknown[]): unknown {
  const count = values.length;
  const a0 = count > 0 ? toReference(values[0]) : undefined;
  const a1 = count > 1 ? toReference(values[1]) : undefined;
  const a2 = count > 2 ? toReference(values[2]) : undefined;
  const a3 = count > 3 ? toReference(values[3]) : undefined;
  let rest: unknown;
  if (count > 4) {
    rest = ask(newList as Helper);
    for (let i = 4; i < count; i++) ask(push as Helper, rest, toReference(values[i]));
  }
  let value: unknown;
  try {
    value = helper(a, b, count, a0, a1, a2, a3, rest);
  } catch {
    throw new StackError('Maximum call stack size exceeded');
  }
  return fromReference(answered(value));
}

function proxyFor(raw: object, kind: string): object {
  const known = proxyOf(raw);
  if (known !== undefined) return known;
  const target = ObjectCreate(standIns[kind]?.prototype ?? ObjectPrototype) as object;
  /** This object's methods seen so far, by name: a method once seen is a method, asked again only for data. */
  const methods: Record<string, (...values: unknown[]) => unknown> = ObjectCreate(null);
  const proxy = new ProxyClass(target, {
    __proto__: null,
    get(inner: object, key: string | symbol) {
      if (typeof key === 'symbol' || key === 'then') return ReflectGet(inner, key);
      const method = methods[key];
      if (method !== undefined) return method;
      const value = ask(get as Helper, raw, key);
      if (typeof value !== 'function') return fromReference(value);
      const made = (...values: unknown[]) => callWith(invoke, raw, key, values);
      methods[key] = made;
      return made;
    },
    set(_inner: object, key: string | symbol, value: unknown) {
      if (typeof key === 'symbol') return false;
      ask(set as Helper, raw, key, toReference(value));
      return true;
    },
  } as ProxyHandler<object>);
  keepProxy(raw, proxy);
  keepRaw(proxy, raw);
  return proxy;
}

/** A stand-in for an export of the reference's: `new` makes the reference's object, a call calls it. */
function standIn(file: string, name: string): unknown {
  const made = function (this: unknown, ...values: unknown[]) {
    return callWith(new.target === undefined ? call : construct, file, name, values);
  };
  ObjectDefineProperty(made, 'name', { value: name });
  // Keyed as the reference's side names an object's class (`kind`: `c<class>`).
  standIns[`c${name}`] = made as unknown as { prototype: object };
  return made;
}

Object.defineProperty(globalThis, '__pitbossStandIns', {
  value: Object.freeze({
    /** The stand-in exports of a reference module, from what the reference's side said of them. */
    module(file: string, exportsText: string): Record<string, unknown> {
      const namespace: Record<string, unknown> = ObjectCreate(null);
      for (const { name, kind } of JSONParse(exportsText) as { name: string; kind: string }[])
        namespace[name] =
          kind === 'value' ? fromReference(answered(exported(file, name))) : standIn(file, name);
      return namespace;
    },
    provided(namespace: Record<string, unknown>) {
      for (const name of ObjectKeys(namespace)) provided[name] = namespace[name];
    },
  }),
  writable: false,
  configurable: false,
  enumerable: false,
});

// A module of its own (bundled as a script): its names are its own.
export {};
