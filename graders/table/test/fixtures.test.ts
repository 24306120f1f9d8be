// The student-style submissions of fixtures/submissions/table graded by the built pitboss CLI (`pnpm
// test` builds it first): every correct one, whatever its design, passes every test of the
// implementation; every wrong one loses points, and a test about its mistake fails saying it in the
// game's words. One of them never returns from dealerPlay on a soft hand: those tests end at their time
// limit and say so, and the others still run and pass.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/submissions/table', import.meta.url));
const BIN = fileURLToPath(new URL('../../../apps/grader/bin/pitboss.mjs', import.meta.url));

interface Report {
  submission: { name: string };
  score: number;
  maxScore: number;
  tests: {
    id: string;
    kind?: string;
    status: string;
    message?: string;
    parts?: { game: { passed: boolean }; format: { passed: boolean } };
  }[];
}

/** Each wrong submission: a test about its mistake that must fail, and what its message must say. */
const MISTAKES: Readonly<Record<string, readonly [id: string, says: RegExp]>> = {
  'wrong-ace-not-lowered': ['blackjack.aces', /an Ace counts 11 unless that busts the hand/],
  'wrong-all-in-is-illegal': [
    'blackjack.bets',
    /returned false; expected true \(a whole number from 0 to the player's funds/,
  ],
  'wrong-blackjack-pays-3-to-2': [
    'blackjack.settle-blackjack',
    /returned 115; expected 110 .*even money, a blackjack too/,
  ],
  'wrong-blackjack-same-as-21': [
    'blackjack.settle-blackjack',
    /a blackjack \(two cards worth 21\) beats any other hand, a 21 too/,
  ],
  'wrong-bust-ties-dealer-bust': [
    'blackjack.settle-bust',
    /busted--Tie.*a bust loses even when the dealer busts too/,
  ],
  'wrong-dealer-hits-soft-17': [
    'blackjack.dealer-17',
    /Dealer's play: hit.*stays on 17 or more, a soft 17 too/,
  ],
  'wrong-deals-two-at-once': ['blackjack.deal', /in seat order one card, the dealer one, then again/],
  'wrong-one-deck-all-game': [
    'blackjack.rounds',
    /round 2: .*each round opens a fresh Deck and shuffles it once/,
  ],
  'wrong-prints-with-console-log': ['blackjack.deal', /printed nothing; expected/],
  // No work, no points (issue 40 item 5): nothing to earn, every test of it at 0 (no-work.test.ts).
  'wrong-empty-files': ['blackjack.players', /does not export a class named Blackjack/],
  'wrong-prompts-only': ['blackjack.players', /getNumPlayers\(\) returned 0; expected 1/],
};

const HANGS = 'wrong-dealer-loops-on-soft-hands';

describe('fixtures/submissions/table under pitboss grade', () => {
  const run = spawnSync(
    process.execPath,
    [
      BIN,
      'grade',
      FIXTURES,
      '--assignment',
      'table',
      '--format',
      'json',
      '--jobs',
      '2',
      '--only',
      'blackjack.',
      'transcript.course',
      'transcript.edge',
    ],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 27 },
  );
  const reports = JSON.parse(run.stdout) as Report[];
  const byName = new Map(reports.map((report) => [report.submission.name, report]));
  const folders = readdirSync(FIXTURES, { withFileTypes: true }).filter((entry) => entry.isDirectory());

  it('holds at least 4 correct and 8 wrong submissions, each with its NOTES.md, all graded', () => {
    const names = folders.map((entry) => entry.name);
    expect(names.filter((name) => name.startsWith('correct-')).length).toBeGreaterThanOrEqual(4);
    expect(names.filter((name) => name.startsWith('wrong-')).length).toBeGreaterThanOrEqual(8);
    for (const name of names) expect(existsSync(`${FIXTURES}/${name}/NOTES.md`), name).toBe(true);
    expect([...byName.keys()].sort()).toEqual([...names].sort());
  });

  it('gives every correct one full marks, whatever its design', () => {
    for (const [name, report] of byName) {
      if (!name.startsWith('correct-')) continue;
      expect(
        report.tests.filter((test) => test.status !== 'passed'),
        name,
      ).toEqual([]);
      expect(report.score, name).toBe(report.maxScore);
    }
  });

  it('gives every correct one full marks under a whole grade too, its own tests exposing every public mutant', () => {
    const correct = folders
      .filter((entry) => entry.name.startsWith('correct-'))
      .map((entry) => `${FIXTURES}/${entry.name}`);
    const whole = spawnSync(
      process.execPath,
      [BIN, 'grade', ...correct, '--assignment', 'table', '--format', 'json', '--jobs', '2'],
      {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        maxBuffer: 1 << 27,
      },
    );
    const graded = JSON.parse(whole.stdout) as Report[];
    expect(graded).toHaveLength(correct.length);
    for (const report of graded) {
      expect(
        report.tests.filter((test) => test.status !== 'passed'),
        report.submission.name,
      ).toEqual([]);
      expect(
        report.tests.some((test) => test.id.startsWith('mutant.public.')),
        report.submission.name,
      ).toBe(true);
      expect(report.score, report.submission.name).toBe(report.maxScore);
    }
  });

  it('takes points from every wrong one, with a failing test about its mistake that says it', () => {
    const full = byName.get('correct-array-hand')!.maxScore;
    for (const [name, [id, says]] of Object.entries(MISTAKES)) {
      const report = byName.get(name)!;
      expect(report.score, name).toBeLessThan(full);
      const test = report.tests.find((candidate) => candidate.id === id);
      // Files that export nothing fail to load: every test a load error.
      expect(test?.status, `${name}: ${id}`).toMatch(
        name === 'wrong-empty-files' ? /^load-error$/ : /^(failed|runtime-error)$/,
      );
      expect(test?.message, `${name}: ${id}`).toMatch(says);
    }
    const wrong = [...byName.keys()].filter((name) => name.startsWith('wrong-') && name !== HANGS);
    expect(wrong.sort()).toEqual(Object.keys(MISTAKES).sort());
  });

  it('keeps the game part of every transcript of the right game in its own wording, and takes a format part', () => {
    const report = byName.get('format-own-wording')!;
    const transcripts = report.tests.filter((test) => test.id.startsWith('transcript.'));
    expect(transcripts.length).toBeGreaterThan(0);
    for (const test of transcripts) expect(test.parts?.game.passed, test.id).toBe(true);
    expect(transcripts.some((test) => test.parts?.format.passed === false)).toBe(true);
    expect(report.score).toBeLessThan(report.maxScore);
  });

  it('ends the tests whose dealer never stops at their time limit, saying so, and still runs the others', () => {
    const report = byName.get(HANGS)!;
    const status = (id: string) => report.tests.find((test) => test.id === id)?.status;
    const dealer = report.tests.find((test) => test.id === 'blackjack.dealer-17')!;
    expect(dealer.status).toBe('timeout');
    expect(dealer.message).toMatch(/limit of \d+ ms, in .*dealerPlay\(\)/);
    for (const id of [
      'blackjack.players',
      'blackjack.bets',
      'blackjack.deal',
      'blackjack.hits',
      'blackjack.aces',
      'blackjack.settle-totals',
      'blackjack.settle-bust',
      'blackjack.seats',
    ])
      expect(status(id), id).toBe('passed');
    expect(report.score).toBeGreaterThan(0);
    expect(report.tests.some((test) => test.id.startsWith('transcript.') && test.status === 'timeout')).toBe(
      true,
    );
  });
}, 600_000);
