// A script of calls to a student's code, written by a test in the grader's process: each step names a
// call and says, with the oracle's answer already computed from the generator's values, how to judge
// what the call gives. Only the calls travel to the student's process; the judging stays here.
import type { WireArg, WireStep } from '../3-sandbox/children/executor/calls.ts';

/** What a student's code threw, as the grader decoded it. */
export interface Thrown {
  /** An Error of the student's realm (else a thrown string, number, object...). */
  error: boolean;
  name: string;
  message: string;
  /** The provided class it is an instance of (`DeckEmpty` from card.ts), if any. */
  provided?: string | undefined;
  /** The thrown value itself, when it is not an Error. */
  value?: unknown;
}

/** A value bound in the student's process by an earlier step of the same script. */
export interface Slot {
  readonly slot: number;
}

/** A step's verdict: a sentence saying what went wrong, or undefined when the step is right. */
export type Judge<T> = (got: T) => string | undefined;

export interface CallOptions {
  /** The words a throw is told with: `<text> threw TypeError: ...`. */
  text: string;
  /** Judges what the call returned (already decoded into plain values). */
  check?: Judge<unknown> | undefined;
  /**
   * Judges a throw: undefined means the throw is what was expected, and the script goes on. Without
   * it, any throw fails the step and ends the script.
   */
  onThrow?: Judge<Thrown> | undefined;
}

export interface ScriptStep {
  wire: WireStep;
  text: string;
  check?: Judge<unknown> | undefined;
  onThrow?: Judge<Thrown> | undefined;
}

/** An argument for a call: plain data (the student gets a frozen copy), a slot, or a view. */
export type Arg = WireArg;
export const data = (value: unknown): Arg => ({ data: value });
export const ref = (slot: Slot): Arg => ({ ref: slot.slot });
/** An object whose methods each return a fresh frozen copy of the data given. */
export const view = (methods: Record<string, unknown>): Arg => ({ view: methods });

/** What the student's process is sent: a script's calls, and how many steps it has. */
export interface Calls {
  wire(): WireStep[];
  readonly steps: readonly unknown[];
}

export class Script implements Calls {
  readonly steps: ScriptStep[] = [];
  #slots = 0;

  /** `new <file>.<name>()`: the student's class, made; its constructor throwing fails the step. */
  construct(file: string, name: string, args: readonly Arg[], text: string): Slot {
    const bind = this.#slots++;
    this.steps.push({ wire: { op: 'new', file, export: name, args: [...args], bind }, text });
    return { slot: bind };
  }

  /** `<file>.<name>(...args)`, an exported function; its result kept in a slot. */
  function(file: string, name: string, args: readonly Arg[], options: CallOptions): Slot {
    const bind = this.#slots++;
    const wire: WireStep = { op: 'fn', file, export: name, args: [...args], bind };
    if (options.onThrow !== undefined) wire.catch = true;
    this.steps.push({ wire, ...options });
    return { slot: bind };
  }

  /** `<target>.<method>(...args)`. */
  call(target: Slot, method: string, args: readonly Arg[], options: CallOptions): Slot {
    const bind = this.#slots++;
    const wire: WireStep = { op: 'call', target: target.slot, method, args: [...args], bind };
    if (options.onThrow !== undefined) wire.catch = true;
    this.steps.push({ wire, ...options });
    return { slot: bind };
  }

  /** Whether two slots hold the very same object, judged by `check`. */
  same(a: Slot, b: Slot, text: string, check: Judge<boolean>): void {
    this.steps.push({
      wire: { op: 'same', a: a.slot, b: b.slot },
      text,
      check: (got) => check(got === true),
    });
  }

  /**
   * A function for the student's code to call (a callback, a writer it is given): it keeps the
   * arguments of every call. Pass it on with `ref`; `take` reads what it kept.
   */
  recorder(text: string): Slot {
    const bind = this.#slots++;
    this.steps.push({ wire: { op: 'recorder', bind }, text });
    return { slot: bind };
  }

  /**
   * What `recorder` kept since the last take (which it then forgets), judged by `check`: the calls,
   * each the array of its arguments; with `joined`, when every call passed one string, those strings
   * joined into one text.
   */
  take(recorder: Slot, options: { text: string; check: Judge<unknown>; joined?: boolean }): void {
    const wire: WireStep = { op: 'take', recorder: recorder.slot };
    if (options.joined === true) wire.text = true;
    this.steps.push({ wire, text: options.text, check: options.check });
  }

  /** What travels to the student's process. */
  wire(): WireStep[] {
    return this.steps.map((step) => step.wire);
  }
}
