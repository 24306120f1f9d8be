// Verdicts from nothing a submission can reach: the unit tests' oracle, comparison and verdict live in
// the grader's process, and the student's process only answers calls. Each fixture here is an attack
// of one class (fixtures/submissions/classic/hostile-*/HOSTILE.md says which); none may earn a point
// its behaviour did not, and none may read what a student must not.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { json, pitboss, REPO_ROOT } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
const UNITS = ['deck.', 'hand.', 'player.'];

const grade = (name: string) =>
  pitboss(['grade', join(FIXTURES, name), '--format', 'json', '--jobs', '2', '--only', ...UNITS]);

const passedIds = (report: Report) =>
  report.tests.filter((test) => test.status === 'passed').map((test) => test.id);

/** Lines of code long enough to be distinctive, from the files a student must never see. */
function secretLines(): string[] {
  const files = [
    ...['deck.ts', 'hand.ts'].map((name) => `packages/${name.replace('.ts', '')}/src/${name}`),
    'packages/player/src/simple.ts',
    'packages/player/src/counting.ts',
    ...readdirSync(join(REPO_ROOT, 'graders/classic/solution')).map(
      (name) => `graders/classic/solution/${name}`,
    ),
    ...readdirSync(join(REPO_ROOT, 'graders/classic/suites')).map((name) => `graders/classic/suites/${name}`),
    // The suites every Blackjack edition shares (the kit's).
    ...readdirSync(join(REPO_ROOT, 'graders/blackjack-kit/suites')).map(
      (name) => `graders/blackjack-kit/suites/${name}`,
    ),
  ];
  const lines = files.flatMap((file) =>
    readFileSync(join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(
        (line) =>
          line.length >= 30 && !line.startsWith('//') && !line.startsWith('*') && !line.startsWith('import'),
      ),
  );
  const privateMutants = JSON.parse(
    readFileSync(join(REPO_ROOT, 'instructor/classic/mutants.json'), 'utf8'),
  ) as {
    mutants: { replace: string }[];
  };
  // Their ids are the instructor's to see (grade is the instructor's view); their code is no one's.
  for (const mutant of privateMutants.mutants) lines.push(mutant.replace.trim());
  return [...new Set(lines)].filter((line) => line.length >= 12);
}

describe('forged verdicts', () => {
  it('stubs that vandalise JSON, toJSON, Promise.then, EventEmitter.emit, Symbol.for and Error score 0 on every unit test', {
    timeout: 300_000,
  }, () => {
    const run = grade('hostile-forge-builtins');
    const report = json<Report>(run);
    expect(run.status).toBe(1);
    expect(passedIds(report)).toEqual([]);
    for (const part of report.parts) expect(part.score, part.file).toBe(0);
  });

  it('code that mutates the cards and hands it is handed earns only what it gets right', {
    timeout: 300_000,
  }, () => {
    const report = json<Report>(grade('hostile-mutate-arguments'));
    const passed = passedIds(report);
    // deck.ts is correct; an empty hand and one shared instance each are the only things the rest gets right.
    expect(passed.filter((id) => !id.startsWith('deck.'))).toEqual(['hand.new-hand', 'player.instances']);
    expect(report.parts.find((part) => part.file === 'deck.ts')?.score).toBe(24);
  });
});

/** The secrets a submission could leak: those of its own lines excepted (its correct files share some). */
function secretsFor(dir: string): string[] {
  const own = readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');
  return secretLines().filter((line) => !own.includes(line));
}

/**
 * Grades a fixture (with `only`) into a scratch --out, and the human report of `humanOnly`: every file
 * written for the student and for the instructor, and the terminal's text. None may hold a secret.
 */
function gradedTexts(name: string, only: string[], humanOnly: string[], out: string): Record<string, string> {
  const dir = join(FIXTURES, name);
  const graded = pitboss(['grade', dir, '--format', 'json', '--jobs', '2', '--out', out, ...only]);
  expect(graded.status).toBe(1);
  const human = pitboss(['grade', dir, '--jobs', '2', '--only', ...humanOnly]);
  const texts: Record<string, string> = { human: human.stdout };
  for (const view of ['', 'instructor/'])
    for (const extension of ['json', 'html'])
      texts[`${view}${extension}`] = readFileSync(join(out, `${view}${name}.${extension}`), 'utf8');
  const secrets = secretsFor(dir);
  expect(secrets.length).toBeGreaterThan(100);
  for (const [file, text] of Object.entries(texts))
    expect(
      secrets.filter((line) => text.includes(line)),
      file,
    ).toEqual([]);
  return texts;
}

describe('hidden material', () => {
  it('a deck that throws everything it can read reveals no line of the reference, the suites or a private mutant', {
    timeout: 300_000,
  }, () => {
    const out = mkdtempSync(join(tmpdir(), 'pitboss-forgery-'));
    try {
      // Every test (hidden ones too); the human report of the deck.
      const texts = gradedTexts('hostile-read-reference', [], ['deck.'], out);
      const report = JSON.parse(texts.json!) as Report;
      expect(report.parts.find((part) => part.file === 'deck.ts')?.score).toBe(0);
      for (const file of ['hand.ts', 'player.ts']) {
        const part = report.parts.find((p) => p.file === file)!;
        expect(part.score, file).toBe(part.maxScore);
      }
      for (const test of report.tests) expect((test.message ?? '').length).toBeLessThan(70 * 1024);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("a driver that prints the modules beside it shows none of the reference's lines from a linked run", {
    timeout: 300_000,
  }, () => {
    const out = mkdtempSync(join(tmpdir(), 'pitboss-forgery-'));
    try {
      const texts = gradedTexts(
        'hostile-driver-prints-reference',
        ['--only', 'transcript.'],
        ['transcript.course'],
        out,
      );
      const report = JSON.parse(texts.json!) as Report;
      const linked = report.tests.filter((test) => test.id.includes('.linked:'));
      expect(linked.length).toBeGreaterThan(10);
      // In an isolate the driver finds no folder to list and no module text to read: its import of
      // node:path is refused when it is compiled, in one line, and no run of it shows anything.
      expect(report.loadErrors.map((problem) => problem.message)).toEqual([
        expect.stringContaining("imports 'node:path': Pitboss runs your code without Node's modules"),
      ]);
      for (const test of linked) {
        expect(test.status).not.toBe('passed');
        if (test.diff !== undefined) {
          expect(test.diff.withheld).toBe(true);
          expect(test.diff.actual.lines).toEqual([]);
        }
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
