import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturesCommand } from '../scripts/fixtures.ts';
import {
  orphanFiles,
  REPO_ROOT,
  readCaseFolders,
  runCases,
  selectCases,
} from '../scripts/transcript-fixtures.ts';
import { MINBET_PREFIXED, readGame, readLines } from './transcript-reader.ts';

const cases = readCaseFolders();
// Other games' folders (straights) are checked by their own package's tests, through their own CLI.
const blackjackCases = cases.filter((c) => c.game === 'blackjack');

describe('transcript fixtures (what `pnpm fixtures:check` checks)', () => {
  it('every course output and golden transcript is reproduced byte for byte by the CLI', async () => {
    const outcomes = await runCases(blackjackCases);
    const problems = outcomes.filter((o) => o.problem !== '').map((o) => `${o.case.file}: ${o.problem}`);
    expect(problems).toEqual([]);
    expect(cases.filter((c) => !c.regenerable && c.rules === 'classic')).toHaveLength(12);
    expect(cases.filter((c) => !c.regenerable && c.rules === 'minbet')).toHaveLength(5);
    expect(cases.filter((c) => !c.regenerable && c.rules === 'crusaders')).toHaveLength(392);
  }, 600_000);

  it('no fixture file is left that no case makes or reads', () => {
    expect(orphanFiles(cases)).toEqual([]);
  });

  it('the classic and minbet golden transcripts between them reach every kind of hand', () => {
    const outcomes = new Set<string>();
    let reshuffles = 0;
    let belowMinimum = 0;
    // Crusaders and table transcripts are read by their own referees (crusaders.test.ts, table.test.ts).
    for (const c of cases.filter((c) => c.regenerable && (c.rules === 'classic' || c.rules === 'minbet'))) {
      const text = readFileSync(c.file, 'utf8');
      const game = readGame(readLines(text, c.rules === 'minbet' ? MINBET_PREFIXED : new Set()));
      for (const hand of game.hands) {
        outcomes.add(hand.outcome);
        if (hand.reshuffled) reshuffles++;
      }
      if (game.handsPlayed === 0) belowMinimum++;
    }
    expect([...outcomes].sort()).toEqual([
      'dealerBusts',
      'dealerWins',
      'natural',
      'playerBusts',
      'playerWins',
      'push',
    ]);
    expect(reshuffles).toBeGreaterThan(10);
    expect(belowMinimum).toBeGreaterThanOrEqual(2);
  });
});

describe('pnpm fixtures:check <which>', () => {
  /** The command in-process, from the project's root as `pnpm fixtures:check` runs it. */
  const run = async (...args: string[]) => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const status = await fixturesCommand(
      args,
      { stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) },
      REPO_ROOT,
    );
    return { status, stdout, stderr };
  };

  it('a rule set names its folders in transcripts/ and compat/; a folder or a case file names just those', () => {
    const classic = selectCases(cases, ['classic'], REPO_ROOT);
    expect(new Set(classic.map((c) => c.folder.slice(REPO_ROOT.length + 1)))).toEqual(
      new Set(['fixtures/transcripts/classic', 'fixtures/compat/classic']),
    );
    expect(selectCases(cases, ['fixtures/transcripts/classic/'], REPO_ROOT).every((c) => c.regenerable)).toBe(
      true,
    );
    const one = (name: string) => selectCases(cases, [name], REPO_ROOT).map((c) => c.words.join(' '));
    expect(one('fixtures/transcripts/classic/100_3_simple.txt')).toEqual(['100 3 simple']);
    expect(one('fixtures/transcripts/classic/100_3_simple')).toEqual(['100 3 simple']);
  });

  it('checks one case, and says in one line (exit 2) when it names none', async () => {
    expect(await run('check', 'fixtures/transcripts/classic/100_3_simple')).toEqual({
      status: 0,
      stdout: ['1 transcript matches the reference CLI'],
      stderr: [],
    });
    const unknown = await run('check', 'clasic');
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toEqual([]);
    expect(unknown.stderr).toEqual([
      "fixtures: no transcript folder or case 'clasic' (a rule set: classic, crusaders, minbet, straights, table; a folder such as fixtures/transcripts/classic; or a case's file in one)",
    ]);
    expect((await run('check', 'fixtures/transcripts/classic/1000_3_simple')).status).toBe(2);
    expect((await run('verify')).status).toBe(2);
  }, 120_000);
});
