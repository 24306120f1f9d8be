// solution/ graded as a student's submission by the built pitboss CLI (`pnpm test` builds it first):
// every rules.ts test and every transcript case, hidden and generated ones too, and its own tests
// (tests/, about rules.ts) exposing every mutant of rules.ts, public and private: full marks.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

interface Report {
  score: number;
  maxScore: number;
  tests: { id: string; status: string }[];
}

describe('solution/ under pitboss grade', () => {
  it('passes every rules.ts test and transcript case, in both linkings, and its tests expose every mutant', () => {
    const run = spawnSync(
      process.execPath,
      [
        here('../../../apps/grader/bin/pitboss.mjs'),
        'grade',
        here('../solution'),
        '--assignment',
        'straights',
        '--format',
        'json',
        '--only',
        'rules.',
        'transcript.',
        'mutant.',
      ],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 },
    );
    const report = JSON.parse(run.stdout) as Report;
    expect(report.tests.filter((test) => test.status !== 'passed')).toEqual([]);
    for (const group of [
      'rules.',
      'transcript.course.',
      'transcript.edge.',
      'transcript.end-of-input.',
      'transcript.generated.',
      'transcript.private.',
    ])
      expect(
        report.tests.some((test) => test.id.startsWith(group)),
        group,
      ).toBe(true);
    expect(report.score).toBe(report.maxScore);
    expect(run.status).toBe(0);
  }, 300_000);
});
