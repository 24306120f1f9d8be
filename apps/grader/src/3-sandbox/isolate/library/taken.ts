// The in-isolate library's first part, evaluated before any other (library.ts imports it first): the
// built-ins it keeps, taken before any student code runs, and the lists made of them.
// Taken before any student code runs. The host reads a run's results after the run (its output, chance,
// end), through `__pitboss`: those reads use only these and null-prototype lists, never a built-in the
// program can replace or a prototype it can add a setter to, so what it does to them, even after its last
// line, cannot break or bend how its results are read.
export const apply = Reflect.apply;
export const create = Object.create;
export const toNumber = Number;
export const toText = String;
export const textSlice = String.prototype.slice;
export const textIncludes = String.prototype.includes;
export const charCode = String.prototype.charCodeAt;
export const regexExec = RegExp.prototype.exec;
export const most = Math.max;
export const least = Math.min;
export const same = Object.is;
// The program's writes too, as Node's console is made of what it took at start (its primordials): a
// program that replaces `Array.prototype.map` still prints with console.log.
export const Bytes = Uint8Array;
export const bytesLength = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype),
  'length',
)!.get as (this: Uint8Array) => number;

/** A list no built-in of the run's reaches: own items by index on a null-prototype object, and a count. */
export interface List<T> {
  [index: number]: T;
  length: number;
}
export const list = <T>(): List<T> => {
  const made = create(null) as List<T>;
  made.length = 0;
  return made;
};
export const add = <T>(to: List<T>, item: T): void => {
  to[to.length] = item;
  to.length += 1;
};
const arraySlice = Array.prototype.slice;
/**
 * A list's items as an array, for the host to copy out (an array copies fast; an object of a million
 * keys does not). Sliced from what is not an array, the engine makes a plain array itself: no species
 * looked up, no setter, no iterator of the program's.
 */
export const arrayOf = <T>(from: List<T>): T[] => apply(arraySlice, from, [0, from.length]) as T[];
const arrayJoin = Array.prototype.join;
/**
 * A list of text and bytes (the run's stdout) for the host to copy out: its texts joined into one when
 * it holds text only (one string copies fast; fifty thousand lines, one a chunk, do not), else its items.
 */
export const chunksOf = (from: List<string | Uint8Array>): (string | Uint8Array)[] => {
  for (let i = 0; i < from.length; i++) if (typeof from[i] !== 'string') return arrayOf(from);
  return from.length < 2 ? arrayOf(from) : [apply(arrayJoin, arrayOf(from), ['']) as string];
};
/** Empties a list. */
export const clear = <T>(from: List<T>): void => {
  for (let i = 0; i < from.length; i++) delete from[i];
  from.length = 0;
};
