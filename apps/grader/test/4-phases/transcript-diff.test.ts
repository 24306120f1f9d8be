import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiffRegion } from '../../src/0-results/diff.ts';
import { formatOnly } from '../../src/4-phases/game-events.ts';
import {
  compareTranscripts,
  describeLaterRegions,
  differingRegions,
} from '../../src/4-phases/transcript-diff.ts';
import { backtrackingLines, backtrackingOutput, readingCost } from '../../src/kit/reading-cost.ts';

// Lines from a small alphabet, so that two outputs share lines and differ in several places.
const linesArb = fc.array(fc.constantFrom('Player bets 10', 'Dealer hits', 'Push', 'Player wins', ''), {
  maxLength: 40,
});

/** The lines outside the regions, in order, on one side. */
function outside(lines: string[], regions: DiffRegion[], side: 'expected' | 'actual'): string[] {
  const kept: string[] = [];
  let at = 1;
  for (const region of regions) {
    kept.push(...lines.slice(at - 1, region[side] - 1));
    at = region[side] + (side === 'expected' ? region.expectedCount : region.actualCount);
  }
  return [...kept, ...lines.slice(at - 1)];
}

describe('the differing regions of two outputs', () => {
  it('leave the same lines on both sides outside them, in order, and account for every line', () => {
    fc.assert(
      fc.property(linesArb, linesArb, (want, got) => {
        const regions = differingRegions(want, got)!;
        expect(outside(want, regions, 'expected')).toEqual(outside(got, regions, 'actual'));
        const counted = (side: 'expectedCount' | 'actualCount') =>
          regions.reduce((sum, region) => sum + region[side], 0);
        expect(want.length - counted('expectedCount')).toBe(got.length - counted('actualCount'));
        // No region exactly when the lines are the same ([''] and [] are not: one blank line, or none).
        expect(regions.length === 0).toBe(JSON.stringify(want) === JSON.stringify(got));
      }),
    );
  });

  it('are in order, apart, and never empty', () => {
    fc.assert(
      fc.property(linesArb, linesArb, (want, got) => {
        const regions = differingRegions(want, got)!;
        for (const [i, region] of regions.entries()) {
          expect(region.expectedCount + region.actualCount).toBeGreaterThan(0);
          const next = regions[i + 1];
          if (next !== undefined) {
            // At least one equal line between two regions on both sides, or they would be one.
            expect(next.expected).toBeGreaterThan(region.expected + region.expectedCount);
            expect(next.actual).toBeGreaterThan(region.actual + region.actualCount);
          }
        }
      }),
    );
  });

  it('are listed after the first difference: a transcript with two mistakes names both', () => {
    const expected = [
      'Round 1',
      'Player bets 10',
      'Push',
      'Round 2',
      'Player bets 10',
      'Dealer busts',
      'Bye',
      '',
    ].join('\n');
    const actual = [
      'Round 1',
      'Player bets 10',
      'Push ',
      'Round 2',
      'Player bets 10',
      'Dealer bust',
      'Bye',
      '',
    ].join('\n');
    const diff = compareTranscripts(expected, actual)!;
    expect(diff.line).toBe(3);
    expect(diff.regions).toEqual([{ expected: 6, actual: 6, expectedCount: 1, actualCount: 1 }]);
    expect(describeLaterRegions(diff)).toBe('1 more place differs: line 6, 1 line');
  });

  it('say where a region sits in each output when lines went missing, and count those not listed', () => {
    const want = Array.from({ length: 60 }, (_, i) => `line ${i}`);
    // Line 5 missing, then every fifth line changed.
    const got = want.filter((_, i) => i !== 5).map((line, i) => (i > 5 && i % 5 === 0 ? `${line}!` : line));
    const diff = compareTranscripts(`${want.join('\n')}\n`, `${got.join('\n')}\n`)!;
    expect(diff.line).toBe(6);
    expect(diff.regions?.[0]).toEqual({ expected: 12, actual: 11, expectedCount: 1, actualCount: 1 });
    expect(diff.regions).toHaveLength(8);
    expect(diff.moreRegions).toBe(2);
    expect(describeLaterRegions(diff)).toMatch(
      /^10 more places differ: line 12 \(yours 11\), 1 line; .*, and 2 more$/,
    );
  });

  it('are not listed when the outputs differ in too many places (the same answer every time)', () => {
    const want = Array.from({ length: 5000 }, (_, i) => `dealt ${i}`);
    const got = Array.from({ length: 5000 }, (_, i) => `drawn ${i}`);
    const diff = compareTranscripts(want.join('\n'), got.join('\n'))!;
    expect(diff.moreRegions).toBe('too many');
    expect(diff.regions).toBeUndefined();
    expect(describeLaterRegions(diff)).toBe('the outputs differ in too many places after it to list them');
  });
});

describe('the diff reads in linear time', () => {
  // A course-like output: the lines of a small game, repeated.
  const course = `${Array.from({ length: 60 }, (_, i) => `Hand ${i + 1} bankroll 100\nPlayer bets 5\nPlayer dealt Ten of Spades\nDealer wins`).join('\n')}\n`;

  it("costs per byte of backtracking lines about what a course line's does, both parts of the comparison", () => {
    const hostile = backtrackingOutput(backtrackingLines().length);
    // The course's lines differing from it in many places, as the hostile ones differ in every line:
    // the line diff's cost grows with the edits (up to MAX_EDITS), never with what is on a line.
    const changed = course.replaceAll('Dealer wins', 'Push').replaceAll('bets 5', 'bets 6');
    const diff = readingCost((text) => compareTranscripts(course, text), hostile, changed);
    expect(diff.ratio, JSON.stringify(diff)).toBeLessThan(4);
    const format = readingCost((text) => formatOnly(course, text, (output) => output), hostile, changed);
    expect(format.ratio, JSON.stringify(format)).toBeLessThan(4);
  });
});
