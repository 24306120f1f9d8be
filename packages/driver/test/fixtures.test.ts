import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { orphanFiles, readCaseFolders, runCases } from '../scripts/transcript-fixtures.ts';
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
