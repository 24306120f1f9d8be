// No work, no points (issue 39 item 4, issue 40 item 5), and reading bounded (issue 40 item 4), graded
// by the built pitboss CLI: the table's three files handed in empty, and a Blackjack whose every method
// does nothing (the program prints only the course main's prompts and headers), each earn 0 of every
// test; a right program that prints 800 lines built to backtrack against the old readers' patterns
// keeps every transcript's game and loses its format (its grade once took minutes; the reading's cost
// is held linear by events-linear.test.ts and `pnpm bench`).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const FIXTURES = here('../../../fixtures/submissions/table');
const FOLDERS = ['wrong-empty-files', 'wrong-prompts-only', 'format-backtracking-lines'];

interface Report {
  submission: { name: string };
  score: number;
  maxScore: number;
  tests: { id: string; score: number; parts?: { game: { passed: boolean }; format: { passed: boolean } } }[];
}

const reports = new Map<string, Report>();

beforeAll(() => {
  const run = spawnSync(
    process.execPath,
    [
      here('../../../apps/grader/bin/pitboss.mjs'),
      'grade',
      ...FOLDERS.map((name) => join(FIXTURES, name)),
      '--assignment',
      'table',
      '--format',
      'json',
      '--jobs',
      '2',
    ],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 28 },
  );
  for (const report of JSON.parse(run.stdout) as Report[]) reports.set(report.submission.name, report);
  if (reports.size !== FOLDERS.length) throw new Error(`graded ${reports.size}: ${run.stderr.slice(-2000)}`);
}, 600_000);

describe('table: no work, no points', () => {
  it.each(['wrong-empty-files', 'wrong-prompts-only'])('%s earns 0 of every test', (name) => {
    const report = reports.get(name)!;
    expect(report.maxScore).toBeGreaterThan(0);
    expect(report.tests.filter((test) => test.score > 0).map((test) => test.id)).toEqual([]);
    expect(report.score).toBe(0);
    const transcripts = report.tests.filter((test) => test.id.startsWith('transcript.'));
    expect(transcripts.length).toBeGreaterThan(0);
    for (const test of transcripts) expect(test.parts?.game.passed, test.id).not.toBe(true);
  });

  it("keeps the game of every transcript of a right program that prints 800 backtracking lines, and loses each one's format", () => {
    const report = reports.get('format-backtracking-lines')!;
    const transcripts = report.tests.filter((test) => test.id.startsWith('transcript.'));
    expect(transcripts.length).toBeGreaterThan(0);
    for (const test of transcripts) {
      expect(test.parts?.game.passed, test.id).toBe(true);
      expect(test.parts?.format.passed, test.id).toBe(false);
    }
  });
});
