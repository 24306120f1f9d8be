// The classic suites, run in-process against the reference laid out as a submission: every test
// must pass on it, or the suite (not a student) is wrong. The grader runs the same tests in child
// processes against each submission.

import { expectTestsOfStudentFiles, referenceExec } from '@pitboss/blackjack-kit/test-support';
import { describe, expect, it } from 'vitest';
import { assignment } from '../index.ts';

// The executor run in this process, on the reference: the same calls, encoding and judging as a student's process.
const exec = referenceExec({
  'deck.ts': () => import('../reference/deck.ts'),
  'hand.ts': () => import('../reference/hand.ts'),
  'player.ts': () => import('../reference/player.ts'),
});

describe('the classic unit tests on the reference', () => {
  it.each(assignment.unitTests.map((test) => [test.id, test] as const))('%s passes', async (_, test) => {
    await test.run({ exec, seed: 1, numRuns: 50 });
  });

  it('every test grades one of the student files and has a unique id', () => {
    expectTestsOfStudentFiles(assignment);
  });
});

describe('the classic transcript cases', () => {
  it('reach a natural, a reshuffle, a bankroll below the minimum and a 5000-hand game', () => {
    const texts = assignment.transcripts.cases.map((c) => assignment.transcripts.expected(c));
    expect(texts.some((text) => text.includes('Player dealt natural 21'))).toBe(true);
    expect(texts.some((text) => text.split('Shuffling the deck').length > 2)).toBe(true);
    expect(texts.some((text) => text.endsWith('after 0 hands\n'))).toBe(true);
    expect(texts.some((text) => text.endsWith('after 5000 hands\n'))).toBe(true);
  });

  it('are drawn from a fixed seed: the generated ones are the same every time', () => {
    const generated = assignment.transcripts.cases
      .filter((c) => c.group === 'generated')
      .map((c) => c.words.join(' '));
    expect(generated).toHaveLength(12);
    expect(generated[0]).toMatch(/^\d+ \d+ (simple|counting)$/);
    expect(new Set(generated).size).toBe(12);
  });
});
