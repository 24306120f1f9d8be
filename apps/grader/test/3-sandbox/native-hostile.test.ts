// The sandbox for native code: a compiled C++ submission has no Node permission model around it, so
// bubblewrap (its own mounts, network, processes and user), prlimit and the grader's watch must hold
// alone. The hostile C++ fixtures repeat the hostile TypeScript fixtures' probes (files, sockets,
// processes, signals, output, a fork loop, a crash), graded in one batch as an instructor would.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import type { TestStatus } from '../../src/0-results/test.ts';
import { sandboxSupport } from '../../src/3-sandbox/process/layers.ts';
import { REPO_ROOT } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic-cpp');
const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');
/** The port hostile-cpp-network tries. */
const PORT = 47_282;

/** Per hostile fixture: the verdicts its spoiled files get; every other file keeps full marks. */
const EXPECTED: Record<string, Record<string, TestStatus>> = {
  'hostile-cpp-read-secrets': {},
  'hostile-cpp-network': {},
  'hostile-cpp-write-outside': {},
  'hostile-cpp-exec': {},
  'hostile-cpp-signals': {},
  'hostile-cpp-fork-loop': { 'deck.cpp': 'timeout', 'all files': 'timeout' },
  'hostile-cpp-output-flood': { 'blackjack.cpp': 'output-limit', 'all files': 'output-limit' },
  'hostile-cpp-abort': { 'hand.cpp': 'runtime-error', 'all files': 'runtime-error' },
};

/** Processes still running (zombies aside) whose command line mentions `marker`. */
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

const gpp = spawnSync('g++', ['--version']).status === 0;
// Without bubblewrap a native program's kill(-1) reaches every process of the user running the tests:
// these probes are only run where the sandbox they test is there.
const bwrap = sandboxSupport().layers.has('bwrap');

describe.skipIf(!gpp || !bwrap)(
  gpp && bwrap
    ? 'grading the hostile C++ fixtures in one batch'
    : 'grading the hostile C++ fixtures (skipped: needs g++ and bubblewrap)',
  async () => {
    const connections: string[] = [];
    const listener = createServer((socket) => {
      connections.push('connected');
      socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(PORT, '127.0.0.1', resolve);
    });
    // A temporary folder of its own: every sandbox's command line names it, so strays can be found.
    const tmp = mkdtempSync(join(tmpdir(), 'pitboss-hostile-cpp-'));
    chmodSync(tmp, 0o755);
    // Looked into last (no stray, nothing written): then gone, as every run's own folders are.
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));
    const before = new Map(
      Object.keys(EXPECTED).map((name) => [name, readdirSync(join(FIXTURES, name)).sort()]),
    );
    const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          BIN,
          'grade',
          ...Object.keys(EXPECTED).map((name) => join(FIXTURES, name)),
          '--format',
          'json',
          '--timeout',
          '30',
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

    it('completes, one report per submission, each graded as C++', () => {
      expect(run.status).toBe(1);
      expect(reports.map((report) => report.submission.name)).toEqual(Object.keys(EXPECTED));
      expect(new Set(reports.map((report) => report.language))).toEqual(new Set(['cpp']));
    });

    it.each(Object.entries(EXPECTED))(
      '%s gets the right verdict where it spoils, full marks elsewhere',
      (name, spoiled) => {
        const report = reports.find((r) => r.submission.name === name)!;
        for (const file of ['deck.cpp', 'hand.cpp', 'player.cpp', 'blackjack.cpp', 'all files']) {
          const tests = report.tests.filter((test) => test.file === file);
          expect(tests.length, `${name} ${file}`).toBeGreaterThan(0);
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

    it('names the limit or the signal that ended a run', () => {
      const messages = (name: string) =>
        reports
          .find((r) => r.submission.name === name)!
          .tests.map((t) => t.message ?? '')
          .join('\n');
      expect(messages('hostile-cpp-abort')).toContain('killed by SIGABRT');
      expect(messages('hostile-cpp-output-flood')).toContain('blackjack.cpp printed more than its limit of');
      expect(messages('hostile-cpp-fork-loop')).toMatch(
        /used more CPU time than its limit|took longer than its limit/,
      );
    });

    it('never reached the network, wrote nothing outside, and left no process running', () => {
      expect(connections).toEqual([]);
      expect(existsSync('/tmp/pitboss-pwned-cpp.txt')).toBe(false);
      expect(existsSync('/tmp/pitboss-pwned-cpp-exec.txt')).toBe(false);
      expect(existsSync(join(tmp, 'pitboss-pwned-cpp.txt'))).toBe(false);
      for (const [name, files] of before)
        expect(readdirSync(join(FIXTURES, name)).sort(), name).toEqual(files);
      expect(runningWith(tmp)).toEqual([]);
      expect(readdirSync(tmp)).toEqual([]);
    });
  },
  300_000,
);
