import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import type { TestStatus } from '../../src/0-results/test.ts';
import { REPO_ROOT, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');

/** Per hostile fixture: the verdicts its spoiled files get; every other student file keeps full marks. */
const EXPECTED: Record<string, Record<string, TestStatus>> = {
  'hostile-sync-loop': { 'deck.ts': 'timeout' },
  'hostile-promise-loop': { 'hand.ts': 'timeout' },
  'hostile-memory-bomb': { 'player.ts': 'memory-limit' },
  'hostile-buffer-bomb': { 'hand.ts': 'memory-limit' },
  'hostile-deep-recursion': { 'hand.ts': 'runtime-error' },
  'hostile-output-flood': { 'blackjack.ts': 'output-limit' },
  'hostile-exit-mid-test': { 'deck.ts': 'runtime-error' },
  'hostile-spawn': {},
  'hostile-read-secrets': {},
  'hostile-write-outside': {},
  // Its import of node:net is refused before it runs: the file does not load (isolates give no network module).
  'hostile-network': { 'hand.ts': 'load-error' },
  'hostile-globals': {},
  'hostile-fake-pass': { 'deck.ts': 'failed' },
  'hostile-throws': { 'deck.ts': 'runtime-error', 'hand.ts': 'runtime-error', 'player.ts': 'runtime-error' },
};

/** Processes still running (zombies awaiting their reaper aside) whose command line mentions `marker`. */
function runningWith(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      if (command.includes(marker) && state !== 'Z') found.push(`${pid} ${command.replaceAll('\0', ' ')}`);
    } catch {
      // Gone.
    }
  }
  return found;
}

describe('grading the hostile fixtures in one batch', async () => {
  const connections: string[] = [];
  const listener = createServer((socket) => {
    connections.push('connected');
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(47_281, '127.0.0.1', resolve));
  // A temporary folder of its own: every sandbox's command line names it, so strays can be found.
  const tmp = mkdtempSync(join(tmpdir(), 'pitboss-hostile-'));
  // The sandbox's own uid must be able to pass through the temporary folder.
  chmodSync(tmp, 0o755);
  // Looked into last (no stray, nothing written): then gone, as every run's own folders are.
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const folders = Object.keys(EXPECTED).map((name) => join(FIXTURES, name));
  const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        BIN,
        'grade',
        ...folders,
        '--format',
        'json',
        // Wall time for code that sleeps; the loops are stopped sooner by their scaled CPU-time limit
        // (3 s of CPU is 13 s of wall time at a load of 9 on two cores, seen on CI). Long enough that a
        // loaded machine never times out honest code.
        '--timeout',
        '30',
        // A small memory limit: the bombs reach it in a few allocations even where the machine's first
        // touch of fresh memory is slow (a new VM), so the verdict cannot race the time limit.
        '--memory',
        '128',
        '--only',
        'deck.',
        'hand.',
        'player.',
        'transcript.course',
      ],
      { env: { ...process.env, TMPDIR: tmp } },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.on('close', (status) => resolve({ status, stdout }));
  });
  listener.close();
  const reports = JSON.parse(run.stdout) as Report[];

  it('completes, one report per submission', () => {
    expect(run.status).toBe(1);
    expect(reports.map((report) => report.submission.name)).toEqual(Object.keys(EXPECTED));
  });

  it.each(Object.entries(EXPECTED))(
    '%s gets the right verdict where it spoils, full marks elsewhere',
    (name, spoiled) => {
      const report = reports.find((r) => r.submission.name === name)!;
      for (const file of ['deck.ts', 'hand.ts', 'player.ts', 'blackjack.ts']) {
        const tests = report.tests.filter((test) => test.file === file);
        const lost = tests.filter((test) => test.status !== 'passed');
        const verdict = spoiled[file];
        if (verdict === undefined) expect(lost, `${name} ${file}`).toEqual([]);
        else {
          expect(lost.length, `${name} ${file}`).toBeGreaterThan(0);
          expect(new Set(lost.map((test) => test.status)), `${name} ${file}`).toEqual(new Set([verdict]));
        }
      }
    },
  );

  it('names the limit and its value, and shows what was thrown even when it is not an Error', () => {
    const messages = (name: string) =>
      reports.find((r) => r.submission.name === name)!.tests.map((t) => t.message ?? '');
    expect(messages('hostile-output-flood')).toContain(
      'blackjack.ts printed more than its limit of 16777216 bytes',
    );
    expect(
      messages('hostile-sync-loop').some(
        // Where the machine is loaded past what the wall time allows, the wall time stops it first.
        (m) =>
          /^the test (used more CPU time than its limit of 3000 ms|took longer than its limit of 30000 ms), in new deck; shuffle\(0\)$/.test(
            m,
          ),
      ),
    ).toBe(true);
    expect(
      messages('hostile-memory-bomb').some((m) =>
        /more memory than its limit of 128 MiB of heap \(256 MiB resident\)/.test(m),
      ),
    ).toBe(true);
    const thrown = messages('hostile-throws').join('\n');
    expect(thrown).toContain('threw "an empty hand has no value" (not an Error)');
    expect(thrown).toContain('threw null (not an Error)');
    expect(thrown).toContain('threw {"code":42,"why":"reset is overrated"} (not an Error)');
  });

  it('never reached the network, wrote nothing outside, and left no process running', () => {
    expect(connections).toEqual([]);
    expect(existsSync('/tmp/pitboss-pwned.txt')).toBe(false);
    expect(existsSync(join(FIXTURES, 'pitboss-pwned.txt'))).toBe(false);
    expect(readdirSync(FIXTURES).filter((name) => name.includes('pwned'))).toEqual([]);
    expect(runningWith(tmp)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });
}, 300_000);

describe('a machine without bubblewrap and setpriv (a student laptop)', () => {
  it('still grades, with the limits and the permission model, and says loudly what is not enforced', () => {
    const run = spawnSync(
      process.execPath,
      [BIN, 'check', join(FIXTURES, 'hostile-read-secrets'), '--format', 'json', '--only', 'player.'],
      { encoding: 'utf8', env: { ...process.env, PITBOSS_DISABLE_LAYERS: 'bwrap,setpriv' } },
    );
    expect(run.stderr).toMatch(/^pitboss: WARNING: not enforced: bubblewrap cannot run here/m);
    const report = JSON.parse(run.stdout) as Report;
    // Node's permission model alone still keeps the reads out: full marks.
    expect(report.score).toBe(report.maxScore);
  });

  it('with bubblewrap installed but refused (a container that cannot mount /proc): says what it said, not to install it', () => {
    // A bwrap that answers --version and refuses every sandbox, as one in such a container does.
    const bin = join(scratch(), 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'bwrap'),
      `#!/bin/sh\n[ "$1" = --version ] && { echo 'bubblewrap 0.8.0'; exit 0; }\necho "bwrap: Can't mount proc on /newroot/proc: Operation not permitted" >&2\nexit 1\n`,
      { mode: 0o755 },
    );
    const run = spawnSync(
      process.execPath,
      [BIN, 'check', join(FIXTURES, 'hostile-read-secrets'), '--format', 'json', '--only', 'player.'],
      {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, PITBOSS_DISABLE_LAYERS: 'setpriv' },
      },
    );
    expect(run.stderr).toContain(
      "pitboss: WARNING: not enforced: bubblewrap is installed but cannot make a sandbox here (it said: bwrap: Can't mount proc on /newroot/proc: Operation not permitted)",
    );
    expect(run.stderr).not.toContain('install the Debian package bubblewrap');
  });

  it('probes the machine once: a second check reads what the first found, a changed bubblewrap is probed again', () => {
    // A bwrap that refuses every sandbox and notes each time it is asked: only the probes ask it here.
    const bin = join(scratch(), 'bin');
    const asked = join(scratch(), 'asked.log');
    mkdirSync(bin);
    const write = (words: string) =>
      writeFileSync(
        join(bin, 'bwrap'),
        `#!/bin/sh\necho "$1" >> ${asked}\n[ "$1" = --version ] && { echo 'bubblewrap 0.8.0'; exit 0; }\necho "bwrap: ${words}" >&2\nexit 1\n`,
        { mode: 0o755 },
      );
    write('No permissions to create new namespace');
    const check = () =>
      spawnSync(
        process.execPath,
        [BIN, 'check', join(FIXTURES, 'hostile-read-secrets'), '--format', 'json', '--only', 'player.'],
        {
          encoding: 'utf8',
          env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, PITBOSS_DISABLE_LAYERS: 'setpriv' },
        },
      );
    const askedTimes = () => (existsSync(asked) ? readFileSync(asked, 'utf8').split('\n').length - 1 : 0);
    const first = check();
    const probes = askedTimes();
    expect(probes).toBeGreaterThan(0);
    const second = check();
    expect(askedTimes()).toBe(probes);
    // What is not enforced is said on every run, kept or probed.
    expect(second.stderr).toContain('(it said: bwrap: No permissions to create new namespace)');
    expect(second.stderr).toBe(first.stderr);
    write('Creating new namespace failed: nesting depth or /proc/sys/user/max_*_namespaces exceeded');
    const third = check();
    expect(askedTimes()).toBeGreaterThan(probes);
    expect(third.stderr).toContain('nesting depth');
  });
});
