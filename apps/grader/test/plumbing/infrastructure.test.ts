// A failure of the grading machinery is never a grade: the work root is one every sandbox user can
// enter and no other user can list, it is removed however a run ends, and a sandbox that cannot grade
// the reference solution stops the command (exit 3) before anything is scored, written or stored.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { PitbossError } from '../../src/plumbing/errors.ts';
import {
  chooseParent,
  FALLBACK_PARENTS,
  openWorkRoot,
  removeStaleRoots,
  unreachableBecause,
} from '../../src/plumbing/infrastructure.ts';
import { infrastructureFault } from '../../src/self-check/canary.ts';
import { CORRECT, REPO_ROOT, scratch } from '../support.ts';

const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');
const CLASS = join(REPO_ROOT, 'fixtures/submissions/classic');
const isRoot = process.getuid?.() === 0;

const closedFolders: string[] = [];
afterAll(() => {
  for (const folder of closedFolders) rmSync(folder, { recursive: true, force: true });
});

/** A TMPDIR inside a folder only its owner can enter, as `mktemp -d` makes one. */
function closedTmpdir(): string {
  const closed = mkdtempSync(join(tmpdir(), 'pitboss-closed-'));
  closedFolders.push(closed);
  chmodSync(closed, 0o700);
  const inner = join(closed, 'tmp');
  mkdirSync(inner, { mode: 0o777 });
  chmodSync(inner, 0o1777);
  return inner;
}

const rootsOf = (pid: number | undefined) =>
  [tmpdir(), ...FALLBACK_PARENTS].flatMap((parent) => {
    try {
      return readdirSync(parent).filter((name) => name.startsWith(`pitboss-${pid}-`));
    } catch {
      return [];
    }
  });

describe('the work root', () => {
  it('is never under a folder another user cannot search: TMPDIR first, then /tmp, /var/tmp, /dev/shm', () => {
    const closed = closedTmpdir();
    expect(unreachableBecause(closed, true)).toMatch(/is not searchable by other users/);
    expect(unreachableBecause(closed, false)).toBeUndefined();
    expect(chooseParent([closed, '/tmp'], true)).toBe('/tmp');
    expect(() => chooseParent([closed, join(closed, 'none')], true)).toThrow(PitbossError);
    try {
      chooseParent([closed], true);
    } catch (error) {
      expect((error as PitbossError).code).toBe('INFRASTRUCTURE');
      expect((error as Error).message).toContain('no temporary folder the sandbox can enter');
    }
  });

  it('is 0711 around an unguessable 0711 folder, removed with its listeners', () => {
    const parent = scratch();
    chmodSync(parent, 0o755);
    const listeners = () => process.listenerCount('SIGTERM') + process.listenerCount('exit');
    const before = listeners();
    const work = openWorkRoot({ otherUser: true, env: { TMPDIR: parent } });
    expect(work.root.startsWith(`${parent}/pitboss-${process.pid}-`)).toBe(true);
    expect(work.path.startsWith(`${work.root}/`)).toBe(true);
    expect(work.path.slice(work.root.length + 1)).toMatch(/^[0-9a-f]{32}$/);
    expect(statSync(work.root).mode & 0o777).toBe(0o711);
    expect(statSync(work.path).mode & 0o777).toBe(0o711);
    expect(listeners()).toBe(before + 2);
    work.remove();
    work.remove();
    expect(existsSync(work.root)).toBe(false);
    expect(listeners()).toBe(before);
  });

  it("of a process that is gone is removed on the next start; a live one's, and other folders, are not", () => {
    const parent = scratch();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = join(parent, `pitboss-${dead}-0123456789abcdef`);
    const live = join(parent, `pitboss-${process.pid}-0123456789abcdef`);
    const other = join(parent, 'pitboss-test-abcdef');
    for (const dir of [stale, live, other]) mkdirSync(join(dir, 'inside'), { recursive: true });
    expect(removeStaleRoots([parent])).toEqual([stale]);
    expect(readdirSync(parent).sort()).toEqual([
      `pitboss-${process.pid}-0123456789abcdef`,
      'pitboss-test-abcdef',
    ]);
  });
});

describe('grading with TMPDIR inside a folder only root can enter', () => {
  it('grades a correct submission with full marks, and leaves no work root behind (a stale one removed)', () => {
    const closed = closedTmpdir();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    mkdirSync(join(closed, `pitboss-${dead}-00112233445566ff`));
    const run = spawnSync(
      process.execPath,
      [BIN, 'check', CORRECT, '--only', 'deck.', 'hand.', 'transcript.', '--format', 'json'],
      { encoding: 'utf8', env: { ...process.env, TMPDIR: closed } },
    );
    expect(run.stderr).not.toContain('infrastructure error');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.score).toBe(report.maxScore);
    expect(report.maxScore).toBeGreaterThan(0);
    expect(readdirSync(closed)).toEqual([]);
    expect(rootsOf(run.pid)).toEqual([]);
  });
});

describe('a sandbox in which the reference solution does not score full marks', () => {
  it.each([
    ['check', []],
    ['grade', ['--jobs', '1']],
  ])(
    'stops %s before scoring anything: one line, exit 3, nothing written or stored',
    (command, extra) => {
      const out = join(scratch(), 'out');
      // A heap no Node process can start in: the reference fails as a broken sandbox fails it.
      const run = spawnSync(
        process.execPath,
        [BIN, command, CORRECT, '--only', 'deck.', '--memory', '1', '--out', out, ...(extra as string[])],
        { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
      );
      expect(run.status).toBe(3);
      expect(run.stdout).toBe('');
      const lines = run.stderr.trim().split('\n');
      expect(lines.filter((line) => line.includes('infrastructure'))).toHaveLength(1);
      expect(lines.at(-1)).toMatch(
        /^pitboss: infrastructure error: the reference solution scores 0\/\d+ in this sandbox: deck\.\S+ \S+: .*; nothing was graded$/,
      );
      expect(existsSync(out)).toBe(false);
      expect(rootsOf(run.pid)).toEqual([]);
    },
    120_000,
  );

  it('a result the machinery failed on is not a score', () => {
    const report = { tests: [{ id: 'deck.x', status: 'runtime-error', message: 'EAGAIN' }] } as Report;
    expect(infrastructureFault(report)).toBeUndefined();
    report.tests[0]!.infrastructure = true;
    expect(infrastructureFault(report)).toBe('deck.x: EAGAIN');
  });
});

describe('a batch stopped by SIGTERM or SIGINT', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    'on %s exits %i and leaves no work root behind',
    async (signal, status) => {
      const parent = scratch();
      chmodSync(parent, 0o755);
      const out = scratch();
      const child = spawn(
        process.execPath,
        [BIN, 'grade', CLASS, '--only', 'deck.', 'hand.', '--jobs', '1', '--format', 'json', '--out', out],
        { env: { ...process.env, TMPDIR: parent }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // Mid-batch: the first submission's result is out.
      for (let waited = 0; waited < 120_000 && !stdout.includes('->'); waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readdirSync(parent).filter((name) => name.startsWith('pitboss-'))).toHaveLength(1);
      child.kill(signal);
      expect(await exited).toBe(status);
      expect(readdirSync(parent)).toEqual([]);
      // No student process of it is left: none runs from inside its work root.
      const left = spawnSync('sh', ['-c', `ls -l /proc/*/cwd 2>/dev/null | grep -c '${parent}' || true`], {
        encoding: 'utf8',
      });
      expect(left.stdout.trim()).toBe('0');
    },
    180_000,
  );
});

describe.runIf(isRoot)('as root', () => {
  it('the work root is reachable by the sandbox uid and listable by nobody else', () => {
    const work = openWorkRoot({ otherUser: true });
    try {
      const as = (script: string) =>
        spawnSync(
          'setpriv',
          ['--reuid=65534', '--regid=65534', '--clear-groups', '--', process.execPath, '-e', script],
          { encoding: 'utf8' },
        );
      expect(as(`require('fs').readdirSync(${JSON.stringify(work.root)})`).status).not.toBe(0);
      expect(as(`require('fs').statSync(${JSON.stringify(work.path)})`).status).toBe(0);
    } finally {
      work.remove();
    }
  });
});
