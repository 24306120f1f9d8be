// A C++ submission's builds are held to the limits its runs are: each compile and link takes a place
// of --jobs and its time counts against --budget, and a submission's sources have limits no real one
// meets (3-sandbox/native/build.ts), each refusal a clear line in the report rather than minutes of compiling.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { MAX_SOURCE_BYTES, MAX_SOURCES } from '../../src/3-sandbox/native/build.ts';
import { sandboxSupport } from '../../src/3-sandbox/process/layers.ts';
import { json, pitboss, REPO_ROOT, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic-cpp');
const SOLUTION = join(REPO_ROOT, 'graders/classic/solution-cpp');
const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');
const gpp = spawnSync('g++', ['--version']).status === 0;
const bwrap = sandboxSupport().layers.has('bwrap');

/** A copy of the C++ solution as a student hands it in, with `edit` applied to its folder. */
function solutionWith(name: string, edit: (dir: string) => void): string {
  const dir = join(scratch(), name);
  cpSync(SOLUTION, dir, { recursive: true });
  for (const extra of ['Makefile', 'README.md', 'tests']) rmSync(join(dir, extra), { recursive: true });
  edit(dir);
  return dir;
}

describe.skipIf(!gpp || !bwrap)(
  gpp && bwrap
    ? "a C++ submission's builds"
    : "a C++ submission's builds (skipped: needs g++ and bubblewrap)",
  () => {
    it('a file that takes the compiler hours: one compiler at a time under --jobs 1, stopped by --budget, a report in seconds', async () => {
      const timings = join(scratch(), 'timings.json');
      const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [
            BIN,
            'grade',
            join(FIXTURES, 'hostile-cpp-compile-bomb'),
            '--budget',
            '40',
            '--jobs',
            '1',
            '--only',
            'deck.',
            '--format',
            'json',
          ],
          { env: { ...process.env, PITBOSS_TIMINGS: timings } },
        );
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString('utf8');
        });
        child.on('close', (status) => resolve({ status, stdout }));
      });
      // A problem of the submission: a report and exit 1, never an infrastructure error.
      expect(run.status).toBe(1);
      const report = JSON.parse(run.stdout) as Report;
      const spent =
        "was not compiled: the submission's time budget of 40 s ran out while its files were being built";
      expect(report.loadErrors.map((error) => error.file).sort()).toEqual([
        'blackjack.cpp',
        'deck.cpp',
        'hand.cpp',
        'player.cpp',
      ]);
      for (const error of report.loadErrors) expect(error.message).toContain(spent);
      expect(report.tests.length).toBeGreaterThan(0);
      for (const test of report.tests) {
        expect(test.status).toBe('load-error');
        expect(test.message).toContain(spent);
      }
      const { peakBuilds } = JSON.parse(readFileSync(timings, 'utf8')) as { peakBuilds: number };
      expect(peakBuilds).toBe(1);
    }, 180_000);

    it('more sources than a submission holds, or a source too large, is not compiled and says why', () => {
      const many = solutionWith('many-sources', (dir) => {
        for (let i = 0; i <= MAX_SOURCES; i++)
          writeFileSync(join(dir, `helper${i}.cpp`), `int helper${i}() { return ${i}; }\n`);
      });
      const large = solutionWith('large-source', (dir) => {
        const path = join(dir, 'deck.cpp');
        writeFileSync(path, `${readFileSync(path, 'utf8')}\n// ${'x'.repeat(MAX_SOURCE_BYTES)}\n`);
      });
      const run = pitboss(['grade', many, large, '--only', 'deck.', 'hand.', '--format', 'json']);
      expect(run.status, run.stderr).toBe(1);
      const [manyReport, largeReport] = json<Report[]>(run);
      const count = MAX_SOURCES + 5;
      for (const test of manyReport!.tests) {
        expect(test.status).toBe('load-error');
        expect(test.message).toContain(
          `was not compiled: the submission holds ${count} C++ sources (.cpp, .cc), more than the ${MAX_SOURCES} one may hold`,
        );
      }
      const deck = largeReport!.tests.filter((test) => test.file === 'deck.cpp');
      const hand = largeReport!.tests.filter((test) => test.file === 'hand.cpp');
      expect(deck.length).toBeGreaterThan(0);
      for (const test of deck) {
        expect(test.status).toBe('load-error');
        expect(test.message).toMatch(
          /^deck\.cpp was not compiled: it is \d+ KiB, more than the 256 KiB a C\+\+ source may be/,
        );
      }
      // The other files are built and graded as usual.
      expect(hand.every((test) => test.status === 'passed')).toBe(true);
    }, 180_000);

    it("the C++ starter's example test, unchanged, earns nothing and says why", () => {
      const dir = join(scratch(), 'starter');
      expect(pitboss(['init', dir, '--language', 'cpp']).status).toBe(0);
      const run = pitboss(['check', dir, '--format', 'json']);
      const report = json<Report>(run);
      expect(report.language).toBe('cpp');
      expect(report.studentTests.cases).toEqual([
        {
          file: 'tests/deck_shuffle_returns_dealt_card.cpp',
          name: '(the whole file)',
          valid: false,
          reason: 'it is the example from pitboss init, unchanged: only your own tests count',
        },
      ]);
      expect(report.parts.find((part) => part.file === 'your tests')?.score).toBe(0);
    }, 180_000);
  },
);
