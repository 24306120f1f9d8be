import { describe, expect, it } from 'vitest';
import { pitboss } from '../support.ts';

// The second assignment proves the grader general: the same self-check, on its own mutants and fixtures.
describe("pitboss mutants --rules crusaders (the grader's self-check on the 2021 edition)", () => {
  const run = pitboss(['mutants', '--rules', 'crusaders']);

  it('catches every mutant with a test about the file it changed, and judges every fixture right', () => {
    expect(run.stdout).toContain('The grader catches every mutant and judges every fixture right.');
    expect(run.status).toBe(0);
  });

  it('holds at least 25 mutants of its own, each caught', () => {
    const rows = run.stdout.split('\n').filter((line) => /^(deck|hand|player|blackjack)\./.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(rows.every((line) => line.endsWith('yes'))).toBe(true);
    expect(run.stdout).toMatch(/ok +correct-course-port/);
    expect(run.stdout).toMatch(/ok +wrong-escape-from-doubled-bankroll/);
  });
}, 600_000);

describe('a class folder of crusaders submissions', () => {
  it("is graded by the class folder's own rule set (its pitboss.json), without --rules", () => {
    const run = pitboss([
      'grade',
      'fixtures/submissions/crusaders',
      '--only',
      'player.names',
      '--format',
      'json',
    ]);
    const reports = JSON.parse(run.stdout) as { assignment: { name: string } }[];
    expect(reports.length).toBeGreaterThanOrEqual(13);
    expect(new Set(reports.map((report) => report.assignment.name))).toEqual(new Set(['crusaders']));
  });

  it("mixed with classic submissions is graded by the instructor's rule set, each disagreement noted", () => {
    const run = pitboss([
      'grade',
      'fixtures/submissions/crusaders/correct-course-port',
      'fixtures/submissions/classic/correct-indexed',
      '--only',
      'deck.new-order',
      '--format',
      'json',
    ]);
    const reports = JSON.parse(run.stdout) as {
      assignment: { name: string };
      submission: { declaredRules?: string };
    }[];
    expect(reports.map((report) => report.assignment.name)).toEqual(['classic', 'classic']);
    expect(reports.map((report) => report.submission.declaredRules)).toEqual(['crusaders', undefined]);
    expect(run.stderr).toContain(
      'pitboss: fixtures/submissions/crusaders/correct-course-port: its pitboss.json names crusaders: graded as classic',
    );
  });
});
