// The student-style Straights submissions (fixtures/submissions/straights/), graded by the built
// pitboss CLI: every correct-* at full marks (its rules.ts, its program in both linkings, its own
// tests against the mutants); every wrong-* fails the test its NOTES.md names ("Caught by:"), with the
// words it quotes ("Says:"), and so loses points; the wrong-hang-* time out where their NOTES.md says.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readStraightsEvents } from '../events.ts';
import { expectedTranscript, transcriptCases } from '../transcripts.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const FIXTURES = here('../../../fixtures/submissions/straights');
const folders = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const correct = folders.filter((name) => name.startsWith('correct-'));
const wrong = folders.filter((name) => name.startsWith('wrong-') && !name.startsWith('wrong-hang-'));

interface Report {
  submission: { name: string };
  score: number;
  maxScore: number;
  tests: {
    id: string;
    status: string;
    score: number;
    maxScore: number;
    message?: string;
    parts?: { game: { passed: boolean } };
  }[];
}

function grade(dirs: readonly string[], only: readonly string[]): Report[] {
  const run = spawnSync(
    process.execPath,
    [
      here('../../../apps/grader/bin/pitboss.mjs'),
      'grade',
      ...dirs.map((name) => join(FIXTURES, name)),
      '--assignment',
      'straights',
      '--format',
      'json',
      '--only',
      ...only,
    ],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 },
  );
  const parsed = JSON.parse(run.stdout) as Report | Report[];
  const reports = Array.isArray(parsed) ? parsed : [parsed];
  // A submission the grader could not grade has no report: its reason is on stderr, for the failure.
  if (reports.length !== dirs.length)
    throw new Error(`graded ${reports.length} of ${dirs.length}: ${run.stderr.slice(-2000)}`);
  return reports;
}

/** What a wrong fixture's NOTES.md says catches it: a test id and words of its message. */
function caughtBy(name: string): { id: string; says: string } {
  const notes = readFileSync(join(FIXTURES, name, 'NOTES.md'), 'utf8');
  const id = /^Caught by: `([^`]+)`$/m.exec(notes)?.[1];
  const says = /^Says: `(.+)`$/m.exec(notes)?.[1];
  if (id === undefined || says === undefined)
    throw new Error(`${name}/NOTES.md: no 'Caught by:' or 'Says:' line`);
  return { id, says };
}

/**
 * Every wrong-* graded once, in one run, on the union of the tests their NOTES.md name: one CLI start
 * and one reference setup for all of them, not one each. Memoized, so each case of the file reads it.
 */
let graded: Map<string, Report> | undefined;
function wrongReports(): Map<string, Report> {
  graded ??= new Map(
    grade(wrong, [...new Set(wrong.map((name) => caughtBy(name).id))]).map((report) => [
      report.submission.name,
      report,
    ]),
  );
  return graded;
}

describe('the Straights fixtures', () => {
  it('are at least 3 correct designs and 8 wrong submissions, each with a NOTES.md', () => {
    expect(correct.length).toBeGreaterThanOrEqual(3);
    expect(wrong.length).toBeGreaterThanOrEqual(8);
    for (const name of folders) expect(readFileSync(join(FIXTURES, name, 'NOTES.md'), 'utf8')).toMatch(/\S/);
  });

  it('correct-*: full marks on every test, their own tests exposing every mutant of rules.ts', () => {
    const reports = grade(correct, ['rules.', 'transcript.', 'mutant.']);
    expect(reports.map((report) => report.submission.name)).toEqual(correct);
    for (const report of reports) {
      expect(
        report.tests.filter((test) => test.status !== 'passed').map((test) => test.id),
        report.submission.name,
      ).toEqual([]);
      expect(report.tests.some((test) => test.id.startsWith('mutant.public.'))).toBe(true);
      expect(report.score, report.submission.name).toBe(report.maxScore);
    }
  }, 600_000);

  it.each(wrong)(
    '%s fails the test its NOTES.md names, in its words, and loses points',
    (name) => {
      const { id, says } = caughtBy(name);
      const report = wrongReports().get(name);
      const test = report!.tests.find((candidate) => candidate.id === id);
      expect(test?.status).toBe('failed');
      expect(test?.message).toContain(says);
      expect(report!.score).toBeLessThan(report!.maxScore);
    },
    // The first case grades them all.
    600_000,
  );

  it('wrong-hang-eof-reads-again times out on the end-of-input cases alone, each on its own limit, never stopping the rest', () => {
    const [report] = grade(['wrong-hang-eof-reads-again'], ['transcript.']);
    const lost = report!.tests.filter((test) => test.status !== 'passed');
    const atPrompt = transcriptCases.filter((each) => each.endsAtPrompt === true);
    expect(atPrompt.length).toBeGreaterThanOrEqual(2);
    // Both linkings of every end-of-input case, and nothing else: more than the two time-outs that
    // stop a program's other runs, none of which is "not run".
    expect(lost.map((test) => test.id).sort()).toEqual(
      atPrompt
        .flatMap((each) =>
          ['linked', 'own'].map(
            (linking) => `transcript.end-of-input.${linking}:${each.words[0]}_${each.input}`,
          ),
        )
        .sort(),
    );
    for (const test of lost) {
      expect(test.status, test.id).toBe('timeout');
      expect(test.message, test.id).toMatch(/used more CPU time than its limit|took longer than its limit/);
    }
    expect(report!.score).toBe(report!.maxScore - lost.reduce((sum, test) => sum + test.maxScore, 0));
  }, 300_000);

  // A rule bug costs the game part on exactly the cases where the course's game shows it, and no other.
  // Both graded in one run (memoized): one CLI start for the two.
  let course: Map<string, Report> | undefined;
  const courseReport = (name: string): Report | undefined => {
    const names = ['wrong-reshuffle-new-deck', 'wrong-tie-first-winner-only'];
    course ??= new Map(
      grade(names, ['transcript.course.own']).map((report) => [report.submission.name, report]),
    );
    return course.get(name);
  };
  it.each([
    {
      name: 'wrong-reshuffle-new-deck',
      shows: (events: ReturnType<typeof readStraightsEvents>) => (events.at(-1)?.round ?? 1) > 1,
      says: 'is your shuffle re-seeded, or the deck rebuilt, each round?',
    },
    {
      name: 'wrong-tie-first-winner-only',
      shows: (events: ReturnType<typeof readStraightsEvents>) =>
        events.filter((event) => event.key.startsWith('wins ')).length > 1,
      says: 'does every player with the lowest score win, ties included?',
    },
  ])(
    '$name loses the game on exactly the course cases that show its bug',
    ({ name, shows, says }) => {
      const report = courseReport(name);
      let showing = 0;
      for (const each of transcriptCases.filter((candidate) => candidate.group === 'course')) {
        const id = `transcript.course.own:${[...each.words, each.input].join('_')}`;
        const test = report!.tests.find((candidate) => candidate.id === id);
        const expected = shows(readStraightsEvents(expectedTranscript(each)));
        if (expected) showing++;
        expect(test?.parts?.game.passed, id).toBe(!expected);
        if (expected) expect(test?.message).toContain(says);
      }
      expect(showing).toBeGreaterThan(0);
    },
    120_000,
  );
});
