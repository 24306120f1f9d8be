// No work, no points (issue 39 item 4, issue 40 item 5), graded by the built pitboss CLI on every case:
// a C++ Straights program that is `int main() { return 0; }` (it once earned 1.2 of 44, the game part
// of the three cases whose course output holds no game event given for free) and one that prints only
// its prompts each earn 0; those three cases have no game part, judged on their format alone.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStraightsEvents } from '../events.ts';
import { expectedTranscript, transcriptCases } from '../transcripts.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const FIXTURES = here('../../../fixtures/submissions/straights-cpp');
const FOLDERS = ['wrong-empty-main', 'wrong-prompts-only'];

interface Report {
  submission: { name: string };
  score: number;
  maxScore: number;
  tests: { id: string; score: number; parts?: { game: { passed: boolean } } }[];
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
      'straights',
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

/** The public cases whose course output tells no game event, by their test id. */
const gameless = transcriptCases
  .filter((each) => readStraightsEvents(expectedTranscript(each)).length === 0)
  .map(
    (each) =>
      `transcript.${each.group}.own:${[...each.words, ...(each.input === undefined ? [] : [each.input])].join('_')}`,
  );

describe('C++ Straights: no work, no points', () => {
  it.each(FOLDERS)('%s earns 0 of every test', (name) => {
    const report = reports.get(name)!;
    expect(report.maxScore).toBeGreaterThan(0);
    expect(report.tests.filter((test) => test.score > 0).map((test) => test.id)).toEqual([]);
    expect(report.score).toBe(0);
  });

  it('judges a case whose course output tells no game on its format alone: no game part', () => {
    expect(gameless.length).toBeGreaterThan(0);
    const report = reports.get('wrong-empty-main')!;
    for (const id of gameless) {
      const test = report.tests.find((each) => each.id === id);
      expect(test, id).toBeDefined();
      expect(test!.parts, id).toBeUndefined();
    }
    const withGame = report.tests.filter(
      (test) => test.id.startsWith('transcript.') && !gameless.includes(test.id),
    );
    expect(withGame.length).toBeGreaterThan(0);
    for (const test of withGame) expect(test.parts?.game.passed, test.id).toBe(false);
  });
});
