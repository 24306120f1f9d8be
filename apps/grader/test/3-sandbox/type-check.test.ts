import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { readSubmission } from '../../src/1-submission/submission.ts';
import {
  checkerArguments,
  checkerEnv,
  checkTypes,
  findSetup,
  snapshotOf,
} from '../../src/3-sandbox/type-check.ts';
import { render } from '../../src/6-reports/index.ts';
import { loadAssignment, typeCheckBundle } from '../../src/assignment/load.ts';
import { CACHE_ROOT } from '../../src/plumbing/bundle.ts';
import { json, pitbossHere, REPO_ROOT, scratch, withBug } from '../support.ts';

const SUBMISSIONS = join(REPO_ROOT, 'fixtures/submissions');
const correct = (assignment: string) =>
  readdirSync(join(SUBMISSIONS, assignment))
    .filter((name) => name.startsWith('correct-'))
    .map((name) => [assignment, name] as const);

describe('the type check', () => {
  it.each([...correct('classic'), ...correct('crusaders'), ...correct('minbet')])(
    'finds nothing in %s/%s (a correct submission compiles under strict)',
    async (assignment, name) => {
      const graded = await loadAssignment(assignment);
      const check = await checkTypes(graded, readSubmission(graded, join(SUBMISSIONS, assignment, name)));
      expect(check).toEqual({ problems: [], omitted: 0 });
    },
  );

  it('names each file, line, column and TypeScript number of what tsc rejects, and reads no disk path', async () => {
    // The issue's own case: a card built from plain numbers, which runs and which tsc rejects.
    const dir = withBug(
      'deck.ts',
      'cards.push({ spot: spot as Spot, suit: suit as Suit });',
      'cards.push({ spot: spot, suit: suit });',
    );
    const line =
      readFileSync(join(dir, 'deck.ts'), 'utf8')
        .split('\n')
        .findIndex((text) => text.includes('cards.push')) + 1;
    const classic = await loadAssignment('classic');
    const check = await checkTypes(classic, readSubmission(classic, dir));
    expect(check).toEqual({
      problems: [
        {
          file: 'deck.ts',
          line,
          column: 20,
          code: 2322,
          message: "Type 'number' is not assignable to type 'Spot'.",
        },
        {
          file: 'deck.ts',
          line,
          column: 32,
          code: 2322,
          message: "Type 'number' is not assignable to type 'Suit'.",
        },
      ],
      omitted: 0,
    });
  });

  it('answers code it has checked before from what it kept, and code changed since afresh', async () => {
    const classic = await loadAssignment('classic');
    // A comment no other test writes: code this check has never seen.
    const marker = `// kept-answer ${process.pid} ${Date.now()}`;
    const dir = withBug(
      'deck.ts',
      'cards.push({ spot: spot as Spot, suit: suit as Suit });',
      `cards.push({ spot: spot, suit: suit }); ${marker}`,
    );
    const kept = join(CACHE_ROOT, 'type-check');
    const before = existsSync(kept) ? readdirSync(kept).length : 0;
    const first = await checkTypes(classic, readSubmission(classic, dir));
    expect(readdirSync(kept).length).toBe(before + 1);
    // Read back, not checked again: the kept answer is what a second check gives.
    expect(await checkTypes(classic, readSubmission(classic, dir))).toEqual(first);
    expect(readdirSync(kept).length).toBe(before + 1);
    // Fixed: a new answer (none of the two problems), kept beside the first.
    writeFileSync(
      join(dir, 'deck.ts'),
      readFileSync(join(dir, 'deck.ts'), 'utf8').replace(
        'spot: spot, suit: suit',
        'spot: spot as Spot, suit: suit as Suit',
      ),
    );
    expect(await checkTypes(classic, readSubmission(classic, dir))).toEqual({ problems: [], omitted: 0 });
    expect(readdirSync(kept).length).toBe(before + 2);
  });

  it('reads no file outside the submission but the libraries: a type elsewhere never shows in a message', async () => {
    const secret = join(scratch(), 'secret.ts');
    writeFileSync(secret, 'export interface Secret {\n  theHiddenAnswerIs42: true;\n}\n');
    const dir = withBug(
      'hand.ts',
      'export class Hand',
      `/// <reference path=${JSON.stringify(secret)} />\nimport type { Secret } from ${JSON.stringify(secret.replace(/\.ts$/, ''))};\nexport const leak: Secret = { nothing: 1 } as unknown as Secret;\nconst probe: Secret = {};\nvoid probe;\nexport class Hand`,
    );
    const classic = await loadAssignment('classic');
    const check = (await checkTypes(classic, readSubmission(classic, dir)))!;
    const said = JSON.stringify(check);
    expect(said).not.toContain('theHiddenAnswerIs42');
    expect('problems' in check && check.problems.map((problem) => problem.code)).toEqual(
      expect.arrayContaining([2307]),
    );
  });

  it('lists ten problems a file and counts the rest', async () => {
    const dir = withBug(
      'hand.ts',
      'export class Hand',
      `${Array.from({ length: 14 }, (_, i) => `export const n${i}: number = 'x';\n`).join('')}export class Hand`,
    );
    const classic = await loadAssignment('classic');
    const check = (await checkTypes(classic, readSubmission(classic, dir)))!;
    expect('problems' in check && check.problems.map((problem) => problem.file)).toEqual(
      Array(10).fill('hand.ts'),
    );
    expect('omitted' in check && check.omitted).toBe(4);
  });

  it('is told in every format, scores nothing, and is left out of a run of chosen tests', async () => {
    const dir = withBug(
      'deck.ts',
      'cards.push({ spot: spot as Spot, suit: suit as Suit });',
      'cards.push({ spot: spot, suit: suit });',
    );
    const clean = json<Report>(
      await pitbossHere(['check', join(SUBMISSIONS, 'classic/correct-indexed'), '--format', 'json']),
    );
    const report = json<Report>(await pitbossHere(['check', dir, '--format', 'json']));
    expect(report.score).toBe(clean.score);
    expect(report.typeCheck).toMatchObject({
      problems: [
        { file: 'deck.ts', code: 2322 },
        { file: 'deck.ts', code: 2322 },
      ],
    });
    const said = "TS2322 Type 'number' is not assignable to type 'Spot'.";
    for (const format of ['human', 'html', 'junit', 'gradescope'] as const) {
      expect(render(report, format, false), format).toContain(
        format === 'html' ? said.replaceAll("'", '&#39;') : said,
      );
    }
    const focused = json<Report>(await pitbossHere(['check', dir, '--format', 'json', '--only', 'deck.']));
    expect(focused.typeCheck).toBeUndefined();
  });

  it('starts from a V8 snapshot of the warm checker, which answers as the checker started from its script does', async () => {
    const setup = findSetup()!;
    const script = await typeCheckBundle();
    // What a check starts its checker from, written the first time a check needs it.
    const blob = await snapshotOf(setup, script);
    expect(blob !== undefined && existsSync(blob)).toBe(true);
    const job = `${JSON.stringify({
      files: { 'a.ts': 'import { readFileSync } from "node:fs";\nexport const x: string = readFileSync;\n' },
      report: ['a.ts'],
      perFile: 10,
    })}\n`;
    const answerOf = (from: string | undefined) =>
      JSON.parse(
        execFileSync(process.execPath, checkerArguments(script, from), {
          input: job,
          env: checkerEnv(setup),
          encoding: 'utf8',
        }),
      ) as { problems: { code: number; line: number }[]; omitted: number };
    const fromScript = answerOf(undefined);
    // Node's types are there (readFileSync is known, and is no string).
    expect(fromScript.problems.map((problem) => [problem.code, problem.line])).toEqual([[2322, 2]]);
    expect(answerOf(blob)).toEqual(fromScript);
  });
});
