// The reference's side of a linked run: the course's modules run in a context of their own (its own
// realm: built-ins, globals, Function), in the run's isolate. The student's program (in its context)
// holds stand-ins (bridge-student.ts) that call the few functions here directly, each bound (no text
// to read), held in the student side's closure only, never by the program. What they are given is
// this realm's own values (its objects, as the student's side holds them for the program) and
// primitives, or objects built here from primitives: nothing of the student's realm is ever touched
// or called here. What they answer is the value itself, for the student's side to copy or hold, or,
// when the course's code threw, a mark; what it threw is then told as data (its name and message),
// never handed on. No function, source text or stack of this realm reaches the program.

type Thrown = { thrown: { name: string; message: string; provided?: string; overflow?: true } };

const modules: Record<string, Record<string, unknown>> = Object.create(null);
/** The provided modules' exported classes, to name a provided error the student's side can make again. */
const providedClasses: [string, unknown][] = [];

/** What a helper answers when the course's code threw; what it threw is then told by `thrown`. */
const THREW = Symbol('threw');
let lastThrown: Thrown = { thrown: { name: 'Error', message: '' } };

function described(error: unknown): Thrown {
  let provided: string | undefined;
  for (const [name, made] of providedClasses) {
    try {
      if (typeof made === 'function' && error instanceof made) provided = name;
    } catch {
      // Not a class.
    }
  }
  // The stack's edge, reached in this realm: the program gets its own realm's overflow.
  if (error instanceof RangeError && error.message === 'Maximum call stack size exceeded')
    return { thrown: { name: 'RangeError', message: error.message, overflow: true } };
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

/** The work's value, or THREW with what it threw kept for `thrown`. */
function answer(work: () => unknown): unknown {
  try {
    return work();
  } catch (error) {
    lastThrown = described(error);
    return THREW;
  }
}

/** A call's arguments as a list of this realm: `count` of them, the first four given as they are. */
function listOf(count: number, a0: unknown, a1: unknown, a2: unknown, a3: unknown, rest: unknown): unknown[] {
  switch (count) {
    case 0:
      return [];
    case 1:
      return [a0];
    case 2:
      return [a0, a1];
    case 3:
      return [a0, a1, a2];
    case 4:
      return [a0, a1, a2, a3];
  }
  // More than four: `rest` is a list of this realm the student's side built (`list`, `put`).
  return Array.isArray(rest) ? [a0, a1, a2, a3, ...rest] : [a0, a1, a2, a3];
}

/** What a value is, for the student's side to copy (`a` a list, `o` plain data) or hold (`c<class>`); `f` a function. */
function kind(value: unknown): string {
  if (typeof value === 'function') return 'f';
  if (Array.isArray(value)) return 'a';
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return 'o';
  return `c${typeof proto?.constructor?.name === 'string' ? proto.constructor.name : ''}`;
}

/**
 * A call's helper: what it calls named by two values (a module's file and export, or one of this
 * realm's objects and a method's key), then how many arguments, the first four, and a list of the rest.
 */
const calling =
  <A, B>(work: (a: A, b: B, list: unknown[]) => unknown) =>
  (a: A, b: B, count: number, a0: unknown, a1: unknown, a2: unknown, a3: unknown, rest: unknown) =>
    answer(() => work(a, b, listOf(count, a0, a1, a2, a3, rest)));

const helpers = {
  THREW,
  /** What the last call that answered THREW threw, as JSON text: its name, message, provided class. */
  thrown: (): string => JSON.stringify(lastThrown),
  /** An error the student's side caught while reading this realm's values (a getter's), as `thrown` tells it. */
  describe: (error: unknown): string => JSON.stringify(described(error)),
  kind,
  construct: calling((file: string, name: string, list) =>
    Reflect.construct(modules[file]![name] as new (...a: unknown[]) => unknown, list),
  ),
  call: calling((file: string, name: string, list) =>
    (modules[file]![name] as (...a: unknown[]) => unknown)(...list),
  ),
  invoke: calling((target: Record<string, unknown>, key: string, list) =>
    Reflect.apply(target[key] as (...a: unknown[]) => unknown, target, list),
  ),
  get: (target: Record<string, unknown>, key: string) => answer(() => target[key]),
  set: (target: Record<string, unknown>, key: string, value: unknown) =>
    answer(() => {
      target[key] = value;
    }),
  /** Plain data of this realm, built from the program's: an empty object, an empty list, a property, an item. */
  object: (): Record<string, unknown> => ({}),
  list: (): unknown[] => [],
  put: (object: Record<string, unknown>, key: string, value: unknown): void => {
    object[key] = value;
  },
  push: (list: unknown[], value: unknown): void => {
    list.push(value);
  },
  /** A small plain object at once (a card): up to four properties. */
  small: (
    count: number,
    k0: string,
    v0: unknown,
    k1: string,
    v1: unknown,
    k2: string,
    v2: unknown,
    k3: string,
    v3: unknown,
  ) => {
    const made: Record<string, unknown> = {};
    if (count > 0) made[k0] = v0;
    if (count > 1) made[k1] = v1;
    if (count > 2) made[k2] = v2;
    if (count > 3) made[k3] = v3;
    return made;
  },
  /** A module's export that is not a function: its value, for the student's side to copy or hold. */
  exported: (file: string, name: string) => answer(() => modules[file]?.[name]),
};

/** Each helper bound: what the student's side holds are functions whose text is `[native code]`. */
const bound: Record<string, unknown> = Object.create(null);
for (const [name, value] of Object.entries(helpers))
  bound[name] = typeof value === 'function' ? value.bind(undefined) : value;
Object.freeze(bound);

Object.defineProperty(globalThis, '__pitbossBridge', {
  value: Object.freeze({
    /** What the host hands the student's context. */
    helpers: bound,
    /** A reference module, loaded by the host; `provided`: its exported classes name a provided error. */
    loaded(file: string, namespace: Record<string, unknown>, provided: boolean) {
      modules[file] = namespace;
      if (provided) for (const name of Object.keys(namespace)) providedClasses.push([name, namespace[name]]);
    },
    /** Each export of a module: what the stand-in must be (`class`, `function`, or a value). */
    exports(file: string): string {
      const namespace = modules[file] ?? {};
      return JSON.stringify(
        Object.keys(namespace).map((name) => ({
          name,
          kind: typeof namespace[name] === 'function' ? 'function' : 'value',
        })),
      );
    },
  }),
  writable: false,
  configurable: false,
  enumerable: false,
});

// A module of its own (bundled as a script): its names are its own.
export {};
