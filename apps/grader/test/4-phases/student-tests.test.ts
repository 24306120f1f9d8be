import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { readSubmission } from '../../src/1-submission/submission.ts';
import type { Manifest } from '../../src/3-sandbox/children/student-tests/protocol.ts';
import { runVariant } from '../../src/3-sandbox/door.ts';
import { compileShared } from '../../src/3-sandbox/stage.ts';
import { compileStudentTests, compileTargets } from '../../src/4-phases/student-tests/compile.ts';
import { runBaselinePair, runMatrix } from '../../src/4-phases/student-tests/matrix.ts';
import { wheatsFor } from '../../src/4-phases/student-tests/wheats.ts';
import { loadAssignment, studentTestsBundle } from '../../src/assignment/load.ts';
import { readCatalogue } from '../../src/mutants/catalogue.ts';
import { CORRECT, json, pitbossHere, REPO_ROOT, type Run, scratch } from '../support.ts';

const TESTED = join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested');
const SOLUTION = join(REPO_ROOT, 'graders/classic/solution');

/** A submission (the correct one) with the given student test files. */
function withTests(files: Record<string, string>): string {
  const dir = join(scratch(), 'with-tests');
  cpSync(CORRECT, dir, { recursive: true });
  mkdirSync(join(dir, 'tests'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'tests', name), text);
  return dir;
}

const header = "import assert from 'node:assert/strict';\nimport { test } from 'node:test';\n";

describe("grading a student's own tests", () => {
  let report: Report;
  beforeAll(async () => {
    report = json<Report>(await pitbossHere(['check', TESTED, '--format', 'json', '--only', 'mutant']));
  }, 600_000);

  it('check runs them against the public mutants and says how many they expose', async () => {
    expect(report.studentTests.mutants).toBeGreaterThan(0);
    expect(report.studentTests.cases.every((test) => test.valid)).toBe(true);
    const human = (await pitbossHere(['check', TESTED, '--only', 'mutant'])).stdout;
    expect(human).toContain(
      `Your tests expose ${report.studentTests.exposed} of ${report.studentTests.mutants} mutants.`,
    );
  }, 600_000);

  it('a visible mutant says which test exposed it, as data and in words', () => {
    const exposed = report.tests.find((test) => test.kind === 'mutant' && test.status === 'passed')!;
    expect(exposed.mutant?.status).toBe('killed');
    const [first] = exposed.mutant!.killedBy;
    expect(first).toMatchObject({ file: expect.stringMatching(/^tests\/.*\.test\.ts$/), position: '0' });
    expect(report.studentTests.cases).toContainEqual(expect.objectContaining(first));
    expect(exposed.message).toMatch(/^exposed by tests\/.*\.test\.ts > /);
  });

  it('a test that fails on the reference does not count, and the report says why', async () => {
    const dir = withTests({
      'deck.wrong.test.ts': `${header}import { Deck } from '../deck';\ntest('a new deck holds 51 cards', () => {\n  assert.equal(new Deck().cardsLeft(), 51);\n});\n`,
      'deck.size.test.ts': `${header}import { Deck } from '../deck';\ntest('a new deck holds 52 cards', () => {\n  assert.equal(new Deck().cardsLeft(), 52);\n});\n`,
    });
    const { studentTests } = json<Report>(
      await pitbossHere(['check', dir, '--format', 'json', '--only', 'mutant']),
    );
    const wrong = studentTests.cases.find((test) => test.name === 'a new deck holds 51 cards')!;
    expect(wrong.valid).toBe(false);
    // The message shown is the one from the run on the student's own code, never the reference's.
    expect(wrong.reason).toMatch(/^it fails on the reference implementation; on your code: AssertionError/);
    expect(studentTests.cases.find((test) => test.name === 'a new deck holds 52 cards')?.valid).toBe(true);
  });

  it('a test that times out on a mutant exposes it, and the report says it was a timeout', async () => {
    const secret = scratch();
    const hand = readFileSync(join(SOLUTION, 'hand.ts'), 'utf8');
    const find = hand.slice(
      hand.indexOf('  discardAll(): void {'),
      hand.indexOf('  discardAll(): void {') + 22,
    );
    writeFileSync(
      join(secret, 'mutants.json'),
      JSON.stringify({
        mutants: [
          {
            id: 'hand.discard-loops',
            file: 'hand.ts',
            description: 'discardAll never returns',
            find,
            replace: `${find}\n    for (;;) {}`,
          },
        ],
      }),
    );
    const dir = withTests({
      'hand.discard.test.ts': `${header}import { Hand } from '../hand';\ntest('discardAll empties the hand', () => {\n  const hand = new Hand();\n  hand.discardAll();\n  assert.deepEqual(hand.handValue(), { count: 0, soft: false });\n});\n`,
    });
    const report = json<Report>(
      await pitbossHere([
        'grade',
        dir,
        '--format',
        'json',
        '--only',
        'mutant.private',
        '--private',
        secret,
        '--timeout',
        '2',
      ]),
    );
    const [test] = report.tests;
    expect(test?.status).toBe('passed');
    expect(test?.mutant?.killedBy).toEqual([{ file: 'tests/hand.discard.test.ts', broke: 'timeout' }]);
    expect(test?.message).toMatch(
      /^exposed by tests\/hand\.discard\.test\.ts \(timed out\) \(a test timed out on it, which counts\)/,
    );
  });

  it('a submission without tests loses every mutant point with one clear reason', async () => {
    const report = json<Report>(
      await pitbossHere(['check', CORRECT, '--format', 'json', '--only', 'mutant']),
    );
    const noTests = join(scratch(), 'no-tests');
    cpSync(CORRECT, noTests, { recursive: true, filter: (path) => !path.includes('/tests') });
    const none = json<Report>(await pitbossHere(['check', noTests, '--format', 'json', '--only', 'mutant']));
    expect(none.tests.every((test) => test.message === 'there are no tests (*.test.ts) in tests/')).toBe(
      true,
    );
    expect(report.studentTests.cases.length).toBeGreaterThan(0);
  });
});

describe('the matrix runner', () => {
  it('gives the same verdicts as one node --test process per pair', async () => {
    const assignment = await loadAssignment('classic');
    const mutants = readCatalogue(assignment).slice(0, 6);
    const workRoot = scratch();
    chmodSync(workRoot, 0o755); // the sandbox's own uid reads the run folders
    const shared = await compileShared(assignment, workRoot);
    const compiled = await compileStudentTests(
      assignment,
      readSubmission(assignment, TESTED),
      join(workRoot, 'tests'),
    );
    const files = Object.keys(compiled.tests).sort().slice(0, 5);
    const manifest: Manifest = {
      ...(await compileTargets(assignment, mutants, shared, workRoot)),
      tests: Object.fromEntries(files.map((file) => [file, compiled.tests[file]!])),
    };
    const limits = { ...assignment.limits, programTimeoutMs: 5000 };
    const matrix = await runMatrix(manifest, {
      harness: await studentTestsBundle(),
      limits,
      limiter: pLimit(2),
      runTimeoutMs: 5000,
      workDir: workRoot,
      wheats: await wheatsFor(assignment, shared, workRoot, undefined),
    });
    let pairs = 0;
    for (const mutant of mutants) {
      const { killedBy } = matrix.verdicts.get(mutant.id)!;
      let failsSomewhere = false;
      for (const file of files) {
        const baseline = await runBaselinePair(
          manifest,
          file,
          mutant.id,
          join(workRoot, `pair-${pairs++}`),
          5000,
        );
        failsSomewhere ||= baseline !== 'passed';
        // Every usable file runs on every mutant: a file whose tests all count is named exactly
        // when it fails on the mutant.
        const named = killedBy.some((kill) => kill.file === file);
        const cases = matrix.cases.filter((c) => c.file === file);
        if (cases.length > 0 && cases.every((c) => c.valid))
          expect(named, `${file} on ${mutant.id}`).toBe(baseline !== 'passed');
        else if (named) expect(baseline, `${file} on ${mutant.id}`).not.toBe('passed');
      }
      expect(killedBy.length > 0, mutant.id).toBe(failsSomewhere);
    }
  });

  const runOptions = async () => {
    const assignment = await loadAssignment('classic');
    const workRoot = scratch();
    chmodSync(workRoot, 0o755);
    const shared = await compileShared(assignment, workRoot);
    const targets = await compileTargets(assignment, [], shared, workRoot);
    const options = {
      harness: await studentTestsBundle(),
      limits: assignment.limits,
      runTimeoutMs: 5000,
      workDir: workRoot,
    };
    return { targets, options };
  };

  it('settles the files to run in rounds, then one process per file: a file that breaks the others never counts', async () => {
    const assignment = await loadAssignment('classic');
    const mutants = readCatalogue(assignment)
      .filter((mutant) => mutant.file === 'deck.ts')
      .slice(0, 3);
    const workRoot = scratch();
    chmodSync(workRoot, 0o755);
    const shared = await compileShared(assignment, workRoot);
    // Each file ends the process when another file ran before it in the same process.
    const source = [
      "import assert from 'node:assert/strict';",
      "import { test } from 'node:test';",
      "import { Deck } from './deck.mjs';",
      'globalThis.__files = (globalThis.__files ?? 0) + 1;',
      'if (globalThis.__files > 1) process.exit(0);',
      "test('a new deck has 52 cards', () => assert.equal(new Deck().cardsLeft(), 52));",
    ].join('\n');
    const files = Array.from({ length: 6 }, (_, i) => `tests/f${i}.test.ts`);
    const manifest: Manifest = {
      ...(await compileTargets(assignment, mutants, shared, workRoot)),
      tests: Object.fromEntries(files.map((file) => [file, source])),
    };
    const matrix = await runMatrix(manifest, {
      harness: await studentTestsBundle(),
      limits: assignment.limits,
      limiter: pLimit(2),
      runTimeoutMs: 5000,
      workDir: workRoot,
    });
    // Four rounds in one process drop f1..f4 (each broke the run it was in); then f0 and f5 run
    // one process each, and count.
    expect(matrix.cases.map((c) => [c.file, c.valid])).toEqual(
      files.map((file, i) => [file, i === 0 || i === 5]),
    );
    expect(matrix.cases[1]?.reason).toBe(
      'on the reference implementation its process ended without an answer',
    );
    for (const mutant of mutants) {
      const baseline = await runBaselinePair(manifest, files[0]!, mutant.id, join(workRoot, mutant.id), 5000);
      const { killedBy } = matrix.verdicts.get(mutant.id)!;
      expect(killedBy.length > 0, mutant.id).toBe(baseline !== 'passed');
      expect(
        killedBy.every((kill) => kill.file === 'tests/f0.test.ts' || kill.file === 'tests/f5.test.ts'),
      ).toBe(true);
    }
  });

  it('runs each variant in a fresh process: no state carries from one variant to the next', async () => {
    const { targets, options } = await runOptions();
    const source = [
      "import { test } from 'node:test';",
      'globalThis.__runs = (globalThis.__runs ?? 0) + 1;',
      "process.env.RUNS = String(Number(process.env.RUNS ?? '0') + 1);",
      "test('first', () => { if (globalThis.__runs !== 1 || process.env.RUNS !== '1') throw new Error('carried'); });",
    ].join('\n');
    for (let run = 0; run < 3; run++) {
      const [outcome] = await runVariant(targets.reference, [source], options);
      expect(outcome?.kind === 'reply' && outcome.reply.cases[0]?.status).toBe('passed');
    }
  });

  it("runs a variant's files in order, one answer each; a file that hangs is named, the rest never ran", async () => {
    const { targets, options } = await runOptions();
    const passing = "import { test } from 'node:test';\ntest('a', () => {});\ntest('b', () => {});\n";
    const failing = "import { test } from 'node:test';\ntest('c', () => { throw new Error('no'); });\n";
    const hanging = "import { test } from 'node:test';\ntest('d', () => { for (;;) {} });\n";
    const outcomes = await runVariant(targets.reference, [passing, failing, hanging, passing], {
      ...options,
      runTimeoutMs: 2000,
    });
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['reply', 'reply', 'limit', 'not-run']);
    const [first, second, third] = outcomes;
    expect(first?.kind === 'reply' && first.reply.cases.map((c) => `${c.position}:${c.status}`)).toEqual([
      '0:passed',
      '1:passed',
    ]);
    expect(second?.kind === 'reply' && second.reply.file).toBe(1);
    expect(second?.kind === 'reply' && second.reply.cases[0]?.status).toBe('failed');
    expect(third?.kind === 'limit' && third.hit).toMatch(/^(time|cpu)$/);
  });
});

describe('pitboss export-student-tool', () => {
  it('copies the project without the instructor private part', async () => {
    const out = join(scratch(), 'student-tool');
    const run = await pitbossHere(['export-student-tool', out]);
    expect(run.status).toBe(0);
    expect(existsSync(join(out, 'instructor'))).toBe(false);
    expect(existsSync(join(out, 'graders/classic/mutants.json'))).toBe(true);
    expect(existsSync(join(out, 'README.md'))).toBe(true);
    expect(readdirSync(out)).not.toContain('node_modules');
    expect((await pitbossHere(['export-student-tool', out])).status).toBe(2);
  });
});

describe("pitboss mutants (the grader's self-check)", () => {
  let run: Run;
  beforeAll(async () => {
    run = await pitbossHere(['mutants']);
    // About 300 s on an idle 2-core machine (every fixture graded, the wrong-hang-* ones waiting for
    // their limits): room for a loaded one.
  }, 1_200_000);

  it('catches every mutant with a test about the file it changed, and judges every fixture right', () => {
    expect(run.stdout).toContain('The grader catches every mutant and judges every fixture right.');
    expect(run.status).toBe(0);
  });

  it('prints a kill matrix: each mutant, the kinds of test that caught it', () => {
    const rows = run.stdout.split('\n').filter((line) => /^(deck|hand|player|blackjack)\./.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.every((line) => line.endsWith('yes'))).toBe(true);
    expect(run.stdout).toMatch(/ok +correct-indexed/);
    expect(run.stdout).toMatch(/ok +wrong-shuffle-from-new-deck/);
  });
}, 1_200_000);

describe('the compiled solution and mutants, kept between runs', () => {
  it('are compiled once and read back the same by a later run, and made again when what is kept is not whole', async () => {
    const assignment = await loadAssignment('classic');
    const mutants = readCatalogue(assignment).slice(0, 3);
    const first = scratch();
    chmodSync(first, 0o755);
    const shared = await compileShared(assignment, first);
    const made = await compileTargets(assignment, mutants, shared, first);
    // A later run (another work root) reads them: it compiles nothing into its own folder.
    const later = scratch();
    const read = await compileTargets(assignment, mutants, shared, later);
    expect(read).toEqual(made);
    expect(existsSync(join(later, `targets-${assignment.name}`))).toBe(false);
    expect(Object.keys(read.mutants).sort()).toEqual(mutants.map((mutant) => mutant.id).sort());
    // A kept file cut short (a run killed while writing it, a full disk) is compiled again.
    const kept = join(REPO_ROOT, 'node_modules/.cache/pitboss/targets');
    for (const name of readdirSync(kept)) writeFileSync(join(kept, name), '{"reference":');
    const again = scratch();
    expect(await compileTargets(assignment, mutants, shared, again)).toEqual(made);
    expect(existsSync(join(again, `targets-${assignment.name}`))).toBe(true);
  });
});
