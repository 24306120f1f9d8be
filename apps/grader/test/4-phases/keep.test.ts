// `pitboss check --keep`, as a student uses it: a folder from `pitboss init` with their files in it,
// the kept tests run with `tsx --test` the way `npm test` runs them. Each kept test must fail on the
// wrong submission it came from and pass on the reference solution; a kept test never earns the
// student's own-tests points, even one that exposes a mutant.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { KEPT_MARKER, literal, NotKeepable, renderUnitTest } from '../../src/kit/keep.ts';
import { json, pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
const SOLUTION = join(REPO_ROOT, 'graders/classic/solution');
const TSX = join(REPO_ROOT, 'node_modules/.bin/tsx');

/** A student's folder: what `pitboss init` writes, then their own files over it (copied, never in place). */
async function studentFolder(files: string, name: string, assignment = 'classic'): Promise<string> {
  const dir = join(scratch(), name);
  const init = await pitbossHere(['init', dir, '--assignment', assignment]);
  expect(init.status).toBe(0);
  cpSync(files, dir, { recursive: true });
  return dir;
}

/** Runs test files as `npm test` would (`tsx --test`), in the folder: how many passed and failed. */
function runTests(dir: string, files: readonly string[]): { pass: number; fail: number; output: string } {
  const run = spawnSync(TSX, ['--test', ...files], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
  const count = (what: string) => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(run.stdout)?.[1] ?? -1);
  return { pass: count('pass'), fail: count('fail'), output: run.stdout + run.stderr };
}

const keptPaths = (stdout: string): string[] =>
  [...stdout.matchAll(/^kept: (\S+\.test\.ts)/gm)].map((match) => match[1]!);

/** What the first fixture kept, for the marking test below. */
let keptUnitTest = '';

describe('pitboss check --keep on the wrong fixtures', () => {
  for (const fixture of [
    'wrong-ace-eleven-twice',
    'wrong-deck-empty-never-thrown',
    'wrong-hole-card-exposed-on-bust',
  ]) {
    it(`${fixture}: each kept test fails on it and passes on the reference solution`, async () => {
      const dir = await studentFolder(join(FIXTURES, fixture), fixture);
      const run = await pitbossHere(['check', dir, '--keep']);
      expect(run.status).toBe(1);
      const paths = keptPaths(run.stdout);
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        expect(path.startsWith(join(dir, 'tests', 'kept.'))).toBe(true);
        const source = readFileSync(path, 'utf8');
        expect(source).toContain(KEPT_MARKER);
        expect(source).toContain("from 'node:test'");
      }
      const names = paths.map((path) => join('tests', path.slice(join(dir, 'tests').length + 1)));
      // Nothing half-written is left beside them.
      expect(readdirSync(join(dir, 'tests')).filter((name) => name.endsWith('.tmp'))).toEqual([]);

      const wrong = runTests(dir, names);
      expect(wrong, wrong.output).toMatchObject({ pass: 0, fail: names.length });

      const reference = await studentFolder(SOLUTION, `${fixture}-reference`);
      for (const name of names) cpSync(join(dir, name), join(reference, name));
      const right = runTests(reference, names);
      expect(right, right.output).toMatchObject({ pass: names.length, fail: 0 });

      const unit = names.find((name) => !name.includes('transcript'));
      if (fixture === 'wrong-ace-eleven-twice' && unit !== undefined)
        keptUnitTest = readFileSync(join(dir, unit), 'utf8');
    }, 600_000);
  }

  it('a Straights program that reads stdin: the kept transcript types it, fails on the wrong one, passes on the solution', async () => {
    const fixture = join(REPO_ROOT, 'fixtures/submissions/straights/wrong-any-seven-opens');
    const dir = await studentFolder(fixture, 'straights', 'straights');
    const only = ['rules.legal-opening', 'transcript.course.own:2_human1_quit.in'];
    const run = await pitbossHere(['check', dir, '--keep', '--only', ...only]);
    expect(run.status).toBe(1);
    const names = keptPaths(run.stdout).map((path) =>
      join('tests', path.slice(join(dir, 'tests').length + 1)),
    );
    expect(names.sort()).toEqual([
      'tests/kept.rules.legal-opening.test.ts',
      'tests/kept.transcript.course.own-2_human1_quit.in.test.ts',
    ]);
    expect(readFileSync(join(dir, names[1]!), 'utf8')).toContain('input: stdin');
    const wrong = runTests(dir, names);
    expect(wrong, wrong.output).toMatchObject({ pass: 0, fail: 2 });
    const reference = await studentFolder(
      join(REPO_ROOT, 'graders/straights/solution'),
      'straights-reference',
      'straights',
    );
    for (const name of names) cpSync(join(dir, name), join(reference, name));
    const right = runTests(reference, names);
    expect(right, right.output).toMatchObject({ pass: 2, fail: 0 });
  }, 600_000);

  it("never replaces a student's own file, and says so", async () => {
    const dir = await studentFolder(join(FIXTURES, 'wrong-ace-eleven-twice'), 'own-file');
    const mine =
      "// my own test, named like a kept one\nimport { test } from 'node:test';\ntest('mine', () => {});\n";
    writeFileSync(join(dir, 'tests/kept.hand.over-21.test.ts'), mine);
    const run = await pitbossHere(['check', dir, '--keep', '--only', 'hand.over-21']);
    expect(run.stdout).toContain(
      `not kept: ${join(dir, 'tests/kept.hand.over-21.test.ts')} exists and is not a kept test: left as it was`,
    );
    expect(readFileSync(join(dir, 'tests/kept.hand.over-21.test.ts'), 'utf8')).toBe(mine);
  }, 600_000);

  it('a tests folder it cannot write is one line and exit 2, before anything is graded', async () => {
    const dir = await studentFolder(join(FIXTURES, 'wrong-ace-eleven-twice'), 'tests-is-a-file');
    const tests = join(dir, 'tests');
    rmSync(tests, { recursive: true });
    writeFileSync(tests, 'not a folder');
    const run = await pitbossHere(['check', dir, '--keep']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`pitboss: cannot keep tests: ${tests} is a file, not a folder\n`);
    expect(readFileSync(tests, 'utf8')).toBe('not a folder');
  }, 600_000);

  it('with a report as data on stdout, the paths written go to stderr', async () => {
    const dir = await studentFolder(join(FIXTURES, 'wrong-ace-eleven-twice'), 'json');
    const run = await pitbossHere(['check', dir, '--keep', '--format', 'json', '--only', 'hand.over-21']);
    expect(json<Report>(run).score).toBe(0);
    expect(run.stderr).toContain(`kept: ${join(dir, 'tests/kept.hand.over-21.test.ts')}\n`);
  }, 600_000);

  it('check --help tells it', async () => {
    const help = await pitbossHere(['check', '--help']);
    expect(help.stdout).toMatch(/--keep\s+write each failing visible test/);
  });
});

describe('a kept test earns no own-tests points', () => {
  beforeAll(() => {
    expect(keptUnitTest).toContain(KEPT_MARKER);
  });

  it("exposes a mutant as the student's own test, and earns nothing kept", async () => {
    // The same test, twice: once as the student's own (marker and name gone), once as kept.
    const own = await studentFolder(SOLUTION, 'as-own');
    writeFileSync(
      join(own, 'tests/hand.aces.test.ts'),
      keptUnitTest.replaceAll(KEPT_MARKER, 'my own test').replace(/^\/\*\*[\s\S]*?\*\/\n/, ''),
    );
    const asOwn = json<Report>(await pitbossHere(['check', own, '--only', 'mutant', '--format', 'json']));
    const ownCase = asOwn.studentTests.cases.find((c) => c.file === 'tests/hand.aces.test.ts');
    expect(ownCase?.valid).toBe(true);
    expect(asOwn.studentTests.exposed).toBeGreaterThan(0);

    const kept = await studentFolder(SOLUTION, 'as-kept');
    writeFileSync(join(kept, 'tests/kept.hand.aces.test.ts'), keptUnitTest);
    const asKept = json<Report>(await pitbossHere(['check', kept, '--only', 'mutant', '--format', 'json']));
    expect(asKept.studentTests.exposed).toBe(0);
    expect(asKept.studentTests.cases).toContainEqual(
      expect.objectContaining({
        file: 'tests/kept.hand.aces.test.ts',
        valid: false,
        reason: expect.stringContaining('kept from the grader (pitboss check --keep): does not count'),
      }),
    );
    // Renamed, the marker still says whose it is.
    const renamed = await studentFolder(SOLUTION, 'renamed');
    writeFileSync(join(renamed, 'tests/hand.aces.test.ts'), keptUnitTest);
    const asRenamed = json<Report>(
      await pitbossHere(['check', renamed, '--only', 'mutant', '--format', 'json']),
    );
    expect(asRenamed.studentTests.exposed).toBe(0);
    expect(existsSync(join(renamed, 'tests/hand.aces.test.ts'))).toBe(true);
  }, 600_000);
});

describe('a case as source', () => {
  it('writes values as literals, and refuses one no literal can say', () => {
    expect(literal({ $: 'number', v: 'NaN' })).toBe('Number.NaN');
    expect(literal({ $: 'number', v: '-0' })).toBe('-0');
    expect(literal({ $: 'bigint', v: '12' })).toBe('12n');
    expect(literal({ $: 'object', c: 'Card', v: { spot: 3, name: 'x' }, more: 0 })).toBe(
      '{ "spot": 3, "name": "x" }',
    );
    const kept = (value: Parameters<typeof literal>[0]) =>
      renderUnitTest(
        {
          testId: 'deck.example',
          name: 'an example',
          file: 'deck.ts',
          steps: [
            {
              wire: { op: 'new', file: 'deck.ts', export: 'Deck', args: [], bind: 0 },
              text: 'new deck',
              expect: { returns: true },
            },
            {
              wire: { op: 'call', target: 0, method: 'deal', args: [], bind: 1 },
              text: 'deal()',
              expect: { value },
            },
          ],
          message: 'deal() returned 1; expected 2',
          rerun: { only: 'deck.example' },
        },
        'tests',
        'my submission',
      );
    expect(kept(2)).toContain("import { Deck } from '../deck';");
    // Its header's command runs from where pitboss runs, naming the submission's folder as it is named.
    expect(kept(2)).toContain(
      "from the folder that holds your\n * submission's folder (where you run pitboss), `pnpm --silent pitboss check 'my submission' --only deck.example` shows it in the grader.",
    );
    expect(kept(2)).toContain('const s0 = new Deck();');
    expect(kept(2)).toContain('const v1 = s0.deal();\n  assert.deepStrictEqual(like(v1, 2), 2);');
    expect(() => kept({ $: 'function', name: 'f' })).toThrow(NotKeepable);
    expect(() => kept({ $: 'cut', v: 'abc', more: 10 })).toThrow(NotKeepable);
  });
});

describe('--keep on a C++ submission', () => {
  it('is refused in one line before anything is graded: kept tests are TypeScript, which its next check would not run', async () => {
    const dir = join(scratch(), 'cpp');
    cpSync(join(REPO_ROOT, 'fixtures/submissions/classic-cpp/correct-tested'), dir, { recursive: true });
    const before = readdirSync(join(dir, 'tests')).sort();
    const run = await pitbossHere(['check', dir, '--keep']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'pitboss: cannot keep tests: --keep writes TypeScript tests, and this is a C++ submission; to see a failing test again, run the replay line its report prints\n',
    );
    expect(readdirSync(join(dir, 'tests')).sort()).toEqual(before);
  });
});
