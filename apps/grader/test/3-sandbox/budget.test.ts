// A hang costs seconds, not the whole limit: each run's CPU-time limit is scaled from the work it is
// asked to do (never from a clock), and a submission's runs share a time budget, after which what is
// left is not run and says so.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import {
  everyProcessUsage,
  FLOOR_MS,
  requestLimitMs,
  transcriptLimitMs,
  treesUsage,
} from '../../src/3-sandbox/limits.ts';
import { json, pitboss, REPO_ROOT, withBug } from '../support.ts';

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

  it("an endless loop in deck.ts times out at its request's scaled CPU limit, not the test's 20 s", {
    timeout: 120_000,
  }, () => {
    const report = json<Report>(
      pitboss(['check', LOOP, '--only', 'deck.shuffle-each-n', '--format', 'json']),
    );
    const test = report.tests[0]!;
    expect(test.status).toBe('timeout');
    // CPU time: a busy loop is stopped at the same point whatever the machine's load.
    expect(test.message).toMatch(
      new RegExp(
        `^the test used more CPU time than its limit of ${FLOOR_MS} ms, in new deck; .*shuffle\\(\\d+\\)`,
      ),
    );
  });

  it("an endless loop in blackjack.ts is stopped at the case's scaled CPU limit, not the 10 s a run may take", {
    timeout: 120_000,
  }, () => {
    const looping = withBug(
      'blackjack.ts',
      'const MINIMUM = 5;',
      'const MINIMUM = 5;\nwhile (MINIMUM > 0) {}',
    );
    const report = json<Report>(
      pitboss(['check', looping, '--only', 'transcript.course.own:100_3_simple', '--format', 'json']),
    );
    expect(report.tests[0]).toMatchObject({
      status: 'timeout',
      message: `blackjack.ts used more CPU time than its limit of ${FLOOR_MS} ms`,
    });
  });

  it('a file that hung on two tests is not run for the rest, which say so, and each names the call it hung in', {
    timeout: 120_000,
  }, () => {
    const hanging = withBug(
      'hand.ts',
      'handValue(): HandValue {',
      'handValue(): HandValue {\n    for (;;) {}',
    );
    const report = json<Report>(pitboss(['check', hanging, '--format', 'json']));
    const hand = report.tests.filter((test) => test.file === 'hand.ts');
    expect(hand.length).toBeGreaterThan(3);
    const [first, second, ...rest] = hand;
    for (const test of [first!, second!]) {
      expect(test.status).toBe('timeout');
      expect(test.message).toMatch(
        /^the test used more CPU time than its limit of \d+ ms, in new hand; .*handValue\(\)$/,
      );
    }
    for (const test of rest) {
      expect(test.status).toBe('timeout');
      expect(test.message).toBe(
        'not run: hand.ts already ran out of time on the 2 tests before it, and after 2 time-outs the rest are not run (they count as failed)',
      );
    }
    // The driver with all the student's files hangs too: two runs wait, the rest are not run.
    const own = report.tests.filter((test) => test.transcript?.linking === 'own');
    expect(own.filter((test) => test.message?.startsWith('not run: ')).length).toBe(own.length - 2);
    expect(
      report.tests
        .filter((test) => test.transcript?.linking === 'linked')
        .every((test) => test.status === 'passed'),
    ).toBe(true);
    // Said once in the report for people, with the tests it stands for.
    const human = pitboss(['check', hanging]).stdout;
    expect(human.match(/not run: hand\.ts already ran out of time/g)).toHaveLength(1);
    expect(human).toContain(`the same in ${rest.length - 1} more tests`);
  });

  it('what a spent budget leaves is not run, and says so', { timeout: 120_000 }, () => {
    const report = json<Report>(
      pitboss(['check', LOOP, '--only', 'deck.', '--budget', '4', '--format', 'json']),
    );
    const [spent, ...rest] = report.tests.filter((test) => test.status !== 'passed');
    // The first runs until its CPU limit or the budget, whichever a loaded machine reaches first.
    expect(spent?.message).toMatch(/CPU time than its limit of \d+ ms|budget of 4 s/);
    expect(rest.length).toBeGreaterThan(0);
    for (const test of rest) {
      expect(test.status).toBe('timeout');
      expect(test.message).toContain('time budget of 4 s');
    }
  });

  it('a --budget too small for the reference solution itself is a usage error, never the sandbox blamed', {
    timeout: 180_000,
  }, () => {
    const run = pitboss([
      'grade',
      join(REPO_ROOT, 'fixtures/submissions/classic/correct-indexed'),
      '--budget',
      '1',
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'pitboss: --budget 1 is too little for the reference solution itself (it scores full marks without it): give each submission more time; nothing was graded\n',
    );
    expect(run.stdout).toBe('');
  });
});

describe('watching a process tree', () => {
  it('a tree walked down from its root counts what a reading of every process counts', async () => {
    // A shell with two children and a grandchild: sleeps hold still, so both readings see the same.
    const tree = spawn('sh', ['-c', 'sleep 30 & sh -c "sleep 30 & wait" & wait'], { detached: true });
    const lone = spawn('sleep', ['30'], { detached: true });
    try {
      await new Promise((settled) => setTimeout(settled, 500));
      const roots = [tree.pid!, lone.pid!];
      const walked = treesUsage(roots);
      const every = everyProcessUsage(roots);
      expect(walked).toEqual(every);
      // The tree's five processes weigh more than one sleep: its descendants were counted.
      expect(walked.get(tree.pid!)!.rssBytes).toBeGreaterThan(2 * walked.get(lone.pid!)!.rssBytes);
    } finally {
      process.kill(-tree.pid!, 'SIGKILL');
      process.kill(-lone.pid!, 'SIGKILL');
    }
  });
});
