// A hang costs seconds, not the whole limit: each run's limit is scaled from the work it is asked to
// do (never from a clock), and a submission's runs share a time budget, after which what is left is
// not run and says so.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.ts';
import { FLOOR_MS, requestLimitMs, transcriptLimitMs } from '../src/runner/limits.ts';
import { json, pitboss, REPO_ROOT } from './support.ts';

const limits = { testTimeoutMs: 20_000, programTimeoutMs: 10_000, heapMb: 512, outputBytes: 1 << 24 };
const LOOP = join(REPO_ROOT, 'fixtures/submissions/classic/hostile-sync-loop');

describe('limits scaled from the work', () => {
  it('a small case gets the floor, a big one more, never more than the rule set allows', () => {
    expect(transcriptLimitMs(limits, 20)).toBe(FLOOR_MS);
    expect(transcriptLimitMs(limits, 30_000)).toBe(6000);
    expect(transcriptLimitMs(limits, 1_000_000)).toBe(limits.programTimeoutMs);
    expect(requestLimitMs(limits, 1)).toBe(FLOOR_MS);
    expect(requestLimitMs(limits, 1_000_000)).toBe(limits.testTimeoutMs);
  });

  it("an endless loop in deck.ts times out each test at its scaled limit, not the test's 20 s", {
    timeout: 120_000,
  }, () => {
    const report = json<Report>(
      pitboss(['check', LOOP, '--only', 'deck.shuffle-each-n', '--format', 'json']),
    );
    const test = report.tests[0]!;
    expect(test.status).toBe('timeout');
    expect(test.message).toBe(`the test took longer than its limit of ${FLOOR_MS} ms`);
  });

  it('what a spent budget leaves is not run, and says so', { timeout: 120_000 }, () => {
    const report = json<Report>(
      pitboss(['check', LOOP, '--only', 'deck.', '--budget', '4', '--format', 'json']),
    );
    const [spent, ...rest] = report.tests.filter((test) => test.status !== 'passed');
    expect(spent?.message).toMatch(/limit of \d+ ms/);
    expect(rest.length).toBeGreaterThan(0);
    for (const test of rest) {
      expect(test.status).toBe('timeout');
      expect(test.message).toContain('time budget of 4 s');
    }
  });
});
