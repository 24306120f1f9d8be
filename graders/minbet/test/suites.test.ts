// The minbet suites, run in-process against the reference laid out as a submission: every test must
// pass on it, or the suite (not a student) is wrong; and the transcript cases, whose course outputs are
// the course's own, byte for byte. The grader runs the same tests in child processes against each
// submission.
import { readFileSync } from 'node:fs';
import { expectTestsOfStudentFiles, referenceExec } from '@pitboss/blackjack-kit/test-support';
import { describe, expect, it } from 'vitest';
import { assignment } from '../index.ts';

// The executor run in this process, on the reference: the same calls, encoding and judging as a student's process.
const exec = referenceExec({
  'deck.ts': () => import('../reference/deck.ts'),
  'hand.ts': () => import('../reference/hand.ts'),
  'player.ts': () => import('../reference/player.ts'),
});

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8');

describe('the minbet unit tests on the reference', () => {
  it.each(assignment.unitTests.map((test) => [test.id, test] as const))('%s passes', async (_, test) => {
    await test.run({ exec, seed: 1, numRuns: 50 });
  });

  it('every test grades one of the student files and has a unique id', () => {
    expectTestsOfStudentFiles(assignment);
  });
});

describe('the minbet transcript cases', () => {
  const cases = assignment.transcripts.cases;
  const texts = cases.map((c) => assignment.transcripts.expected(c));

  it("are the course's outputs, byte for byte, with the course's cuts files", () => {
    const course = cases.filter((c) => c.group === 'course');
    expect(course).toHaveLength(5);
    for (const c of course) {
      const name = c.words.join('_').replace(/\.txt$/, '');
      expect(assignment.transcripts.expected(c) === fixture(`compat/minbet/${name}.txt`), name).toBe(true);
      for (const [file, text] of Object.entries(c.files ?? {}))
        expect(text, file).toBe(fixture(`compat/minbet/${file}`));
    }
    expect(course.filter((c) => c.files !== undefined)).toHaveLength(2);
  });

  it("carry every cuts file they name, and the golden transcripts' ones are those of fixtures/transcripts/minbet", () => {
    for (const c of cases) {
      const named = c.words.filter((word) => word.endsWith('.txt'));
      expect(Object.keys(c.files ?? {})).toEqual(named);
    }
    for (const name of ['cuts_zero.txt', 'cuts_many.txt', 'cuts_spaced.txt']) {
      const c = cases.find((candidate) => candidate.files?.[name] !== undefined);
      expect(c?.files?.[name], name).toBe(fixture(`transcripts/minbet/${name}`));
    }
  });

  it('reach a natural, a reshuffle, 0 hands, one cut and many cuts, and announce with `# `', () => {
    expect(texts.some((text) => text.includes('# Player dealt natural 21\n'))).toBe(true);
    expect(texts.some((text) => text.split('# Shuffling the deck').length > 2)).toBe(true);
    expect(texts.some((text) => text.endsWith('# Player has 4 after 0 hands\n'))).toBe(true);
    expect(texts.some((text) => text.startsWith('# Shuffling the deck\ncut at 0\n# Hand 1'))).toBe(true);
    expect(texts.some((text) => /^# Shuffling the deck\n(cut at \d+\n){11}# Hand 1/.test(text))).toBe(true);
    expect(texts.some((text) => text.endsWith('after 5000 hands\n'))).toBe(true);
    for (const text of texts)
      expect(text).not.toMatch(/^# (cut at|Player dealt [A-Z][a-z]+ of|.*total is|Dealer's hole)/m);
  });

  it('hold the counting player at +2 with 2 x minimum - 1 (the minimum) and with 2 x minimum (double)', () => {
    const text = (words: string) => texts[cases.findIndex((c) => c.words.join(' ') === words)] ?? '';
    expect(text('19 5 40 counting')).toMatch(/^# Hand \d+ bankroll 9\n# Player bets 5$/m);
    expect(text('29 10 40 counting')).toMatch(/^# Hand \d+ bankroll 19\n# Player bets 10$/m);
    expect(text('20 5 20 counting')).toMatch(/^# Hand \d+ bankroll 10\n# Player bets 10$/m);
    expect(text('20 10 40 counting')).toMatch(/^# Hand \d+ bankroll 20\n# Player bets 20$/m);
  });

  it('are drawn from a fixed seed: the generated ones are the same every time, some with a cuts file', () => {
    const generated = cases.filter((c) => c.group === 'generated');
    expect(generated).toHaveLength(12);
    expect(generated[0]!.words.join(' ')).toMatch(/^\d+ \d+ \d+ (simple|counting)( cuts_[\d-]+\.txt)?$/);
    expect(new Set(generated.map((c) => c.words.join(' '))).size).toBe(12);
    expect(generated.some((c) => c.files !== undefined)).toBe(true);
    expect(generated.some((c) => c.files === undefined)).toBe(true);
  });
});
