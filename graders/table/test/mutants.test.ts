// pitboss mutants on the table: every mutant of the solution caught by a test about the file it changes
// (the fixtures are judged by fixtures.test.ts, so none are given here).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../../apps/grader/bin/pitboss.mjs', import.meta.url));
const noFixtures = mkdtempSync(join(tmpdir(), 'table-no-fixtures-'));
afterAll(() => rmSync(noFixtures, { recursive: true, force: true }));

describe("pitboss mutants --rules table (the grader's self-check on the table)", () => {
  const run = spawnSync(
    process.execPath,
    [BIN, 'mutants', '--rules', 'table', '--fixtures', noFixtures, '--jobs', '2'],
    {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 1 << 26,
    },
  );

  it('holds at least 30 mutants, of the Blackjack class and of its Hand and Player, each caught by a test of its file', () => {
    const rows = run.stdout.split('\n').filter((line) => /^(blackjack|hand|player)\./.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const prefix of ['blackjack.', 'hand.', 'player.'])
      expect(rows.some((row) => row.startsWith(prefix))).toBe(true);
    expect(rows.filter((line) => !line.endsWith('yes'))).toEqual([]);
    expect(run.stdout).toMatch(/(\d+) of \1 mutants caught/);
    expect(run.status).toBe(0);
  });
}, 900_000);
