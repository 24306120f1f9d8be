// The format-* fixtures of every edition (fixtures/submissions/<edition>/format-*): the right game in
// a student's own layout. Graded by the built CLI on the course's transcripts, every case plays the
// course's game and prints another format, so each keeps its game part (80% by the rubric) and loses
// its format part; the gradebook and the class page show them apart, and a correct submission beside.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { pitboss, REPO_ROOT, scratch } from '../support.ts';

const EDITIONS = ['classic', 'minbet', 'crusaders', 'table', 'straights'] as const;
const fixture = (edition: string, name: string) => join(REPO_ROOT, 'fixtures/submissions', edition, name);

describe('format-* fixtures: the right game in a format of their own', () => {
  it.each(EDITIONS)(
    '%s: every course transcript keeps its game part and loses its format part',
    (edition) => {
      const run = pitboss([
        'grade',
        fixture(edition, 'format-own-wording'),
        '--assignment',
        edition,
        '--only',
        'transcript.course',
        '--format',
        'json',
      ]);
      expect(run.status, run.stderr).toBe(1);
      const report = JSON.parse(run.stdout) as Report;
      const transcripts = report.tests.filter((test) => test.kind === 'transcript');
      expect(transcripts.length).toBeGreaterThan(0);
      for (const test of transcripts) {
        expect(test.parts?.game.passed, test.id).toBe(true);
        if (test.status !== 'passed') expect(test.score, test.id).toBeCloseTo(test.maxScore * 0.8, 3);
      }
      expect(transcripts.some((test) => test.parts?.format.passed === false)).toBe(true);
      // Most of the transcript points, not all.
      expect(report.score).toBeGreaterThanOrEqual(report.maxScore * 0.8 - 1e-9);
      expect(report.score).toBeLessThan(report.maxScore);
      const failing = transcripts.find((test) => test.status === 'failed')!;
      expect(failing.message).toContain(
        "the game is right (every event as the course's), the format is not: line",
      );
    },
    180_000,
  );

  it('the class page and the gradebook show game and format apart, flagging the right game in another format', () => {
    const out = scratch();
    const run = pitboss([
      'grade',
      fixture('straights', 'correct-plain-functions'),
      fixture('straights', 'format-own-wording'),
      fixture('straights', 'wrong-reshuffle-new-deck'),
      '--assignment',
      'straights',
      '--only',
      'transcript.course',
      '--out',
      out,
    ]);
    expect(run.status, run.stderr).toBe(1);
    const gradebook = readFileSync(join(out, 'gradebook.csv'), 'utf8').trim().split('\n');
    expect(gradebook[0]).toBe(
      'submission,straights.ts,all files,total,max,transcripts: game (of straights.ts and all files),transcripts: format (of straights.ts and all files)',
    );
    const row = (name: string) =>
      gradebook
        .find((line) => line.startsWith(`${name},`))!
        .split(',')
        .map(Number);
    const [, , , correctTotal, max, correctGame, correctFormat] = row('correct-plain-functions');
    expect(correctTotal).toBe(max);
    expect(correctGame! / correctFormat!).toBeCloseTo(4, 5);
    const [, , , , , game, format] = row('format-own-wording');
    expect(game).toBe(correctGame);
    expect(format).toBe(0);
    const [, , , , , wrongGame] = row('wrong-reshuffle-new-deck');
    expect(wrongGame!).toBeLessThan(correctGame! / 2);
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    expect(page).toContain('transcripts: game');
    expect(page.match(/>GAME RIGHT, FORMAT NOT</g)).toHaveLength(1);
    expect(page).toMatch(/format-own-wording<\/a>[^<]*<span class="status warn"[^>]*>GAME RIGHT, FORMAT NOT/);
  }, 180_000);
});
