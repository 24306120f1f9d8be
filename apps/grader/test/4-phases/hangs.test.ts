// Real students' bugs that loop for ever (fixtures/submissions/classic/wrong-hang-*): each is stopped at
// its time limit and reported as a time-out in the file that hangs, never elsewhere; the rest of the
// submission is graded as usual.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { json, pitboss, REPO_ROOT } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
const STUDENT_FILES = ['deck.ts', 'hand.ts', 'player.ts', 'blackjack.ts'];

/** Per hanger: the file whose bug loops (NOTES.md in each folder says where and why). */
const HANGS_IN: Record<string, string> = {
  'wrong-hang-deck-deal-never-throws': 'deck.ts',
  'wrong-hang-hand-discard-list-walk': 'hand.ts',
  'wrong-hang-player-bet-waits-for-bankroll': 'player.ts',
  'wrong-hang-driver-natural-payout-loop': 'blackjack.ts',
  'wrong-hang-driver-promise-waits-for-dealer': 'blackjack.ts',
};

/** What a time-out says: the limit that stopped it (CPU time, or wall time on a loaded machine), or that it was not run after two. */
const TIMED_OUT =
  /(used more CPU time than its limit of \d+ ms|took longer than its limit of \d+ ms|not run: .* already ran out of time on the \d+ tests before it)/;

describe('grading the hanging fixtures in one batch', () => {
  const run = pitboss([
    'grade',
    ...Object.keys(HANGS_IN).map((name) => join(FIXTURES, name)),
    '--format',
    'json',
    // The unit tests, and the small transcripts: enough to reach each loop, cheap to run.
    '--only',
    'deck.',
    'hand.',
    'player.',
    'transcript.edge',
    'transcript.generated',
  ]);
  const reports = json<Report[]>(run);

  it('completes, one report per submission, each losing points', () => {
    expect(run.status).toBe(1);
    expect(reports.map((report) => report.submission.name)).toEqual(Object.keys(HANGS_IN));
    for (const report of reports) expect(report.score).toBeLessThan(report.maxScore);
  });

  it.each(Object.entries(HANGS_IN))('%s times out in %s, and only there', (name, file) => {
    const report = reports.find((each) => each.submission.name === name)!;
    for (const other of STUDENT_FILES) {
      const lost = report.tests.filter((test) => test.file === other && test.status !== 'passed');
      if (other !== file) {
        expect(lost, `${name}: ${other}`).toEqual([]);
        continue;
      }
      expect(lost.length, `${name}: ${other}`).toBeGreaterThan(0);
      for (const test of lost) {
        expect(test.status, `${name}: ${test.id}`).toBe('timeout');
        expect(test.message, `${name}: ${test.id}`).toMatch(TIMED_OUT);
      }
    }
    // The student's files run together: where they lose, it is the same hang.
    for (const test of report.tests.filter((each) => each.file === 'all files' && each.status !== 'passed'))
      expect(test.status, `${name}: ${test.id}`).toBe('timeout');
  });

  it.each(['wrong-hang-driver-natural-payout-loop', 'wrong-hang-driver-promise-waits-for-dealer'])(
    '%s, hanging in most cases but not the first, waits for a few limits, not one a case',
    (name) => {
      const report = reports.find((each) => each.submission.name === name)!;
      for (const linking of ['linked', 'own']) {
        const lost = report.tests.filter(
          (test) => test.transcript?.linking === linking && test.status === 'timeout',
        );
        const waited = lost.filter((test) => !test.message?.startsWith('not run: '));
        // Two hangs stop the rest; the runs started beside them (a wave of four) may hang too.
        expect(waited.length, `${name} ${linking}`).toBeGreaterThanOrEqual(2);
        expect(waited.length, `${name} ${linking}`).toBeLessThanOrEqual(4);
        expect(lost.length - waited.length, `${name} ${linking}`).toBeGreaterThan(0);
      }
    },
  );
}, 600_000);
