// The table's suites, run in-process against solution/ (with the stacked deck in the provided deck's
// place, as the unit tests stage it): every test must pass on it, or the suite (not a student) is
// wrong. And the transcript cases: the golden transcripts' words and stdin, byte for byte the goldens.
import { readdirSync, readFileSync } from 'node:fs';
import { expectTestsOfStudentFiles } from '@pitboss/blackjack-kit/test-support';
import { localExec } from '@pitboss/grader/kit';
import { describe, expect, it } from 'vitest';
import { assignment } from '../index.ts';

const exec = localExec(['card.ts', 'deck.ts'], async (file) => {
  const modules: Record<string, () => Promise<Record<string, unknown>>> = {
    'card.ts': () => import('../provided/card.ts'),
    'deck.ts': () => import('../stand-ins/deck.ts'),
    'blackjack.ts': () => import('../solution/blackjack.ts'),
  };
  const module = modules[file];
  if (module === undefined) throw new Error(`no module for ${file}`);
  return module();
});

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8');

describe('the table unit tests on the solution', () => {
  it.each(assignment.unitTests.map((test) => [test.id, test] as const))('%s passes', async (_, test) => {
    await test.run({ exec, seed: 1, numRuns: 30 });
  });

  it('every test grades one of the student files and has a unique id', () => {
    expectTestsOfStudentFiles(assignment);
  });
});

describe('the table transcript cases', () => {
  const cases = assignment.transcripts.cases;

  it("are the golden transcripts' cases, with their stdin, and the reference's outputs are the goldens", () => {
    const goldens = readdirSync(new URL('../../../fixtures/transcripts/table/', import.meta.url)).filter(
      (name) => name.endsWith('.txt') && name !== 'cases.txt',
    );
    const named = cases.filter((c) => c.group !== 'generated');
    expect(named).toHaveLength(goldens.length);
    for (const c of named) {
      const golden = `${[...c.words.filter((word) => word !== '--seed'), c.input!.replace(/\.in$/, '')].join('_').replace(/^/, 'seed_')}.txt`;
      expect(goldens, golden).toContain(golden);
      expect(c.stdin, c.input).toBe(fixture(`transcripts/table/${c.input}`));
      expect(assignment.transcripts.expected(c) === fixture(`transcripts/table/${golden}`), golden).toBe(
        true,
      );
    }
  });

  it("hold solution/tests' ten replayed games to the goldens: each expected text is a golden, byte for byte", () => {
    const source = readFileSync(
      new URL('../solution/tests/blackjack.games.test.ts', import.meta.url),
      'utf8',
    );
    const replayed = [...source.matchAll(/test\('the ([\w-]+) game \(seed (\d+), ([^)]*)\)/g)];
    expect(replayed).toHaveLength(10);
    for (const [, name, seed, players] of replayed) {
      const golden = fixture(`transcripts/table/seed_${seed}_${players!.replaceAll(' ', '_')}_${name}.txt`);
      expect(source.includes(JSON.stringify(golden)), name).toBe(true);
    }
  });

  it('tell where each word was read: on the line its prompt left open', () => {
    const c = cases.find((candidate) => candidate.input === 'handout.in')!;
    const lines = assignment.transcripts.expected(c).split('\n');
    const reads = assignment.transcripts.reads!(c);
    expect(reads.map((read) => read.word)).toEqual(['10', '20', 'hit', 'hit', 'hit', 'stay', 'no']);
    for (const read of reads) expect(lines[read.line - 1]).toMatch(/(bet\? |play: |round\? )$/);
  });

  it('are typed from a fixed seed: 12 generated games, each its own stdin, some of several rounds', () => {
    const generated = cases.filter((c) => c.group === 'generated');
    expect(generated).toHaveLength(12);
    expect(new Set(generated.map((c) => c.input)).size).toBe(12);
    const texts = generated.map((c) => assignment.transcripts.expected(c));
    expect(texts.some((text) => text.includes('Round 5:'))).toBe(true);
    expect(texts.some((text) => text.includes('Illegal bet'))).toBe(true);
    for (const text of texts) expect(text.endsWith('\nGoodbye!\n')).toBe(true);
  });
});
