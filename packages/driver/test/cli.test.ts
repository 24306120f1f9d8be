import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../scripts/transcript-fixtures.ts';

const CLI = join(REPO_ROOT, 'packages/driver/bin/blackjack.mjs');
const run = (args: string[], cwd = REPO_ROOT) => {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};
const sample = () => readFileSync(join(REPO_ROOT, 'fixtures/compat/classic/100_3_simple.txt'), 'utf8');

describe('the blackjack CLI', () => {
  it('prints the course sample.txt for `100 3 simple`, with or without --assignment classic (or its older name --rules)', () => {
    expect(run(['--assignment', 'classic', '100', '3', 'simple']).stdout).toBe(sample());
    expect(run(['100', '3', 'simple'])).toEqual({ status: 0, stdout: sample(), stderr: '' });
    expect(run(['--rules', 'classic', '100', '3', 'simple']).stdout).toBe(sample());
    expect(run(['--rules=classic', '--seed', '0', '100', '3', 'simple']).stdout).toBe(sample());
  });

  it('is linked as node_modules/.bin/blackjack', () => {
    const bin = join(REPO_ROOT, 'node_modules/.bin/blackjack');
    expect(existsSync(bin)).toBe(true);
    const result = spawnSync(bin, ['100', '3', 'simple'], { encoding: 'utf8' });
    expect(result.stdout).toBe(sample());
  });

  it('runs from the repo root as `pnpm --silent blackjack`', () => {
    const result = spawnSync('pnpm', ['--silent', 'blackjack', '100', '3', 'simple'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(result.stdout).toBe(sample());
    expect(result.status).toBe(0);
  });

  it('prints help on --help and exits 0', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: blackjack \[--assignment classic\|minbet\|crusaders\|table\]/);
    expect(result.stdout).toContain('--assignment minbet');
    expect(result.stdout).toContain('--rules <name>');
  });

  it('prints its version on --version, and the help on stderr with status 2 when given no words at all', () => {
    const version = run(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const nothing = run([]);
    expect(nothing.status).toBe(2);
    expect(nothing.stdout).toBe('');
    expect(nothing.stderr).toMatch(/^usage: blackjack /);
  });

  it('stops quietly when its reader closes the pipe', () => {
    const result = spawnSync(
      'sh',
      ['-c', `"${process.execPath}" "${CLI}" 10000 10000 counting | head -n 2`],
      {
        encoding: 'utf8',
      },
    );
    expect(result.stdout).toBe('Shuffling the deck\ncut at 39\n');
    expect(result.stderr).toBe('');
  });
});

describe('bad input: one line on stderr naming the problem and the usage, nothing on stdout, status 2', () => {
  const cutsDir = join(REPO_ROOT, 'packages/driver/test/cuts');
  it.each([
    [['100', '3'], /expected 3 words, got 2/],
    [['100', '3', 'simple', 'extra'], /expected 3 words, got 4/],
    [['abc', '3', 'simple'], /bankroll must be an integer, got 'abc'/],
    [['100', '3.5', 'simple'], /hands must be an integer, got '3.5'/],
    [['0', '3', 'simple'], /bankroll must be positive, got 0/],
    [['-5', '3', 'simple'], /bankroll must be positive, got -5/],
    [['100', '-12', 'simple'], /hands must be positive, got -12/],
    [['100', '0', 'simple'], /hands must be positive/],
    [['99999999999999999999', '3', 'simple'], /bankroll is too large/],
    [['100', '3', 'smart'], /unknown player type 'smart'/],
    [['--rules', 'crusader', '100', '3', 'simple'], /unknown rule set 'crusader'/],
    [['--rules'], /option '--rules' needs a value/],
    [['--bogus', '100', '3', 'simple'], /unknown option '--bogus' \(usage/],
    [['--sede', '3', '100', '3', 'simple'], /unknown option '--sede' \(did you mean --seed\?\)/],
    [
      ['--assignmnet', 'minbet', '100', '3', 'simple'],
      /unknown option '--assignmnet' \(did you mean --assignment\?\)/,
    ],
    [
      ['--assignment', 'minbet', '100', '5', '3'],
      /expected 4 or 5 words, got 3 \(usage: blackjack --assignment minbet/,
    ],
    [['--assignment'], /option '--assignment' needs a value/],
    [['--seed', 'x', '100', '3', 'simple'], /--seed must be an integer/],
    [['--rules', 'minbet', '100', '5', '3'], /expected 4 or 5 words, got 3/],
    [['--rules', 'minbet', '100', '0', '3', 'simple'], /min-bet must be positive/],
    [
      ['--rules', 'minbet', '100', '5', '3', 'simple', 'missing.txt'],
      /cannot read cuts file 'missing.txt' \(ENOENT\)/,
    ],
    [['--rules', 'minbet', '100', '5', '3', 'simple', '.'], /cannot read cuts file '.' \(EISDIR\)/],
    [['--rules', 'minbet', '100', '5', '3', 'simple', 'empty.txt'], /cuts file 'empty.txt' holds no cut/],
    [
      ['--rules', 'minbet', '100', '5', '3', 'simple', 'too-big.txt'],
      /cut 3 is '53', not an integer from 0 to 52/,
    ],
    [['--rules', 'minbet', '100', '5', '3', 'simple', 'negative.txt'], /cut 1 is '-1'/],
    [['--rules', 'minbet', '100', '5', '3', 'simple', 'word.txt'], /cut 2 is 'seven'/],
  ])('%j', (args, problem) => {
    const result = run(args, cutsDir);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(problem);
    expect(result.stderr).toMatch(/usage: blackjack/);
    expect(result.stderr.split('\n')).toEqual([expect.stringMatching(/^blackjack: /), '']);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
