// A native program can run code before the grader's `ready` (a constructor of priority 0 to 100,
// .preinit_array, an ifunc resolver): a death there is proven the machinery's only when the grader's
// own canary program, run through the very same sandbox command, fails too. Otherwise it is the
// program's, graded as a crash: a report and a score, never an infrastructure error.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { CANARY_NAME, compileNativeShared } from '../../src/3-sandbox/native/build.ts';
import { sandboxSupport } from '../../src/3-sandbox/process/layers.ts';
import { runProgram } from '../../src/3-sandbox/process/process.ts';
import { editionIn, loadAssignment } from '../../src/assignment/load.ts';
import { pitboss, REPO_ROOT, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic-cpp');
const gpp = spawnSync('g++', ['--version']).status === 0;
const bwrap = sandboxSupport().layers.has('bwrap');
const limits = { testTimeoutMs: 10_000, programTimeoutMs: 10_000, heapMb: 256, outputBytes: 1 << 20 };

describe.skipIf(!gpp || !bwrap)(
  gpp && bwrap
    ? 'a native program that dies before main'
    : 'a native program that dies before main (skipped: needs g++ and bubblewrap)',
  () => {
    it("is the program's death when the canary starts through the same sandbox, the machinery's when it does not", async () => {
      const shared = await compileNativeShared(editionIn(await loadAssignment('classic'), 'cpp'));
      const root = scratch();
      chmodSync(root, 0o755);
      const stage = join(root, 'stage');
      mkdirSync(stage);
      chmodSync(stage, 0o755);
      writeFileSync(
        join(root, 'early.cpp'),
        '#include <cstdlib>\n__attribute__((constructor(0))) static void early() { std::abort(); }\nint main() { return 0; }\n',
      );
      // Linked with the grader's ready object, as every program it runs is; its constructor runs first.
      execFileSync('g++', [
        '-Wno-prio-ctor-dtor',
        '-o',
        join(stage, 'early'),
        join(root, 'early.cpp'),
        join(shared, 'ready.o'),
      ]);
      const canary = join(shared, CANARY_NAME);
      const program = join(stage, 'early');

      const own = await runProgram(program, [], { cwd: stage, limits, native: true, canary });
      expect(own).toMatchObject({ signal: 'SIGABRT', beforeMain: true });
      expect(own.infrastructure).toBeUndefined();

      // Without a canary nothing proves it: the machinery's, as before.
      const unproven = await runProgram(program, [], { cwd: stage, limits, native: true });
      expect(unproven.infrastructure).toBe(true);

      // A sandbox that cannot start (a mount of a folder that is not there): the canary fails as well.
      const broken = await runProgram(program, [], {
        cwd: stage,
        limits,
        native: true,
        canary,
        mounts: [{ source: join(root, 'not-there'), target: '/pitboss/not-there' }],
      });
      expect(broken.infrastructure).toBe(true);
      expect(broken.beforeMain).toBeUndefined();
    }, 120_000);

    it("a student's own test that dies before main fails on the reference; the grading goes on", () => {
      const dir = join(scratch(), 'early-test');
      cpSync(join(FIXTURES, 'correct-tested'), dir, { recursive: true });
      // Its only test: nothing counts, so no mutant is run.
      rmSync(join(dir, 'tests'), { recursive: true });
      mkdirSync(join(dir, 'tests'));
      writeFileSync(
        join(dir, 'tests', 'early_abort.cpp'),
        '#include <cstdlib>\n__attribute__((constructor(0))) static void early() { std::abort(); }\nint main() { return 0; }\n',
      );
      const run = pitboss(['grade', dir, '--only', 'mutant.', '--format', 'json']);
      expect([0, 1], run.stderr).toContain(run.status);
      const report = JSON.parse(run.stdout) as Report;
      expect(report.studentTests.cases.find((entry) => entry.file === 'tests/early_abort.cpp')).toEqual({
        file: 'tests/early_abort.cpp',
        name: 'early_abort',
        valid: false,
        reason: 'it fails on the reference implementation: it was killed by SIGABRT',
      });
    }, 300_000);

    it('graded in a batch with a correct submission: both rows, its runs marked as its crash, exit 1', () => {
      const out = join(scratch(), 'out');
      const run = pitboss([
        'grade',
        join(FIXTURES, 'hostile-cpp-dies-before-main'),
        join(FIXTURES, 'correct-tested'),
        '--only',
        'deck.',
        'hand.',
        'transcript.course',
        '--out',
        out,
      ]);
      expect(run.status, run.stderr).toBe(1);
      const rows = readFileSync(join(out, 'gradebook.csv'), 'utf8').trim().split('\n').slice(1);
      expect(rows.map((row) => row.split(',')[0])).toEqual([
        'hostile-cpp-dies-before-main',
        'correct-tested',
      ]);
      const batch = JSON.parse(readFileSync(join(out, 'pitboss-batch.json'), 'utf8')) as {
        submissions: { name: string; report: Report }[];
      };
      const report = batch.submissions.find((entry) => entry.name === 'hostile-cpp-dies-before-main')!.report;
      expect(report.tests.some((test) => test.infrastructure === true)).toBe(false);
      for (const file of ['hand.cpp', 'all files']) {
        const tests = report.tests.filter((test) => test.file === file);
        expect(tests.length, file).toBeGreaterThan(0);
        for (const test of tests) {
          expect(test.status, test.id).toBe('runtime-error');
          expect(test.message, test.id).toMatch(
            /killed by SIGABRT before main, in code of its own that runs before main/,
          );
        }
      }
      expect(
        report.tests.filter((test) => test.file === 'deck.cpp').every((test) => test.status === 'passed'),
      ).toBe(true);
    }, 300_000);
  },
);
