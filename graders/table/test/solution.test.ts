// solution/ graded as a student's submission by the built pitboss CLI (`pnpm test` builds it first):
// every unit test of the Blackjack class and every transcript case, hidden and generated ones too, at
// full marks; and its own tests expose every public mutant of blackjack.ts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../../apps/grader/bin/pitboss.mjs', import.meta.url));
const SOLUTION = fileURLToPath(new URL('../solution', import.meta.url));

interface Report {
  score: number;
  maxScore: number;
  tests: { id: string; status: string; message?: string }[];
}

describe('solution/ under pitboss grade', () => {
  it('passes every unit test, transcript case and mutant test, for full marks', () => {
    const run = spawnSync(
      process.execPath,
      [BIN, 'grade', SOLUTION, '--rules', 'table', '--format', 'json'],
      {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        maxBuffer: 1 << 26,
      },
    );
    const report = JSON.parse(run.stdout) as Report;
    expect(report.tests.filter((test) => test.status !== 'passed')).toEqual([]);
    for (const kind of ['blackjack.', 'transcript.course.', 'transcript.generated.', 'mutant.public.'])
      expect(
        report.tests.some((test) => test.id.startsWith(kind)),
        kind,
      ).toBe(true);
    expect(report.score).toBe(report.maxScore);
    expect(run.status).toBe(0);
  }, 300_000);
});
