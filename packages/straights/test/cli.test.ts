import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CliIo, parseSeed, runCli } from '../src/cli.ts';
import { wordsOf } from '../src/commands.ts';
import { CLI, REPO_ROOT } from './paths.ts';

const ALL_COMPUTERS = 'c\nc\nc\nc\n';
const run = (args: string[], input: string | Buffer = ALL_COMPUTERS) => {
  const result = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};
const compat = (name: string) => readFileSync(join(REPO_ROOT, 'fixtures/compat/straights', name), 'utf8');

/** Runs the CLI in this process with the given stdin. */
function runHere(args: string[], input = ALL_COMPUTERS) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stdin: wordsOf(input),
    clockSeed: () => 6788,
  };
  return { status: runCli(args, io), stdout, stderr };
}

describe('the straights CLI', () => {
  it('plays seed 6788 as the course did', () => {
    expect(run(['6788'])).toEqual({ status: 0, stdout: compat('6788_allc.txt'), stderr: '' });
  });

  it('is linked as node_modules/.bin/straights', () => {
    const bin = join(REPO_ROOT, 'node_modules/.bin/straights');
    expect(existsSync(bin)).toBe(true);
    const result = spawnSync(bin, ['6788'], { input: ALL_COMPUTERS, encoding: 'utf8' });
    expect(result.stdout).toBe(compat('6788_allc.txt'));
  });

  it('runs from the repo root as `pnpm --silent straights 6788 < in`', () => {
    const result = spawnSync('pnpm', ['--silent', 'straights', '6788'], {
      cwd: REPO_ROOT,
      input: readFileSync(join(REPO_ROOT, 'fixtures/compat/straights/spec_example.in')),
      encoding: 'utf8',
    });
    expect(result.stdout).toBe(compat('6788_spec_example.txt'));
    expect(result.status).toBe(0);
  });

  it('without a seed, plays a game from the clock and ends it', () => {
    const result = run([]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Is Player1 a human \(h\) or a computer \(c\)\?\n>/);
    expect(result.stdout).toMatch(/Player[1-4] wins!\n$/);
    expect(runHere([]).stdout).toBe(compat('6788_allc.txt'));
  });

  it('reads seeds as the course did (std::stoi into an unsigned): 44abc is 44; 0, 1, -1, 2147483647 are one game', () => {
    expect(run(['44abc']).stdout).toBe(run(['44']).stdout);
    const one = run(['1']).stdout;
    for (const seed of ['0', '-1', '2147483647', '+1', ' 1', '0001'])
      expect(run([seed]).stdout, seed).toBe(one);
  });

  it('stops quietly when its reader closes the pipe', () => {
    const result = spawnSync(
      'sh',
      ['-c', `printf 'c c c c' | "${process.execPath}" "${CLI}" 1 | head -n 2`],
      {
        encoding: 'utf8',
      },
    );
    expect(result.stdout).toBe(
      'Is Player1 a human (h) or a computer (c)?\n>Is Player2 a human (h) or a computer (c)?\n',
    );
    expect(result.stderr).toBe('');
  });

  it('treats the end of input as quit: nothing more, the last byte the pending prompt, exit 0', () => {
    expect(run(['2'], '')).toEqual({
      status: 0,
      stdout: 'Is Player1 a human (h) or a computer (c)?\n>',
      stderr: '',
    });
    const result = run(['2'], 'h\nc\nc\nc\nplay 7H\n');
    expect(result.stdout.endsWith('>This is not a legal play.\n>')).toBe(true);
    expect(result.status).toBe(0);
  });
});

// A non-number exits 1 and an out-of-range number 255, as the course's program (`std::stoi` throws; `return -1`).
describe('bad words: one line on stderr, nothing on stdout, the exit status the course program measured', () => {
  it.each([
    [['abc'], 1, /the seed must be an integer, got 'abc'/],
    [[''], 1, /the seed must be an integer, got ''/],
    [['-'], 1, /the seed must be an integer/],
    [['--help'], 1, /the seed must be an integer/],
    [['x44'], 1, /the seed must be an integer/],
    [['2147483648'], 255, /from -2147483648 to 2147483647, got '2147483648'/],
    [['-2147483649'], 255, /from -2147483648 to 2147483647/],
    [['99999999999999999999999'], 255, /from -2147483648 to 2147483647/],
    [['1', '2'], 2, /expected at most one word, the seed; got 2/],
  ])('straights %j exits %i', (args, status, message) => {
    const result = run(args);
    expect(result.status).toBe(status);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/^straights: [^\n]*\(usage: straights \[<seed>\]\)\n$/);
  });

  it('an unreadable stdin (a directory) is one line on stderr and exit 2, not a stack trace', () => {
    const directory = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" 1 < "${REPO_ROOT}"`], {
      encoding: 'utf8',
    });
    expect(directory.status).toBe(2);
    expect(directory.stderr).toMatch(/^straights: cannot read standard input \(EISDIR\)\n$/);
  });
});

describe('parseSeed (std::stoi, then unsigned)', () => {
  it.each([
    ['6788', 6788],
    ['44abc', 44],
    [' \t7', 7],
    ['+7', 7],
    ['-1', 4294967295],
    ['-2147483648', 2147483648],
    ['2147483647', 2147483647],
    ['0x10', 0],
    ['007', 7],
    ['12 34', 12],
    ['abc', 'not a number'],
    ['', 'not a number'],
    ['+', 'not a number'],
    [' ', 'not a number'],
    ['2147483648', 'out of range'],
    ['-2147483649', 'out of range'],
  ])('%j is %j', (word, expected) => {
    expect(parseSeed(word)).toBe(expected);
  });

  it('reads any int, with anything not a digit after it, as that int wrapped to 32 bits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        fc.oneof(
          fc.constant(''),
          fc.string().filter((rest) => !/^\d/.test(rest)),
        ),
        (seed, rest) => {
          expect(parseSeed(`${seed}${rest}`)).toBe(seed >>> 0);
        },
      ),
    );
  });
});
