// Hostile students' tests (fixtures/submissions/classic/hostile-tests-*): each tries to earn mutant
// credit without testing behaviour. Graded as one class with an honest submission, none may expose a
// mutant an honest version of its tests would not, and the honest one grades as it does alone.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { parseReply, REPLY_MAX_BYTES } from '../../src/3-sandbox/children/student-tests/protocol.ts';
import { CORRECT, json, pitboss, REPO_ROOT, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
const HONEST_TEST = join(FIXTURES, 'correct-tested/tests/deck.new-deck-has-52-cards.test.ts');

/** The correct submission with the one honest test the carried-state attack wraps. */
function honest(root: string): string {
  const dir = join(root, 'honest-52-cards');
  cpSync(CORRECT, dir, { recursive: true });
  mkdirSync(join(dir, 'tests'), { recursive: true });
  writeFileSync(join(dir, 'tests', 'deck.new-deck.test.ts'), readFileSync(HONEST_TEST, 'utf8'));
  return dir;
}

describe("hostile students' tests earn nothing they did not earn by behaviour", () => {
  const hostile = readdirSync(FIXTURES)
    .filter((name) => name.startsWith('hostile-tests-'))
    .sort();
  const root = scratch();
  const control = honest(root);
  const out = join(root, 'out');
  const args = ['--only', 'mutant', '--format', 'json', '--jobs', '2'];
  const batch = pitboss([
    'grade',
    ...hostile.map((name) => join(FIXTURES, name)),
    control,
    ...args,
    '--out',
    out,
  ]);
  const report = (name: string) => JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8')) as Report;
  const alone = json<Report>(pitboss(['grade', control, ...args]));

  it('the class grades (every hostile fixture has its HOSTILE.md)', () => {
    expect(batch.status, batch.stderr).toBeLessThanOrEqual(1);
    expect(hostile.length).toBeGreaterThanOrEqual(7);
    for (const name of hostile) expect(readdirSync(join(FIXTURES, name))).toContain('HOSTILE.md');
  });

  it('the honest control exposes mutants, in the class as alone', () => {
    expect(alone.studentTests.exposed).toBeGreaterThan(0);
    expect(report('honest-52-cards').studentTests.exposed).toBe(alone.studentTests.exposed);
    expect(report('honest-52-cards').score).toBe(alone.score);
  });

  it.each([
    'hostile-tests-twins',
    'hostile-tests-renamed',
    'hostile-tests-source-hash',
    'hostile-tests-stack-trace',
    'hostile-tests-read-folder',
    'hostile-tests-forged-reply',
    'hostile-tests-carried-between-files',
    'hostile-tests-lottery-process',
    'hostile-tests-lottery-source',
    'hostile-tests-lottery-timing',
    'hostile-tests-syntax-sniff',
  ])('%s exposes no mutant', (name) => {
    const { studentTests, score } = report(name);
    expect(studentTests.mutants).toBeGreaterThan(0);
    expect(studentTests.exposed).toBe(0);
    expect(score).toBe(0);
  });

  it('a file that does not count is never run on a mutant, and the tests are judged without it', () => {
    const cases = report('hostile-tests-carried-between-files').studentTests.cases;
    expect(cases.map((c) => [c.file, c.valid])).toEqual([
      ['tests/a.setup.test.ts', false],
      ['tests/b.needs-setup.test.ts', false],
      ['tests/c.hangs-without-setup.test.ts', false],
    ]);
  });

  it('state carried between runs earns exactly what the honest test earns', () => {
    expect(report('hostile-tests-carried-state').studentTests.exposed).toBe(alone.studentTests.exposed);
  });

  it('twins are told apart by position: the failing one is invalid, the passing one counts', () => {
    const cases = report('hostile-tests-twins').studentTests.cases;
    expect(cases.map((c) => c.valid)).toEqual([true, false]);
  });

  it('a test recognising the reference by its source does not count: it cannot import node:crypto or node:fs', () => {
    const cases = report('hostile-tests-source-hash').studentTests.cases;
    expect(cases.every((c) => !c.valid && /a test may import only node:test/.test(c.reason ?? ''))).toBe(
      true,
    );
  });

  it('a lottery on real time draws the same every run: its timers run on a clock of the isolate', () => {
    // Each test counts the event loop's turns before a 2 ms timer fires and hashes the count. In an
    // isolate no real time reaches a run, so the count, and every outcome, is the same on every run and
    // every variant: no test is flaky, and none tells a mutant from the reference by luck.
    const tested = report('hostile-tests-lottery-timing').studentTests;
    expect(tested.cases.some((c) => /flaky/.test(c.reason ?? ''))).toBe(false);
    expect(tested.exposed).toBe(0);
  });

  it('the lotteries see the same process and no source text in every run, so most of their tests count and find nothing', () => {
    for (const name of ['hostile-tests-lottery-process', 'hostile-tests-syntax-sniff']) {
      const cases = report(name).studentTests.cases;
      expect(cases.filter((c) => c.valid).length, name).toBeGreaterThan(cases.length / 2);
      expect(
        cases.some((c) => /flaky|other correct implementations/.test(c.reason ?? '')),
        name,
      ).toBe(false);
    }
  });

  it('no case says anything learnt on the reference, a wheat or a mutant', () => {
    for (const name of hostile) {
      for (const c of report(name).studentTests.cases) {
        // Module URLs name no variant (they said reference/deck.mjs or <mutant id>/deck.mjs).
        expect(c.reason ?? '').not.toMatch(/(reference|[a-z]+\.[a-z0-9-]+)\/(deck|hand|player)\.mjs/);
        expect(c.name.length + (c.reason?.length ?? 0)).toBeLessThan(5000);
      }
    }
  });
}, 900_000);

describe('a reply is read by the grader, never trusted', () => {
  const token = 'a'.repeat(32);
  const good = { file: 0, cases: [{ position: '0', status: 'passed', name: 'n' }] };

  it('needs the token, the shape, distinct positions and a known status', () => {
    expect(parseReply(`${token} ${JSON.stringify(good)}`, token)?.cases).toHaveLength(1);
    expect(parseReply(`${'b'.repeat(32)} ${JSON.stringify(good)}`, token)).toBeUndefined();
    for (const file of [undefined, -1, 1.5, '0'])
      expect(parseReply(`${token} ${JSON.stringify({ ...good, file })}`, token)).toBeUndefined();
    const twice = { file: 0, cases: [good.cases[0], good.cases[0]] };
    expect(parseReply(`${token} ${JSON.stringify(twice)}`, token)).toBeUndefined();
    const odd = { file: 0, cases: [{ position: '0', status: 'exposed', name: 'n' }] };
    expect(parseReply(`${token} ${JSON.stringify(odd)}`, token)).toBeUndefined();
    expect(parseReply(`${token} {"file":0,"cases":{"length":1}}`, token)).toBeUndefined();
  });

  it('caps its size and the student text it keeps', () => {
    const long = { file: 0, cases: [{ position: '0', status: 'failed', name: 'x'.repeat(100_000) }] };
    expect(parseReply(`${token} ${JSON.stringify(long)}`, token)?.cases[0]?.name.length).toBe(2048);
    expect(
      parseReply(`${token} ${' '.repeat(REPLY_MAX_BYTES)}${JSON.stringify(good)}`, token),
    ).toBeUndefined();
  });
});
