// Drawn cases that fail are cut down to the shortest stdin that still shows a difference.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { SHRINK_RUNS, shrinkLines } from '../../src/4-phases/shrink-lines.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import { pitbossHere, REPO_ROOT } from '../support.ts';

/** A failure that needs every line of `needed` (in order, anywhere among the others). */
const needs = (needed: readonly string[]) => async (candidate: readonly string[]) => {
  let at = 0;
  for (const line of candidate) if (line === needed[at]) at++;
  return at === needed.length;
};

const linesArb = fc.array(fc.constantFrom('play 7S', 'discard 2H', 'deck', 'ragequit', 'h', 'c'), {
  minLength: 1,
  maxLength: 40,
});

describe('shrinkLines', () => {
  it('keeps a failing input, never longer, and 1-minimal when its runs allow', async () => {
    await fc.assert(
      fc.asyncProperty(linesArb, fc.nat(), fc.nat(), async (lines, a, b) => {
        // Two lines of the input (one, when they are the same place), in their order.
        const [i, j] = [a % lines.length, b % lines.length].sort((x, y) => x - y) as [number, number];
        const fails = needs(i === j ? [lines[i]!] : [lines[i]!, lines[j]!]);
        const { lines: shrunk, runs } = await shrinkLines(lines, fails, 1000);
        expect(await fails(shrunk)).toBe(true);
        expect(shrunk.length).toBeLessThanOrEqual(lines.length);
        expect(runs).toBeLessThanOrEqual(1000);
        // 1-minimal: no single line can go.
        for (let i = 0; i < shrunk.length; i++) expect(await fails(shrunk.toSpliced(i, 1))).toBe(false);
      }),
    );
  });

  it('stops at its run limit with the shortest failing input found so far', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i}`);
    const fails = needs(['line 7', 'line 300', 'line 499']);
    const { lines: shrunk, runs } = await shrinkLines(lines, fails);
    expect(runs).toBeLessThanOrEqual(SHRINK_RUNS);
    expect(await fails(shrunk)).toBe(true);
    expect(shrunk.length).toBeLessThan(lines.length);
  });

  it('needs no input when the program differs before it reads any', async () => {
    expect(await shrinkLines(['a', 'b'], async () => true)).toEqual({ lines: [], runs: 1 });
  });
});

describe('a Straights submission whose drawn game differs', () => {
  it('is shown the shortest typed input that differs too, the same on every run, its score unchanged', async () => {
    const folder = join(REPO_ROOT, 'fixtures/submissions/straights/wrong-ragequit-shows-turn-again');
    const only = 'transcript.generated.own:16578';
    const grade = async () => {
      const run = await pitbossHere([
        'grade',
        folder,
        '--rules',
        'straights',
        '--only',
        only,
        '--format',
        'json',
      ]);
      return JSON.parse(run.stdout) as Report;
    };
    const [first, second] = [await grade(), await grade()];
    const [test] = first.tests;
    expect(test?.status).toBe('failed');
    // A ragequit's turn shown again is a difference of format alone: the game part is kept.
    expect(test?.parts).toMatchObject({ game: { passed: true }, format: { passed: false } });
    expect(test?.score).toBe(test!.parts!.game.maxScore);
    const shorter = test!.shorterInput!;
    expect(shorter.lines).toBeLessThan(shorter.originalLines);
    expect(shorter.lines).toBeLessThanOrEqual(5);
    expect(shorter.stdin.trimEnd().split('\n')).toContain('ragequit');
    expect(shorter.diff.line).toBeLessThan(test!.diff!.line);
    expect(second.tests[0]?.shorterInput).toEqual(shorter);
    // Its lines are the case's own, in their order, but a last `quit` typed where the cut game is not
    // over: it ends as every drawn case ends, never at a prompt.
    const assignment = await loadAssignment('straights');
    const own = assignment.transcripts.cases.find((each) => `${each.words[0]}` === '16578')!;
    const typed = own.stdin!.split('\n');
    const shown = shorter.stdin.trimEnd().split('\n');
    expect(typed).not.toContain('quit');
    expect(shown.at(-1)).toBe('quit');
    let at = 0;
    for (const line of shown.slice(0, -1)) {
      at = typed.indexOf(line, at) + 1;
      expect(at).toBeGreaterThan(0);
    }
    expect(assignment.transcripts.shrink?.ending?.(shorter.stdin, own)).toBe(shorter.stdin);
    // The student sees it with the case (a visible test after the due date keeps its content).
    const human = await pitbossHere(['grade', folder, '--rules', 'straights', '--only', only]);
    expect(human.stdout).toContain(`a shorter input shows a difference too: ${shorter.lines} of the`);
  });
});
