import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { closest, distance } from 'fastest-levenshtein';
import driverPackage from '../package.json' with { type: 'json' };
import { UsageError } from './errors.ts';
import { type WordSource, wordsFromFd } from './input.ts';
import { OutputClosed, writeAll } from './output.ts';
import { playLive, setUpLiveGame } from './play.ts';
import { findRuleSet, RULE_SETS } from './rules/index.ts';
import type { RuleSet } from './rules/rule-set.ts';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): string;
  /** The players' words (stdin); read only by a rule set that asks for them. */
  stdin(): WordSource;
}

export const EXIT_OK = 0;
export const EXIT_USAGE = 2;

const RULE_NAMES = RULE_SETS.map((rules) => rules.name).join('|');
// `--assignment`, as the grader names an edition; `--rules` is its older name, still read.
const USAGE = `blackjack [--assignment ${RULE_NAMES}] [--seed <n>] <words...>`;

const NAME_WIDTH = Math.max(...RULE_SETS.map((rules) => rules.name.length));
const HELP = [
  `usage: ${USAGE}`,
  ...RULE_SETS.map((rules) => `  --assignment ${rules.name.padEnd(NAME_WIDTH)}  blackjack ${rules.usage}`),
  `  ${'--seed <n>'.padEnd(NAME_WIDTH + 14)} start MT19937 at seed n instead of the course's 0 (table: the clock)`,
  `  ${'--version'.padEnd(NAME_WIDTH + 14)} print the version`,
  `  ${'--rules <name>'.padEnd(NAME_WIDTH + 14)} the older name of --assignment`,
  '',
].join('\n');

/** Runs the CLI; the one place where an error becomes an exit status. Nothing reaches stdout unless it all worked. */
export function runCli(argv: readonly string[], io: CliIo): number {
  try {
    // No words at all: what the command takes, and the status of a usage error (nothing was played).
    if (argv.length === 0) {
      io.stderr(HELP);
      return EXIT_USAGE;
    }
    const { help, version, rules, seed, words } = withUsage(USAGE, () => readOptions(argv));
    if (help) {
      io.stdout(HELP);
      return EXIT_OK;
    }
    if (version) {
      io.stdout(`${driverPackage.version}\n`);
      return EXIT_OK;
    }
    const game = withUsage(`blackjack --assignment ${rules.name} ${rules.usage}`, () =>
      setUpLiveGame(rules, words, { seed, readFile: io.readFile }),
    );
    // Every word was valid, so the game cannot fail part-way: it may print as it plays.
    playLive(game, io.stdout, io.stdin());
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`blackjack: ${error.message}\n`);
      return EXIT_USAGE;
    }
    // The reader has all it wanted.
    if (error instanceof OutputClosed) return EXIT_OK;
    throw error;
  }
}

/** Adds the usage line a mistake should be read against to any UsageError `read` throws. */
function withUsage<T>(usage: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(error.code, `${error.message} (usage: ${usage})`);
    throw error;
  }
}

interface Options {
  help: boolean;
  version: boolean;
  rules: RuleSet<unknown>;
  seed?: number | undefined;
  words: string[];
}

function readOptions(argv: readonly string[]): Options {
  const { tokens } = parseArgs({
    args: [...argv],
    options: {
      assignment: { type: 'string' },
      rules: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const options: Options = { help: false, version: false, rules: RULE_SETS[0]!, words: [] };
  const negativeNumbers = new Set<number>();
  for (const token of tokens) {
    if (token.kind === 'positional') options.words.push(token.value);
    if (token.kind !== 'option') continue;
    // parseArgs reads `-5` as a flag (or `-12` as two); here it is a number, which the rule set rejects.
    const raw = argv[token.index] ?? '';
    if (/^-\d/.test(raw)) {
      if (!negativeNumbers.has(token.index)) options.words.push(raw);
      negativeNumbers.add(token.index);
      continue;
    }
    if (token.name === 'help') {
      options.help = true;
      continue;
    }
    if (token.name === 'version') {
      options.version = true;
      continue;
    }
    if (token.name !== 'assignment' && token.name !== 'rules' && token.name !== 'seed') {
      throw new UsageError('UNKNOWN_OPTION', `unknown option '${token.rawName}'${suggestion(token.name)}`);
    }
    if (typeof token.value !== 'string') {
      throw new UsageError('MISSING_OPTION_VALUE', `option '${token.rawName}' needs a value`);
    }
    if (token.name === 'seed') options.seed = readSeed(token.value);
    else options.rules = readRules(token.value);
  }
  return options;
}

const OPTION_NAMES = ['assignment', 'rules', 'seed', 'help', 'version'];

/** ` (did you mean --seed?)` for a near miss of one of the options (as commander suggests in pitboss). */
function suggestion(name: string): string {
  const near = closest(name, OPTION_NAMES);
  if (distance(name, near) > Math.min(2, Math.floor(near.length / 2))) return '';
  return ` (did you mean --${near}?)`;
}

function readRules(name: string): RuleSet<unknown> {
  const rules = findRuleSet(name);
  if (rules === undefined) {
    throw new UsageError(
      'UNKNOWN_RULES',
      `unknown rule set '${name}' (expected ${RULE_NAMES.replaceAll('|', ', ')})`,
    );
  }
  return rules;
}

const MAX_SEED = 0xffffffff;

function readSeed(word: string): number {
  if (!/^\d+$/.test(word) || Number(word) > MAX_SEED) {
    throw new UsageError('NOT_AN_INTEGER', `--seed must be an integer from 0 to ${MAX_SEED}, got '${word}'`);
  }
  return Number(word);
}

/** The process entry point: real stdout, stderr and files. */
export function main(): void {
  process.exitCode = runCli(process.argv.slice(2), {
    stdout: (text) => writeAll(1, text),
    stderr: (text) => writeAll(2, text),
    readFile: (path) => readFileSync(path, 'utf8'),
    stdin: () => wordsFromFd(0),
  });
}
