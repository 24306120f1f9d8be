// The wire between the grader and the executor: scripts of calls down, what each call gave up. The
// executor runs student code and nothing else: no test, no reference, no expected answer ever travels
// down. What comes up is data the grader decodes itself (calls-decode.ts), size-capped and checked.

/** An argument: plain data (the executor hands the student a fresh frozen copy), a value bound by an
 * earlier step of the same script, or a view: an object whose methods each return a fresh frozen copy
 * of the data given (a hand that reports its value, say). */
export type WireArg = { data: unknown } | { ref: number } | { view: Record<string, unknown> };

export type WireStep =
  /** `new <file>.<export>(...args)`; the instance is bound to slot `bind`. */
  | { op: 'new'; file: string; export: string; args: WireArg[]; bind: number }
  /** `<file>.<export>(...args)`, an exported function; its result bound to `bind` when given. */
  | { op: 'fn'; file: string; export: string; args: WireArg[]; bind?: number; catch?: boolean }
  /** `slot.method(...args)`. With `catch`, a throw is told and the script goes on; else it ends there. */
  | { op: 'call'; target: number; method: string; args: WireArg[]; bind?: number; catch?: boolean }
  /** Whether two slots hold the very same object (`===`). */
  | { op: 'same'; a: number; b: number }
  /**
   * A recorder bound to slot `bind`: a function for the student's code to call (a callback, a writer
   * it is given), which keeps the arguments of every call made to it.
   */
  | { op: 'recorder'; bind: number }
  /**
   * What the recorder in slot `recorder` kept since the last take, which it then forgets: the calls,
   * each the array of its arguments; with `text`, when every call passed one string and nothing else,
   * those strings joined.
   */
  | { op: 'take'; recorder: number; text?: boolean };

export interface ExecRequest {
  id: number;
  scripts: WireStep[][];
}

/**
 * A value as the executor saw it: JSON primitives as they are; everything else tagged. Strings and
 * collections are cut by the executor, and decoded again by the grader, which trusts none of it.
 */
export type Encoded =
  | null
  | boolean
  | number
  | string
  | { $: 'undefined' }
  | { $: 'number'; v: 'NaN' | 'Infinity' | '-Infinity' | '-0' }
  | { $: 'bigint'; v: string }
  | { $: 'symbol'; v: string }
  | { $: 'function'; name: string }
  | { $: 'promise' }
  | { $: 'cycle' }
  | { $: 'deep' }
  | { $: 'cut'; v: string; more: number }
  | { $: 'array'; v: Encoded[]; more: number }
  | { $: 'object'; c: string; v: Record<string, Encoded>; more: number };

export interface EncodedThrow {
  /** Whether it is an Error (of the student's realm). */
  error: boolean;
  name: string;
  message: string;
  /** The provided class it is an instance of (`DeckEmpty`), from the provided module the student imports. */
  provided?: string;
  /** What was thrown, when it is not an Error. */
  value?: Encoded;
}

export type LoadProblem =
  | { file: string; kind: 'load'; thrown: EncodedThrow }
  /** `exports`: the names the module does export (at most EXPORTS_LISTED), for a hint at the fix. */
  | { file: string; kind: 'export'; export: string; found: Encoded; exports?: string[] };

/** The most export names a load problem lists. */
export const EXPORTS_LISTED = 20;

export type WireOutcome = { v: Encoded } | { t: EncodedThrow } | { l: LoadProblem };

export interface ExecReply {
  token: string;
  id: number;
  /** Per script, one outcome per step run: a script ends after a throw (unless caught) or a load problem. */
  results: WireOutcome[][];
  /** Each first use of chance by a file since the last reply (3-sandbox/children/chance.ts): `[call, file]`. */
  chance?: [string, string][];
}

/** The first line after the token: which files are provided (their classes are recognised in throws). */
export interface ExecPreamble {
  provided: string[];
}
