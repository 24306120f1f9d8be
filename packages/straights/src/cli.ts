// The `straights [<seed>]` command: the seed, standard input and output, and exit statuses.
import type { Words } from './commands.ts';
import { playGame } from './game.ts';
import { descriptorWords, InputFailed, OutputClosed, writeAll } from './io.ts';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  stdin: Words;
  /** The seed of a game started without one (the course used the clock: such a game cannot be repeated). */
  clockSeed(): number;
}

export const USAGE = 'straights [<seed>]';

// The course's program ends as `std::stoi` makes it end (compat/straights README section 3): a seed
// that is no number exits 1, a number outside an int exits 255 (its `return -1`).
export const EXIT_OK = 0;
export const EXIT_NOT_A_NUMBER = 1;
export const EXIT_USAGE = 2;
export const EXIT_OUT_OF_RANGE = 255;
/** A bug in this program, said in one line rather than a stack trace. */
export const EXIT_INTERNAL = 70;

const INT_MIN = -(2n ** 31n);
const INT_MAX = 2n ** 31n - 1n;

/**
 * The seed as `unsigned seed = std::stoi(word)` reads it: leading whitespace, an optional sign and at
 * least one digit, anything after the digits ignored (`44abc` is 44); an int (32 bits), which the
 * unsigned then wraps (-1 is 4294967295).
 */
export function parseSeed(word: string): number | 'not a number' | 'out of range' {
  const digits = /^[ \t\n\v\f\r]*([+-]?\d+)/.exec(word)?.[1];
  if (digits === undefined) return 'not a number';
  const value = BigInt(digits);
  if (value < INT_MIN || value > INT_MAX) return 'out of range';
  return Number(value) >>> 0;
}

class UsageError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(`${message} (usage: ${USAGE})`);
    this.status = status;
  }
}

function readSeed(argv: readonly string[], io: CliIo): number {
  if (argv.length > 1)
    throw new UsageError(EXIT_USAGE, `expected at most one word, the seed; got ${argv.length}`);
  const word = argv[0];
  if (word === undefined) return io.clockSeed();
  const seed = parseSeed(word);
  if (seed === 'not a number')
    throw new UsageError(EXIT_NOT_A_NUMBER, `the seed must be an integer, got '${word}'`);
  if (seed === 'out of range') {
    throw new UsageError(
      EXIT_OUT_OF_RANGE,
      `the seed must be an integer from ${INT_MIN} to ${INT_MAX}, got '${word}'`,
    );
  }
  return seed;
}

/** Runs the CLI; the one place where an error becomes an exit status. */
export function runCli(argv: readonly string[], io: CliIo): number {
  try {
    const seed = readSeed(argv, io);
    playGame({ seed, input: io.stdin, write: io.stdout });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`straights: ${error.message}\n`);
      return error.status;
    }
    // The reader has all it wanted.
    if (error instanceof OutputClosed) return EXIT_OK;
    if (error instanceof InputFailed) {
      io.stderr(`straights: ${error.message}\n`);
      return EXIT_USAGE;
    }
    io.stderr(`straights: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_INTERNAL;
  }
}

/** The process entry point: real stdin, stdout and stderr. */
export function main(): void {
  process.exitCode = runCli(process.argv.slice(2), {
    stdout: (text) => writeAll(1, text),
    stderr: (text) => writeAll(2, text),
    stdin: descriptorWords(0),
    clockSeed: () => Date.now() >>> 0,
  });
}
