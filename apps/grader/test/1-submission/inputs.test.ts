// The grader owns its inputs: a submission is read once, safely (no link followed, no special file
// opened, nothing read past a limit), and everything after works from that snapshot: the compiler
// opens no file of the student's (not even tsconfig.json or package.json), a crash of the shared
// compile service is charged to the input that caused it, and the result store keys every byte.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  ftruncateSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { readSubmission } from '../../src/1-submission/submission.ts';
import { planTests } from '../../src/2-plan/plan.ts';
import { compilerHooks } from '../../src/3-sandbox/compiler.ts';
import { compileShared, stageSubmission } from '../../src/3-sandbox/stage.ts';
import { compileStudentTests } from '../../src/4-phases/student-tests/compile.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import { ResultStore } from '../../src/class/results.ts';
import { gradeSubmission } from '../../src/grade.ts';
import type { Assignment } from '../../src/kit/assignment.ts';
import { CORRECT, json, pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const CLASSIC = join(REPO_ROOT, 'fixtures/submissions/classic');
const TESTED = join(CLASSIC, 'correct-tested');
const CONFIG = join(CLASSIC, 'hostile-inputs-config');

let assignment: Assignment;
let workRoot: string;
let shared: string;

beforeAll(async () => {
  assignment = await loadAssignment('classic');
  workRoot = scratch();
  chmodSync(workRoot, 0o755);
  shared = await compileShared(assignment, workRoot);
});

/** A copy of a fixture in a temporary folder, where the test can add what git cannot hold. */
function copyOf(fixture: string, name = 'submission'): string {
  const dir = join(scratch(), name);
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

const mkfifo = (path: string) => execFileSync('mkfifo', [path]);

/** A file that says it holds `bytes` bytes and takes no disk (a sparse file). */
function sparse(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
}

/** A file outside every submission: what a link out of the folder would reach. */
function outside(text: string): string {
  const path = join(scratch(), 'outside.ts');
  writeFileSync(path, text);
  return path;
}

async function stage(dir: string) {
  return stageSubmission(assignment, readSubmission(assignment, dir), shared, scratch());
}

/** Every compiled module of a staging (name -> text), as the stages get them. */
function compiledOf(staging: { stage(from: 'all'): string }): Record<string, string> {
  const dir = staging.stage('all');
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

describe('the snapshot of a submission folder', () => {
  it('follows no link, opens no special file, reads nothing past a limit, and says why for each', async () => {
    const dir = copyOf(CORRECT);
    symlinkSync('/etc/hostname', join(dir, 'notes.ts'));
    symlinkSync('/dev/zero', join(dir, 'zero.ts'));
    symlinkSync('/', join(dir, 'root'));
    symlinkSync(join(REPO_ROOT, 'instructor/classic/mutants.json'), join(dir, 'tests', 'secret.test.ts'));
    mkfifo(join(dir, 'pipe.ts'));
    mkfifo(join(dir, 'tests', 'pipe.test.ts'));
    sparse(join(dir, 'huge.ts'), 5 * 1024 ** 3);
    writeFileSync(join(dir, 'big.txt'), Buffer.alloc(1024 * 1024 + 1, 'x'));
    linkSync(outside('export const secret = 1;\n'), join(dir, 'hard.ts'));
    // A name that is not UTF-8 (byte 0xff): it must not pass for another name.
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/n`), Buffer.from([0xff]), Buffer.from('.ts')]), 'x');
    // Never read, not even looked at: a pipe there would hang any reader.
    mkdirSync(join(dir, 'node_modules'));
    mkfifo(join(dir, 'node_modules', 'trap.ts'));
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, 'socket.ts'), resolve));
    try {
      const { snapshot, modules } = readSubmission(assignment, dir);
      expect([...modules.keys()].sort()).toEqual(['blackjack.ts', 'deck.ts', 'hand.ts', 'player.ts']);
      expect(snapshot.files.get('deck.ts')?.toString()).toBe(readFileSync(join(CORRECT, 'deck.ts'), 'utf8'));
      const problems = Object.fromEntries(snapshot.problems);
      expect(problems['notes.ts']).toBe('notes.ts is a symbolic link: submit the file itself');
      expect(problems['zero.ts']).toBe('zero.ts is a symbolic link: submit the file itself');
      expect(problems.root).toBe('root is a symbolic link: submit the file itself');
      expect(problems['tests/secret.test.ts']).toMatch(/is a symbolic link/);
      expect(problems['pipe.ts']).toBe('pipe.ts is a named pipe (FIFO), not a file: submit the file itself');
      expect(problems['tests/pipe.test.ts']).toMatch(/named pipe/);
      expect(problems['socket.ts']).toMatch(/^socket\.ts is a socket/);
      expect(problems['huge.ts']).toBe('huge.ts is larger than the 1 MiB limit for one file (5120 MiB)');
      expect(problems['big.txt']).toMatch(/^big\.txt is larger than the 1 MiB limit/);
      expect(problems['hard.ts']).toMatch(/^hard\.ts is a hard link/);
      expect(Object.values(problems).some((reason) => /not valid UTF-8/.test(reason))).toBe(true);
      expect(Object.keys(problems).some((path) => path.startsWith('node_modules'))).toBe(false);
      expect([...snapshot.files.keys()].some((path) => path.startsWith('root/'))).toBe(false);
    } finally {
      server.close();
    }
  });

  it('a file stands for itself: a link, a pipe, a folder or a huge file in its place is a load error naming why', async () => {
    const dir = copyOf(CORRECT);
    // A perfectly good deck.ts, but outside the folder: it must not be graded.
    unlinkSync(join(dir, 'deck.ts'));
    symlinkSync(outside(readFileSync(join(CORRECT, 'deck.ts'), 'utf8')), join(dir, 'deck.ts'));
    rmSync(join(dir, 'hand.ts'));
    mkfifo(join(dir, 'hand.ts'));
    rmSync(join(dir, 'blackjack.ts'));
    mkdirSync(join(dir, 'blackjack.ts'));
    // A helper the student's player imports, linked from elsewhere.
    symlinkSync(outside('export const table = 1;\n'), join(dir, 'helper.ts'));
    const player = join(dir, 'player.ts');
    writeFileSync(player, `import { table } from './helper';\nvoid table;\n${readFileSync(player, 'utf8')}`);
    const staging = await stage(dir);
    expect(staging.problems.get('deck.ts')).toBe('deck.ts is a symbolic link: submit the file itself');
    expect(staging.problems.get('hand.ts')).toBe(
      'hand.ts is a named pipe (FIFO), not a file: submit the file itself',
    );
    expect(staging.problems.get('blackjack.ts')).toBe('blackjack.ts is a folder, not a file');
    expect(staging.problems.get('player.ts')).toMatch(
      /^player\.ts does not compile: .*imports '\.\/helper', but helper\.ts was not read: helper\.ts is a symbolic link: submit the file itself$/,
    );
  });

  it('a folder whose contract files are all links is still a submission, with its own verdicts', () => {
    const dir = scratch();
    for (const file of ['deck.ts', 'hand.ts', 'player.ts', 'blackjack.ts'])
      symlinkSync(join(CORRECT, file), join(dir, file));
    const { modules, snapshot } = readSubmission(assignment, dir);
    expect(modules.size).toBe(0);
    expect(snapshot.problems.get('deck.ts')).toMatch(/symbolic link/);
  });
});

describe('a source saved in another encoding than UTF-8', () => {
  it('is graded as read (each bad byte as U+FFFD) and the report says which file, where and why', async () => {
    const dir = copyOf(TESTED);
    const hand = join(dir, 'hand.ts');
    // A Latin-1 é in a comment on the second line: what Windows-1252 editors save.
    const text = readFileSync(hand);
    const firstLine = text.indexOf(0x0a) + 1;
    writeFileSync(
      hand,
      Buffer.concat([
        text.subarray(0, firstLine),
        Buffer.from('// caf\xe9\n', 'latin1'),
        text.subarray(firstLine),
      ]),
    );
    const run = await pitbossHere(['check', dir, '--format', 'json', '--only', 'hand.']);
    const report = json<Report>(run);
    expect(report.notes).toEqual([
      'hand.ts is not UTF-8 text (byte 0xe9 on line 2): it was read as UTF-8 all the same, each byte that is not as \ufffd, which is what its strings print; save it as UTF-8',
    ]);
    expect(report.score).toBe(report.maxScore);
    expect((await pitbossHere(['check', dir, '--only', 'hand.'])).stdout).toContain(
      'note: hand.ts is not UTF-8 text',
    );
  });
});

describe("compiling from the snapshot, with the grader's own settings", () => {
  it("opens no tsconfig.json or package.json of the student's: pipes in their place do not hang it", async () => {
    const dir = copyOf(CONFIG);
    for (const folder of [dir, join(dir, 'tests')]) {
      for (const file of ['tsconfig.json', 'package.json']) {
        rmSync(join(folder, file));
        mkfifo(join(folder, file));
      }
    }
    const staging = await stage(dir);
    expect([...staging.problems]).toEqual([]);
    const tests = await compileStudentTests(assignment, readSubmission(assignment, dir), scratch());
    expect([...tests.problems]).toEqual([]);
    expect(Object.keys(tests.tests).sort()).toEqual([
      'tests/deck.new-deck-order.test.ts',
      'tests/hand.ace-king-is-soft-21.test.ts',
    ]);
  });

  it("compiles exactly as without the student's configuration (extends /dev/zero, /etc/shadow, other semantics)", async () => {
    const plain = copyOf(TESTED, 'plain');
    const hostile = copyOf(CONFIG, 'hostile');
    // What the git fixture cannot hold safely: a configuration that reads a device without end.
    writeFileSync(join(hostile, 'tests', 'tsconfig.json'), '{ "extends": "/dev/zero" }');
    const hostileStaging = await stage(hostile);
    expect([...hostileStaging.problems]).toEqual([]);
    expect(compiledOf(hostileStaging)).toEqual(compiledOf(await stage(plain)));
    const compiled = await compileStudentTests(assignment, readSubmission(assignment, hostile), scratch());
    const expected = await compileStudentTests(assignment, readSubmission(assignment, plain), scratch());
    expect([...compiled.problems]).toEqual([]);
    for (const [name, text] of Object.entries(compiled.tests)) expect(text).toBe(expected.tests[name]);
    expect(JSON.stringify(compiled)).not.toMatch(/shadow|passwd|root:/);
  });

  it("a test file or helper linked from elsewhere (the instructor's private part, /) is never compiled", async () => {
    const dir = copyOf(TESTED);
    const tests = join(dir, 'tests');
    symlinkSync(join(REPO_ROOT, 'instructor/classic/mutants.json'), join(tests, 'leak.test.ts'));
    symlinkSync(outside('export const two = 2;\n'), join(tests, 'helper.ts'));
    writeFileSync(
      join(tests, 'uses-helper.test.ts'),
      "import assert from 'node:assert/strict';\nimport { test } from 'node:test';\nimport { two } from './helper';\ntest('two', () => assert.equal(two, 2));\n",
    );
    symlinkSync('/', join(tests, 'everything'));
    const compiled = await compileStudentTests(assignment, readSubmission(assignment, dir), scratch());
    expect(compiled.problems.get('tests/leak.test.ts')).toBe(
      'was not read: tests/leak.test.ts is a symbolic link: submit the file itself',
    );
    expect(compiled.problems.get('tests/uses-helper.test.ts')).toMatch(
      /^does not compile: .*imports '\.\/helper', but it was not read: tests\/helper\.ts is a symbolic link/,
    );
    expect([...compiled.problems.keys()].some((name) => name.startsWith('tests/everything/'))).toBe(false);
    expect(JSON.stringify(compiled)).not.toContain('"mutants"');
    // The rest compile as before.
    expect(Object.keys(compiled.tests).length).toBe(readdirSync(join(TESTED, 'tests')).length);
  });
});

/** Kills every esbuild service this process started: what a crash on an input does to it. */
function killCompileService(): void {
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    let children: string[] = [];
    try {
      children = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/);
    } catch {
      continue;
    }
    for (const pid of children.filter(Boolean)) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'esbuild')
          process.kill(Number(pid), 'SIGKILL');
      } catch {
        // Gone.
      }
    }
  }
}

describe("a crash of the batch's compile service", () => {
  afterAll(() => {
    compilerHooks.beforeBuild = undefined;
  });

  it('is charged to the submission whose input it died on; the service restarts and the others compile as if alone', async () => {
    const hostile = copyOf(CORRECT, 'hostile');
    const others = [copyOf(CORRECT, 'other-1'), copyOf(TESTED, 'other-2')];
    const alone = [compiledOf(await stage(copyOf(CORRECT))), compiledOf(await stage(copyOf(TESTED)))];
    // Every compile of the hostile submission's files kills the service while it is in flight (the
    // build waits on this process for its imports, so it cannot finish first).
    compilerHooks.beforeBuild = (label) => {
      if (label.startsWith(`${hostile}/`)) setImmediate(killCompileService);
    };
    const [hostileStaging, ...otherStagings] = await Promise.all([stage(hostile), ...others.map(stage)]);
    for (const file of ['deck.ts', 'hand.ts', 'player.ts', 'blackjack.ts'])
      expect(hostileStaging!.problems.get(file)).toBe(
        `${file} does not compile: the compiler failed on this file`,
      );
    for (const [i, staging] of otherStagings.entries()) {
      expect([...staging.problems]).toEqual([]);
      expect(compiledOf(staging)).toEqual(alone[i]);
    }
    // And after it: a later submission, its tests too, compile as if the crash never happened.
    const later = copyOf(TESTED, 'later');
    expect([...(await stage(later)).problems]).toEqual([]);
    const tests = await compileStudentTests(assignment, readSubmission(assignment, later), scratch());
    expect([...tests.problems]).toEqual([]);
    compilerHooks.beforeBuild = undefined;
  });
});

describe('the result store key', () => {
  it('encodes every file unambiguously: a crafted content holding NUL no longer collides with another layout', () => {
    const deck = readFileSync(join(CORRECT, 'deck.ts'));
    const crafted = scratch();
    writeFileSync(join(crafted, 'deck.ts'), deck);
    writeFileSync(join(crafted, 'a.ts'), 'export const a = 1;\0b.ts\0export const b = 2;');
    const honest = scratch();
    writeFileSync(join(honest, 'deck.ts'), deck);
    writeFileSync(join(honest, 'a.ts'), 'export const a = 1;');
    writeFileSync(join(honest, 'b.ts'), 'export const b = 2;');
    expect(readSubmission(assignment, crafted).hash).not.toBe(readSubmission(assignment, honest).hash);
  });

  it('covers dotfiles, helpers under tests/ and every other file', () => {
    const dir = copyOf(TESTED);
    const hashes = new Set([readSubmission(assignment, dir).hash]);
    for (const [file, text] of [
      ['.helper.ts', 'export const x = 1;'],
      ['tests/data.json', '{"a": 1}'],
      ['tests/helper.mjs', 'export const y = 2;'],
      ['README.md', 'hello'],
    ] as const) {
      writeFileSync(join(dir, file), text);
      hashes.add(readSubmission(assignment, dir).hash);
    }
    expect(hashes.size).toBe(5);
  });

  const reportOf = (name: string, hash: string, extra: object = {}): Report =>
    ({
      submission: { name, path: name, hash },
      score: 1,
      maxScore: 2,
      tests: [],
      ...extra,
    }) as unknown as Report;

  it('keeps each submission its own result: identical files in two folders do not share one', () => {
    const out = scratch();
    const store = new ResultStore(out, { run: 'test' });
    const hash = 'a'.repeat(64);
    store.write({ name: 'alice', hash }, reportOf('alice', hash));
    expect(store.read({ name: 'alice', hash })?.submission.name).toBe('alice');
    expect(store.read({ name: 'bob', hash })).toBeUndefined();
    store.write({ name: 'bob', hash }, reportOf('bob', hash));
    expect(store.read({ name: 'bob', hash })?.submission.name).toBe('bob');
    expect(store.read({ name: 'alice', hash })?.submission.name).toBe('alice');
  });

  it('never stores a result marked as an infrastructure fault', () => {
    const out = scratch();
    const store = new ResultStore(out, { run: 'test' });
    const hash = 'b'.repeat(64);
    store.write({ name: 'carol', hash }, reportOf('carol', hash, { infrastructure: true }));
    store.write(
      { name: 'dave', hash },
      reportOf('dave', hash, { tests: [{ id: 'deck.x', status: 'failed', infrastructure: true }] }),
    );
    expect(store.read({ name: 'carol', hash })).toBeUndefined();
    expect(store.read({ name: 'dave', hash })).toBeUndefined();
    expect(readdirSync(join(out, '.pitboss-results'))).toEqual([]);
  });
});

describe('one reading per submission', () => {
  it('gradeSubmission grades the snapshot it is given, without reading the folder again', async () => {
    const dir = copyOf(CORRECT);
    const submission = readSubmission(assignment, dir);
    rmSync(dir, { recursive: true });
    const plan = planTests(assignment);
    const report = await gradeSubmission(assignment, plan, dir, {
      mode: 'check',
      workRoot: scratch(),
      limiter: pLimit(1),
      limits: assignment.limits,
      submission,
      filter: () => false,
    });
    expect(report.submission.hash).toBe(submission.hash);
    expect(report.loadErrors).toEqual([]);
  });
});
