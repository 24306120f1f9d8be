import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../scripts/transcript-fixtures.ts';
import { referee } from './table-referee.ts';

const CLI = join(REPO_ROOT, 'packages/driver/bin/blackjack.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'table-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The CLI with `input` on a pipe. */
const run = (args: readonly string[], input = '') => {
  const result = spawnSync(process.execPath, [CLI, '--rules', 'table', ...args], { input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

/** The CLI with `input` in a file given as stdin, as `blackjack ... < file` does. */
const runFromFile = (args: readonly string[], input: string) => {
  const path = join(scratch, `input-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(path, input);
  const fd = openSync(path, 'r');
  try {
    const result = spawnSync(process.execPath, [CLI, '--rules', 'table', ...args], {
      stdio: [fd, 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    closeSync(fd);
  }
};

const INPUT = '10 20\nhit stay\nhit hit stay\ny\n5 5 stay stay\nYes\n\t1\r\n2 h h h h s s nope\n';

describe('blackjack --rules table as a process', () => {
  it('--seed is reproducible, from a pipe and from a file alike, and passes the referee', () => {
    const args = ['--seed', '42', 'Joe', '100', 'Sally', '200'];
    const piped = run(args, INPUT);
    expect(piped.status).toBe(0);
    expect(piped.stderr).toBe('');
    expect(run(args, INPUT)).toEqual(piped);
    expect(runFromFile(args, INPUT)).toEqual(piped);
    const players = [
      { name: 'Joe', funds: 100n },
      { name: 'Sally', funds: 200n },
    ];
    referee(piped.stdout, players, INPUT.split(/\s+/).filter(Boolean));
    expect(run(['--seed', '43', 'Joe', '100', 'Sally', '200'], INPUT).stdout).not.toBe(piped.stdout);
  });

  it('without --seed deals from the clock: a whole game every time, not the same deal every time', () => {
    const games = Array.from({ length: 4 }, () => run(['Ann', '10'], '5 stay n'));
    for (const game of games) {
      expect(game.status).toBe(0);
      referee(game.stdout, [{ name: 'Ann', funds: 10n }], ['5', 'stay', 'n']);
    }
    expect(new Set(games.map((game) => game.stdout)).size).toBeGreaterThan(1);
  });

  it('reads words cut anywhere between the writes of a slow pipe, byte by byte', async () => {
    const args = ['--seed', '7', 'Zoë', '30', "O'Brien", '40'];
    const expected = run(args, INPUT).stdout;
    const child = spawn(process.execPath, [CLI, '--rules', 'table', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const closed = new Promise((resolve) => child.on('close', resolve));
    // The game may end before the last words typed: they are never read, and the pipe breaks.
    child.stdin.on('error', () => {});
    const out: Buffer[] = [];
    let asked: () => void = () => {};
    const firstPrompt = new Promise<void>((resolve) => {
      asked = resolve;
    });
    child.stdout.on('data', (data: Buffer) => {
      out.push(data);
      if (Buffer.concat(out).toString('utf8').includes(' bet? ')) asked();
    });
    // Typed only once the game waits on its first read, so that each read finds a byte or two.
    await firstPrompt;
    const bytes = Buffer.from(INPUT);
    for (let i = 0; i < bytes.length && child.exitCode === null; i++) {
      child.stdin.write(bytes.subarray(i, i + 1));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    child.stdin.end();
    const status = await closed;
    expect(status).toBe(0);
    expect(Buffer.concat(out).toString('utf8')).toBe(expected);
  });

  it('shows each prompt before it waits for the answer (a person at a terminal sees the question)', async () => {
    const child = spawn(process.execPath, [CLI, '--rules', 'table', '--seed', '1', 'Ann', '10'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let seen: (() => void) | undefined;
    child.stdout.on('data', (data: Buffer) => {
      out += data.toString('utf8');
      seen?.();
    });
    // Nothing is typed until the question is on stdout: a prompt left in a buffer would hang here.
    const waitFor = (text: string) =>
      new Promise<void>((resolve) => {
        seen = () => {
          if (out.endsWith(text)) resolve();
        };
        seen();
      });
    await waitFor('How much does Ann bet? ');
    child.stdin.write('5\n');
    await waitFor("Ann's play: ");
    child.stdin.write('stay\n');
    await waitFor('Another round? ');
    child.stdin.end('n\n');
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    expect(out.endsWith('Another round? \n\nGoodbye!\n')).toBe(true);
  });

  it('ends the game at once on empty input, and plays names as given (UTF-8 included)', () => {
    const result = run(['--seed', '3', 'Zoë', '0', 'Ann', '5'], '');
    expect(result.status).toBe(0);
    const report = referee(
      result.stdout,
      [
        { name: 'Zoë', funds: 0n },
        { name: 'Ann', funds: 5n },
      ],
      [],
    );
    expect(report.rounds).toHaveLength(1);
    expect(result.stdout).toContain('How much does Zoë bet? \nIllegal bet--changing to $0\n');
  });

  it('stops quietly when its reader closes the pipe', () => {
    // Enough rounds to fill any pipe, but a finite number: a game that never wrote would still end.
    const result = spawnSync(
      'sh',
      ['-c', `"${process.execPath}" "${CLI}" --rules table --seed 1 Ann 10 | head -n 3`],
      {
        input: 'y '.repeat(20_000),
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.stdout).toBe('Welcome to CMSC 202 Blackjack!\n\nRound 1:\n');
    expect(result.stderr).toBe('');
  });
});

describe('bad table command lines: one line on stderr naming the problem and the usage, nothing on stdout, status 2', () => {
  const eight = Array.from({ length: 8 }, (_, i) => [`P${i}`, '10']).flat();
  it.each([
    [[], /expected a name and funds for each of 1 to 7 players, got 0 words/],
    [['Ann'], /got 1 words/],
    [['Ann', '10', 'Bob'], /got 3 words/],
    [eight, /got 16 words/],
    [['Ann', '-5'], /Ann's funds must be 0 or more, got -5/],
    [['Ann', 'ten'], /Ann's funds must be a whole number, got 'ten'/],
    [['Ann', '1.5'], /Ann's funds must be a whole number, got '1.5'/],
    [['Ann', '10', 'Bob', '1e3'], /Bob's funds must be a whole number, got '1e3'/],
    [['Ann', '1\n0'], /Ann's funds must be a whole number, got "1\\n0"/],
    [['', '10'], /a player's name must be one word, got ''/],
    [['Ann Lee', '10'], /a player's name must be one word, got 'Ann Lee'/],
    [['Ann\nLee', '10'], /a player's name must be one word, got "Ann\\nLee"/],
    [['--seed', 'x', 'Ann', '10'], /--seed must be an integer/],
    [['--seed', '-1', 'Ann', '10'], /--seed must be an integer/],
    [['--bogus', 'Ann', '10'], /unknown option '--bogus'/],
  ])('%j', (args, problem) => {
    const result = run(args, '10 stay n');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(problem);
    expect(result.stderr).toMatch(/usage: blackjack/);
    expect(result.stderr.split('\n')).toEqual([expect.stringMatching(/^blackjack: /), '']);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the table usage when the words are wrong', () => {
    expect(run(['Ann']).stderr).toContain(
      '(usage: blackjack --assignment table <name> <funds> [<name> <funds> ...])',
    );
  });
});
