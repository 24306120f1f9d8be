// Decoding what the executor sent: every field checked, every string cut, nothing evaluated. Objects
// become plain objects of the grader's realm, so a test judges values no student code can reach.
import {
  type Encoded,
  type EncodedThrow,
  EXPORTS_LISTED,
  type LoadProblem,
  type WireOutcome,
} from '../3-sandbox/children/executor/calls.ts';
import type { Thrown } from './script.ts';

/** The longest student text the grader keeps, in characters; the rest is told as a count. */
export const TEXT_LIMIT = 64 * 1024;

export class MalformedReply extends Error {
  readonly code = 'MALFORMED_REPLY';
  constructor(what: string) {
    super(`malformed reply from the student's process: ${what}`);
    this.name = 'MalformedReply';
  }
}

/**
 * Marks an Opaque. An assignment is bundled with its own copy of this kit, so a class check across
 * the two copies would fail: a registered symbol is the same in both.
 */
const OPAQUE = Symbol.for('pitboss.opaque');

/** A value the grader cannot hold as itself: a function, a promise, something cut. */
export class Opaque {
  readonly kind: 'function' | 'promise' | 'symbol' | 'cycle' | 'deep';
  readonly name: string;
  readonly [OPAQUE] = true;
  constructor(kind: Opaque['kind'], name = '') {
    this.kind = kind;
    this.name = name;
  }
}

export const isOpaque = (value: unknown): value is Opaque =>
  typeof value === 'object' && value !== null && (value as { [OPAQUE]?: unknown })[OPAQUE] === true;

export const cutText = (text: string, more = 0): string => {
  const over = text.length - TEXT_LIMIT;
  if (over <= 0 && more === 0) return text;
  const kept = over > 0 ? text.slice(0, TEXT_LIMIT) : text;
  const cut = Math.max(0, over) + more;
  return `${kept}... [cut: ${cut.toLocaleString('en-US')} more characters]`;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new MalformedReply(`${what} is not a string`);
  return cutText(value);
}

function count(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new MalformedReply(`${what} is not a count`);
  return value;
}

export function decodeValue(encoded: unknown, depth = 0): unknown {
  if (depth > 8) throw new MalformedReply('a value nests too deep');
  if (encoded === null || typeof encoded === 'boolean') return encoded;
  if (typeof encoded === 'number') {
    if (!Number.isFinite(encoded)) throw new MalformedReply('a number is not finite');
    return encoded;
  }
  if (typeof encoded === 'string') return cutText(encoded);
  if (!isRecord(encoded)) throw new MalformedReply('a value has no tag');
  const tagged = encoded as Record<string, unknown>;
  switch (tagged.$) {
    case 'undefined':
      return undefined;
    case 'number':
      switch (tagged.v) {
        case 'NaN':
          return Number.NaN;
        case 'Infinity':
          return Number.POSITIVE_INFINITY;
        case '-Infinity':
          return Number.NEGATIVE_INFINITY;
        case '-0':
          return -0;
      }
      throw new MalformedReply('an odd number');
    case 'bigint': {
      const digits = text(tagged.v, 'a bigint');
      if (!/^-?\d{1,4096}$/.test(digits)) throw new MalformedReply('a bigint is not digits');
      return BigInt(digits);
    }
    case 'symbol':
      return new Opaque('symbol', text(tagged.v, 'a symbol'));
    case 'function':
      return new Opaque('function', text(tagged.name, "a function's name"));
    case 'promise':
      return new Opaque('promise');
    case 'cycle':
      return new Opaque('cycle');
    case 'deep':
      return new Opaque('deep');
    case 'cut':
      return cutText(text(tagged.v, 'a cut string'), count(tagged.more, 'a cut'));
    case 'array': {
      if (!Array.isArray(tagged.v)) throw new MalformedReply('an array has no items');
      count(tagged.more, "an array's rest");
      return tagged.v.map((item) => decodeValue(item, depth + 1));
    }
    case 'object': {
      if (!isRecord(tagged.v)) throw new MalformedReply('an object has no properties');
      text(tagged.c, "an object's class");
      count(tagged.more, "an object's rest");
      const object: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(tagged.v)) {
        // Defined, not assigned: a property named __proto__ is just a property.
        Object.defineProperty(object, cutText(name), {
          value: decodeValue(value, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    }
  }
  throw new MalformedReply('an unknown tag');
}

export function decodeThrow(encoded: unknown): Thrown {
  if (!isRecord(encoded) || typeof encoded.error !== 'boolean') throw new MalformedReply('a throw');
  const thrown: Thrown = {
    error: encoded.error,
    name: text(encoded.name, "an error's name"),
    message: text(encoded.message, "an error's message"),
  };
  if (encoded.provided !== undefined) thrown.provided = text(encoded.provided, 'a provided class');
  if (!encoded.error) thrown.value = decodeValue(encoded.value);
  return thrown;
}

export type DecodedLoad =
  | { file: string; kind: 'load'; thrown: Thrown }
  | { file: string; kind: 'export'; export: string; found: unknown; exports: string[] };

export type Outcome = { value: unknown } | { thrown: Thrown } | { load: DecodedLoad };

function decodeLoad(encoded: unknown): DecodedLoad {
  if (!isRecord(encoded)) throw new MalformedReply('a load problem');
  const problem = encoded as Partial<LoadProblem> & Record<string, unknown>;
  const file = text(problem.file, 'a file');
  if (problem.kind === 'load') return { file, kind: 'load', thrown: decodeThrow(problem.thrown) };
  if (problem.kind === 'export')
    return {
      file,
      kind: 'export',
      export: text(problem.export, 'an export'),
      found: decodeValue(problem.found),
      exports: Array.isArray(problem.exports)
        ? problem.exports.slice(0, EXPORTS_LISTED).map((name) => text(name, 'an export name').slice(0, 64))
        : [],
    };
  throw new MalformedReply('an unknown load problem');
}

export function decodeOutcome(encoded: unknown): Outcome {
  if (!isRecord(encoded)) throw new MalformedReply('an outcome');
  const outcome = encoded as Partial<Record<'v' | 't' | 'l', unknown>>;
  if ('v' in outcome) return { value: decodeValue(outcome.v) };
  if ('t' in outcome) return { thrown: decodeThrow(outcome.t as EncodedThrow) };
  if ('l' in outcome) return { load: decodeLoad(outcome.l) };
  throw new MalformedReply('an outcome of no kind');
}

/** Each script's outcomes: as many scripts as were sent, never more steps than a script has. */
export function decodeResults(results: unknown, stepsPerScript: readonly number[]): Outcome[][] {
  if (!Array.isArray(results) || results.length !== stepsPerScript.length)
    throw new MalformedReply('the number of scripts');
  return results.map((outcomes, i) => {
    if (!Array.isArray(outcomes) || outcomes.length > stepsPerScript[i]!)
      throw new MalformedReply('the number of steps');
    return (outcomes as WireOutcome[]).map(decodeOutcome);
  });
}

export type { Encoded };
