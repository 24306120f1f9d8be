// A C++ build is held like a run (3-sandbox/native/whole.ts, build.ts): a whole program's Makefile
// runs make's jobs in the places the build holds, writes only a space of its own of bounded size, and
// reaches the report only as the compiler's diagnostics about the submission's own files; it builds
// as the course's compiler did (its standard) unless its Makefile names another; and a student's test
// files are compiled within the submission's budget, as its own files are.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import {
  BUILD_PROCESSES,
  BUILD_SPACE_BYTES,
  buildFailure,
  readTextDiagnostics,
} from '../../src/3-sandbox/native/whole.ts';
import { sandboxSupport } from '../../src/3-sandbox/process/layers.ts';
import { pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions');
const gpp = spawnSync('g++', ['--version']).status === 0;
const bwrap = sandboxSupport().layers.has('bwrap');
const folder = mkdtempSync(join(tmpdir(), 'held-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a build's diagnostics", () => {
  const own = new Set(['main.cc', 'src/game.cc']);
  it('are only about the submission’s own files, with the stage’s folder taken off', () => {
    const said = [
      `${folder}/main.cc:1:1: warning: unused variable 'x'`,
      `/etc/passwd:1:1: warning: root:x:0:0`,
      'elsewhere.cc:3:1: error: bwrap --ro-bind /usr /usr',
      `${folder}/src/game.cc:4:2: error: expected ';'`,
      `/usr/include/c++/12/bits/stl_algo.h:9:9: error: no match`,
    ].join('\n');
    expect(readTextDiagnostics(said, folder, own).map((problem) => problem.file)).toEqual([
      'main.cc',
      'src/game.cc',
    ]);
    expect(buildFailure(said, folder, { own })).toBe("does not compile: src/game.cc:4:2: expected ';'");
  });

  it('tell nothing else a build printed: make’s words, a script’s, a file not the submission’s', () => {
    for (const said of [
      'make: *** No targets specified and no makefile found.  Stop.\n',
      'elsewhere.cc:3:1: error: the grader lives in /var/lib/pitboss\n',
      '/etc/shadow:1:1: fatal error: x.h: No such file or directory\n',
    ])
      expect(buildFailure(said, folder, { own })).toBe(
        'does not build: the build failed without an error of the compiler about one of your files',
      );
  });
});

const grade = async (dir: string, ...args: string[]) => {
  const run = await pitbossHere(['grade', dir, '--format', 'json', '--jobs', '1', ...args]);
  return { status: run.status, report: JSON.parse(run.stdout) as Report };
};
const firstMessage = (report: Report) => report.tests.find((test) => test.message !== undefined)?.message;

describe('a build that could not start a process', () => {
  it('is told as the limit on its processes, not as a compiler error', () => {
    expect(
      buildFailure('/bin/sh: 1: Cannot fork\nmake: fork: Resource temporarily unavailable\n', folder, {
        own: new Set(['main.cc']),
      }),
    ).toBe(
      `does not build: it started more processes at once than a build may (${BUILD_PROCESSES}: one compile at a time, as the place of --jobs it holds)`,
    );
  });
});

describe.skipIf(!gpp || !bwrap)(
  gpp && bwrap ? "a whole program's build" : "a whole program's build (skipped: needs g++ and bubblewrap)",
  () => {
    it('runs one compiler at a time under --jobs 1, whatever the Makefile’s MAKEFLAGS say', async () => {
      const { report } = await grade(
        join(FIXTURES, 'straights-cpp/hostile-make-parallel'),
        '--assignment',
        'straights',
        '--only',
        'transcript.course.own:1_',
      );
      // The program prints the most compiles its Makefile counted running at once.
      expect(report.loadErrors).toEqual([]);
      expect(firstMessage(report)).toMatch(/got "compilers at once: 1"/);
    }, 180_000);

    it('cannot start a compiler per source with a recipe’s own `&`: the process limit stops it', async () => {
      const { status, report } = await grade(
        join(FIXTURES, 'straights-cpp/hostile-build-background-compiles'),
        '--assignment',
        'straights',
        '--only',
        'transcript.course.own:1_',
      );
      expect(status).toBe(1);
      expect(report.loadErrors.map((error) => error.message)).toEqual([
        `your program does not build: it started more processes at once than a build may (${BUILD_PROCESSES}: one compile at a time, as the place of --jobs it holds)`,
      ]);
    }, 180_000);

    it('writes only a space of its own of bounded size: past it the build stops and the report says so', async () => {
      const { status, report } = await grade(
        join(FIXTURES, 'straights-cpp/hostile-build-fills-space'),
        '--assignment',
        'straights',
        '--only',
        'transcript.course.own:1_',
      );
      expect(status).toBe(1);
      expect(report.loadErrors.map((error) => error.message)).toEqual([
        `your program does not build: the build wrote more than the ${BUILD_SPACE_BYTES / 1048576} MiB a build may write (its copy of your files, its objects and its program), and stopped`,
      ]);
    }, 180_000);

    it('shows only diagnostics about the submission’s own files, never a folder of the grader’s', async () => {
      const { report } = await grade(
        join(FIXTURES, 'straights-cpp/hostile-build-prints-paths'),
        '--assignment',
        'straights',
        '--only',
        'transcript.course.own:1_',
      );
      const problems = report.compiler?.problems ?? [];
      expect(problems.map((problem) => `${problem.file}:${problem.severity}`)).toEqual(['main.cc:warning']);
      expect(problems[0]!.message).toBe('built in /submission');
      const shown = JSON.stringify(report);
      for (const secret of ['bwrap', 'mountinfo', 'passwd', 'elsewhere']) expect(shown).not.toContain(secret);
      // No work folder of the grader's (plumbing/infrastructure.ts names each pitboss-<pid>-<random>),
      // wherever the repository is (a clone under /tmp names its own folder in the report's path).
      expect(shown).not.toMatch(/pitboss-\d+-[0-9a-f]{16}/);
    }, 180_000);

    it('builds as the course’s compiler did (gnu++98 for CMSC 202): a stream used as a pointer compiles', async () => {
      const { status, report } = await grade(
        join(FIXTURES, 'table-cpp/correct-gnu98-stream-as-pointer'),
        '--assignment',
        'table',
      );
      expect(report.loadErrors).toEqual([]);
      expect(status).toBe(0);
    }, 300_000);

    it('a Makefile naming -std=c++17 decides, and the failure names the standard and how to name another', async () => {
      const dir = join(scratch(), 'cxx17');
      cpSync(join(FIXTURES, 'table-cpp/correct-gnu98-stream-as-pointer'), dir, { recursive: true });
      const makefile = join(dir, 'Makefile');
      writeFileSync(
        makefile,
        readFileSync(makefile, 'utf8').replace('CXXFLAGS = -Wall', 'CXXFLAGS = -std=c++17 -Wall'),
      );
      const { status, report } = await grade(dir, '--assignment', 'table', '--only', 'transcript.course.');
      expect(status).toBe(1);
      const [error] = report.loadErrors;
      expect(error?.message).toMatch(/^your program does not compile: Blackjack\.cpp:\d+:\d+: /);
      expect(error?.message).toContain(
        "(built with -std=c++17, which your Makefile names (the course's compiler used -std=gnu++98): name another with -std= in your Makefile's flags; an instructor names the course's as the `standard` of the assignment's C++ edition, graders/table/cpp.ts)",
      );
    }, 180_000);
  },
);

describe.skipIf(!gpp || !bwrap)(
  gpp && bwrap ? "a student's C++ tests" : "a student's C++ tests (skipped: needs g++ and bubblewrap)",
  () => {
    it('are compiled within the submission’s budget: a test file that takes the compiler minutes stops when it runs out', async () => {
      const { report } = await grade(
        join(FIXTURES, 'classic-cpp/hostile-cpp-test-compile-bomb'),
        '--assignment',
        'classic',
        '--budget',
        '10',
        '--only',
        'mutant.',
      );
      const cases = report.studentTests.cases;
      expect(cases.map((entry) => entry.file)).toEqual([
        'tests/deck_bomb.cpp',
        'tests/hand_bomb.cpp',
        'tests/player_bomb.cpp',
      ]);
      for (const entry of cases) {
        expect(entry.valid).toBe(false);
        expect(entry).toHaveProperty(
          'reason',
          "it was not built: the submission's time budget of 10 s ran out while its tests were being built (a file that takes the compiler long uses it fast)",
        );
      }
    }, 180_000);
  },
);
