// The call check (CallsCheck): where a program's calls to the reference's files first part from the
// reference program's, as data and in words, and what the rubric makes of it.
import { chmodSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import pLimit from 'p-limit';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCalls } from '../../src/0-results/calls.ts';
import type { Report } from '../../src/0-results/report.ts';
import { planTests } from '../../src/2-plan/plan.ts';
import { compareCalls } from '../../src/4-phases/calls-diff.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import { gradeSubmission } from '../../src/grade.ts';
import type { Assignment, ExpectedCall } from '../../src/kit/assignment.ts';
import { pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const CLASSIC = join(REPO_ROOT, 'fixtures/submissions/classic');
const WARNED = join(CLASSIC, 'warned-shuffled-before-cuts');
const NOT_TOLD = join(CLASSIC, 'wrong-reshuffle-not-told');

/** Calls as the reference makes them, each on its own line of the transcript. */
const made = (calls: readonly string[]): ExpectedCall[] => calls.map((call, i) => ({ call, line: i + 1 }));

/** A run of calls, several of them alike, as a game makes them (a shuffle is seven cuts). */
const callsArb = fc.array(
  fc.constantFrom('deck.shuffle(7)', 'deck.shuffle(9)', 'p.shuffled()', 'p.bet(5, 5)'),
  {
    minLength: 2,
    maxLength: 30,
  },
);

describe('compareCalls', () => {
  it('finds nothing when the program makes the reference calls', () => {
    fc.assert(
      fc.property(callsArb, (calls) => {
        expect(compareCalls(made(calls), calls, { scored: false })).toBeUndefined();
      }),
    );
  });

  it('names a call left out, at its place, as missing', () => {
    fc.assert(
      fc.property(callsArb, fc.nat(), (calls, at) => {
        const i = at % calls.length;
        const actual = calls.toSpliced(i, 1);
        const found = compareCalls(made(calls), actual, { scored: false })!;
        // A call left out from a run of equal calls is found where the run ends.
        const first = actual.findIndex((call, j) => call !== calls[j]);
        const index = first === -1 ? actual.length : first;
        expect(found).toMatchObject({ kind: 'missing', index: index + 1, expected: calls[i] });
      }),
    );
  });

  it('names a call made once too often, at its place, as extra', () => {
    fc.assert(
      fc.property(callsArb, fc.nat(), fc.nat(), (calls, at, which) => {
        const i = at % (calls.length + 1);
        const extra = calls[which % calls.length]!;
        const actual = calls.toSpliced(i, 0, extra);
        const found = compareCalls(made(calls), actual, { scored: false })!;
        expect(found.kind).toBe('extra');
        expect(found.actual).toBe(extra);
      }),
    );
  });

  it('names two calls made the other way round as out of order', () => {
    const calls = ['deck.shuffle(7)', 'deck.shuffle(9)', 'p.shuffled()', 'p.bet(5, 5)'];
    const found = compareCalls(
      made(calls),
      ['deck.shuffle(7)', 'p.shuffled()', 'deck.shuffle(9)', 'p.bet(5, 5)'],
      {
        scored: false,
      },
    );
    expect(found).toEqual({
      kind: 'order',
      index: 2,
      line: 2,
      after: 'deck.shuffle(7)',
      expected: 'deck.shuffle(9)',
      actual: 'p.shuffled()',
      referenceIndex: 3,
      scored: false,
    });
    expect(describeCalls(found!, 'blackjack.ts')).toBe(
      'your blackjack.ts calls p.shuffled() too early: as call 2 (after deck.shuffle(7), with 2 lines of the transcript printed), where the reference calls deck.shuffle(9) and makes p.shuffled() its call 3',
    );
  });

  it('tells a call the reference never makes only by its method, never by its text', () => {
    const calls = ['p.bet(5, 5)', 'p.shuffled()'];
    const secret = 'p.bet(export const SECRET = 1)';
    const found = compareCalls(made(calls), [secret, 'p.shuffled()'], { scored: false })!;
    expect(found).toMatchObject({ kind: 'different', actualMethod: 'p.bet' });
    expect(JSON.stringify(found)).not.toContain('SECRET');
    expect(describeCalls(found, 'blackjack.ts')).toBe(
      'your blackjack.ts makes p.bet with arguments the reference never gives it in this game where the reference makes its call 1, p.bet(5, 5) (before any other call, with 1 line of the transcript printed)',
    );
    const stranger = compareCalls(made(calls), ['SECRET()', 'p.shuffled()'], { scored: false })!;
    expect(JSON.stringify(stranger)).not.toContain('SECRET');
  });

  it('says where the program stopped calling, and tells nothing past a record that was cut', () => {
    const calls = ['p.bet(5, 5)', 'p.shuffled()'];
    expect(compareCalls(made(calls), ['p.bet(5, 5)'], { scored: false })).toMatchObject({
      kind: 'missing',
      ended: true,
      expected: 'p.shuffled()',
    });
    expect(compareCalls(made(calls), ['p.bet(5, 5)'], { cut: true, scored: false })).toBeUndefined();
  });
});

describe('the call check of the Blackjack editions', () => {
  let assignment: Assignment;
  beforeAll(async () => {
    assignment = await loadAssignment('classic');
  });

  const json = async (folder: string): Promise<Report> => {
    const run = await pitbossHere(['check', folder, '--format', 'json']);
    return JSON.parse(run.stdout) as Report;
  };

  it('warns a driver that tells the player of a shuffle before its cuts, naming the call, at no cost', async () => {
    const report = await json(WARNED);
    // Every part of the implementation full (the student's own tests are another matter).
    for (const part of report.parts.filter((each) => each.file !== 'your tests'))
      expect(part.score).toBe(part.maxScore);
    const warned = report.tests.filter((test) => test.calls !== undefined);
    expect(warned.length).toBeGreaterThan(0);
    for (const test of warned) {
      expect(test.status).toBe('passed');
      expect(test.transcript?.linking).toBe('linked');
      expect(test.calls).toMatchObject({
        kind: 'order',
        index: 1,
        actual: 'player.shuffled()',
        scored: false,
      });
    }
    const human = await pitbossHere(['check', WARNED]);
    expect(human.stdout).toContain('Warnings (worth no points');
    expect(human.stdout).toContain('calls player.shuffled() too early');
  });

  it('fails a driver that never tells the player of a reshuffle on a test naming the missing call', async () => {
    const report = await json(NOT_TOLD);
    const failed = report.tests.filter((test) => test.status === 'failed' && test.calls !== undefined);
    expect(failed.length).toBeGreaterThan(0);
    for (const test of failed) {
      expect(test.calls).toMatchObject({ kind: 'missing', expected: 'player.shuffled()' });
      expect(test.message).toContain('leaves out player.shuffled()');
    }
  });

  it('makes a deviation cost the case where the rubric scores calls', async () => {
    const rubric = JSON.parse(readFileSync(assignment.rubricFile, 'utf8')) as object;
    const rubricFile = join(scratch(), 'rubric.json');
    writeFileSync(rubricFile, JSON.stringify({ ...rubric, calls: 'scored' }));
    const scored = { ...assignment, rubricFile };
    const workRoot = scratch();
    chmodSync(workRoot, 0o755);
    const dir = join(scratch(), 'warned');
    cpSync(WARNED, dir, { recursive: true });
    const report = await gradeSubmission(scored, planTests(scored), dir, {
      mode: 'check',
      workRoot,
      limiter: pLimit(2),
      limits: assignment.limits,
      filter: (test) => test.kind === 'transcript',
    });
    const linked = report.tests.filter((test) => test.transcript?.linking === 'linked');
    expect(linked.length).toBeGreaterThan(0);
    for (const test of linked) {
      expect(test.status).toBe('failed');
      expect(test.calls?.scored).toBe(true);
      expect(test.message).toMatch(
        /^the transcript is right, but your blackjack\.ts calls player\.shuffled\(\) too early/,
      );
    }
    // The same driver with all its own files is not recorded: its transcripts pass.
    expect(
      report.tests.filter((test) => test.transcript?.linking === 'own').every((t) => t.status === 'passed'),
    ).toBe(true);
  });

  it('tells nothing a driver writes on the record channel in place of the recorders', async () => {
    // A driver that writes calls of its own on the recorders' channel, and tries to read the reference
    // player's compiled text to write that: the recorders run in the reference's isolate, apart, and
    // only what they record is read; no module's text is a file the driver can open.
    const dir = join(scratch(), 'forger');
    cpSync(join(CLASSIC, 'correct-indexed'), dir, { recursive: true });
    const driver = join(dir, 'blackjack.ts');
    writeFileSync(
      driver,
      `import { existsSync, writeSync } from 'node:fs';\nwriteSync(3, \`player.bet(forged \${existsSync('player.mjs')} \${existsSync(import.meta.url.replace('blackjack.mjs', 'player.mjs'))})\\n\`);\n${readFileSync(driver, 'utf8')}`,
    );
    const report = await json(dir);
    const linked = report.tests.filter((test) => test.transcript?.linking === 'linked');
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.every((test) => test.status === 'passed' && test.calls === undefined)).toBe(true);
    expect(JSON.stringify(report)).not.toContain('forged');
    expect(JSON.stringify(report)).not.toContain('recordingPlayers');
    expect(JSON.stringify(report)).not.toContain('recordCall');
  });
});
