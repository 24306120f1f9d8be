// The Straights suites, run in this process against the reference and against solution/rules.ts: every
// test must pass on both, or the suite (not a student) is wrong. A rules.ts with one rule wrong must
// fail the test about that rule, in the game's words. The transcript cases: the course's outputs and the
// goldens byte for byte, the generated ones fixed and varied. The grader runs the same tests in child
// processes against each submission.
import { readdirSync, readFileSync } from 'node:fs';
import { localExec, type UnitTest } from '@pitboss/grader/kit';
import type { Card, Table } from '@pitboss/straights';
import { describe, expect, it } from 'vitest';
import { assignment } from '../index.ts';
import { GENERATED_COUNT, generatedCases } from '../transcripts.ts';

type Module = Record<string, unknown>;
type Rules = {
  legalPlays(hand: readonly Card[], table: Table): Card[];
  computerMove(hand: readonly Card[], table: Table): { play: Card } | { discard: Card };
};

const PROVIDED = ['card.ts', 'rand.ts', 'table.ts'];
const provided: Record<string, () => Promise<Module>> = {
  'card.ts': () => import('../../../packages/straights/src/card.ts'),
  'rand.ts': () => import('../../../packages/straights/src/rand.ts'),
  'table.ts': () => import('../../../packages/straights/src/table.ts'),
};

/** An executor in this process whose rules.ts is `rules` (the provided files are the package's own). */
const execOf = (rules: () => Promise<Module>) =>
  localExec(PROVIDED, async (file) => {
    const module = file === 'rules.ts' ? rules : provided[file];
    if (module === undefined) throw new Error(`no module for ${file}`);
    return module();
  });

const testById = (id: string): UnitTest => {
  const test = assignment.unitTests.find((candidate) => candidate.id === id);
  if (test === undefined) throw new Error(`no test ${id}`);
  return test;
};

/** What a test says about a rules.ts: undefined when it passes, else its message. */
async function outcome(rules: () => Promise<Module>, id: string): Promise<string | undefined> {
  try {
    await testById(id).run({ exec: execOf(rules), seed: 1, numRuns: 60 });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** solution/rules.ts with its legalPlays or computerMove replaced. */
const patched =
  (change: (rules: Rules) => Partial<Rules>): (() => Promise<Module>) =>
  async () => {
    const rules = (await import('../solution/rules.ts')) as unknown as Rules;
    return { ...rules, ...change(rules) };
  };

const SEVEN_OF_SPADES = (card: Card) => card.rank === 7 && card.suit === 3;

describe('the rules.ts tests', () => {
  const ids = assignment.unitTests.map((test) => test.id);

  it('each grade rules.ts, under a unique id beginning `rules.`', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const test of assignment.unitTests) {
      expect(test.file).toBe('rules.ts');
      expect(test.id.startsWith('rules.')).toBe(true);
    }
  });

  it.each(ids)('%s passes on the reference', async (id) => {
    expect(await outcome(() => import('../reference/rules.ts'), id)).toBeUndefined();
  });

  it.each(ids)('%s passes on solution/rules.ts', async (id) => {
    expect(await outcome(() => import('../solution/rules.ts'), id)).toBeUndefined();
  });
});

describe('a rules.ts with one rule wrong', () => {
  it('letting any seven open fails the opening test, told as the hand and the empty table', async () => {
    const wrong = patched((rules) => ({
      legalPlays: (hand, table) =>
        table.every((pile) => pile.length === 0)
          ? hand.filter((card) => card.rank === 7)
          : rules.legalPlays(hand, table),
    }));
    const message = await outcome(wrong, 'rules.legal-opening');
    expect(message).toMatch(
      /table: empty \(nothing played yet\) → legalPlays returned \[.*7[CDH].*\]; expected \[7S\]/,
    );
  });

  it('wrapping from King to Ace fails the pile-ends test, told with the pile that reaches the King', async () => {
    const wrong = patched((rules) => ({
      legalPlays: (hand, table) =>
        hand.filter(
          (card) =>
            rules.legalPlays([card], table).length > 0 || (card.rank === 1 && table[card.suit].at(-1) === 13),
        ),
    }));
    const message = await outcome(wrong, 'rules.legal-pile-ends');
    expect(message).toMatch(
      /hand A[CDHS]; table: .*7\.\.K.* → legalPlays returned \[A[CDHS]\]; expected \[\]/,
    );
  });

  it('a seven that may be played on its own started pile fails the sevens test', async () => {
    const wrong = patched((rules) => ({
      legalPlays: (hand, table) =>
        hand.filter((card) => card.rank === 7 || rules.legalPlays([card], table).length > 0),
    }));
    expect(await outcome(wrong, 'rules.legal-sevens')).toMatch(/→ legalPlays returned \[7/);
  });

  it('legal cards sorted by rank, not in hand order, fail the hand-order test', async () => {
    const wrong = patched((rules) => ({
      legalPlays: (hand, table) =>
        rules.legalPlays(hand, table).sort((a, b) => a.rank - b.rank || a.suit - b.suit),
    }));
    expect(await outcome(wrong, 'rules.legal-hand-order')).toContain('(the legal cards in hand order)');
  });

  it('a computer that plays the last legal card fails the first-legal test', async () => {
    const wrong = patched((rules) => ({
      computerMove: (hand, table) => {
        const legal = rules.legalPlays(hand, table);
        return legal.length > 0 ? { play: legal[legal.length - 1]! } : { discard: hand[0]! };
      },
    }));
    expect(await outcome(wrong, 'rules.computer-first-legal')).toContain(
      '(the first legal play in hand order)',
    );
  });

  it('a computer that discards its lowest card fails the discard test', async () => {
    const wrong = patched((rules) => ({
      computerMove: (hand, table) => {
        const legal = rules.legalPlays(hand, table);
        const lowest = [...hand].sort((a, b) => a.rank - b.rank)[0]!;
        return legal.length > 0 ? { play: legal[0]! } : { discard: lowest };
      },
    }));
    expect(await outcome(wrong, 'rules.computer-discard')).toContain(
      '(no legal play, so a discard of the first card in the hand)',
    );
  });

  it('a computer that opens with its first card fails the opening test of computerMove', async () => {
    const wrong = patched((rules) => ({
      computerMove: (hand, table) =>
        table.every((pile) => pile.length === 0) && !SEVEN_OF_SPADES(hand[0]!)
          ? { play: hand[0]! }
          : rules.computerMove(hand, table),
    }));
    expect(await outcome(wrong, 'rules.computer-opening')).toMatch(/expected \{ play: 7S \}/);
  });
});

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8');

describe('the transcript cases', () => {
  const cases = assignment.transcripts.cases;
  const expected = (c: (typeof cases)[number]) => assignment.transcripts.expected(c);
  const golden = (dir: string, c: (typeof cases)[number]) =>
    fixture(`${dir}/${c.words[0]}_${c.input!.replace(/\.in$/, '')}.txt`);

  it("are read from cases/, the copies of the fixtures' cases.txt and .in files, byte for byte", () => {
    for (const [copy, original] of [
      ['course', 'compat/straights'],
      ['edge', 'transcripts/straights'],
    ] as const) {
      const copied = readdirSync(new URL(`../cases/${copy}`, import.meta.url)).sort();
      const originals = readdirSync(new URL(`../../../fixtures/${original}`, import.meta.url))
        .filter((name) => name === 'cases.txt' || name.endsWith('.in'))
        .sort();
      expect(copied).toEqual(originals);
      for (const name of copied)
        expect(readFileSync(new URL(`../cases/${copy}/${name}`, import.meta.url), 'utf8'), name).toBe(
          fixture(`${original}/${name}`),
        );
    }
  });

  it("are the course's 38 spec-normalized outputs, byte for byte, each fed its own stdin", () => {
    const course = cases.filter((c) => c.group === 'course');
    expect(course).toHaveLength(38);
    for (const c of course) {
      expect(c.stdin).toBe(fixture(`compat/straights/${c.input}`));
      expect(expected(c) === golden('compat/straights', c), `${c.words[0]} < ${c.input}`).toBe(true);
    }
  });

  it("are the edge cases' goldens, byte for byte (all but `44abc`, std::stoi's reading of a seed), those ending at a prompt in a group of their own", () => {
    const edge = cases.filter((c) => c.group === 'edge' || c.group === 'end-of-input');
    expect(edge.length).toBeGreaterThanOrEqual(25);
    expect(edge.filter((c) => c.group === 'end-of-input')).toHaveLength(4);
    expect(edge.some((c) => c.words[0] === '44abc')).toBe(false);
    for (const c of edge) {
      expect(c.stdin).toBe(fixture(`transcripts/straights/${c.input}`));
      expect(expected(c) === golden('transcripts/straights', c), `${c.words[0]} < ${c.input}`).toBe(true);
    }
  });

  it('have ids told apart by their stdin: no two cases share words and input', () => {
    const keys = cases.map((c) => `${c.group} ${c.words.join(' ')} < ${c.input}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are generated from a fixed seed: the same games every time, humans and computers, won and quit', () => {
    const generated = cases.filter((c) => c.group === 'generated');
    expect(generated).toHaveLength(GENERATED_COUNT);
    expect(generatedCases()).toEqual(generated);
    const texts = generated.map(expected);
    const answers = generated.map((c) => (c.stdin ?? '').split(/\s+/).slice(0, 4));
    expect(answers.some((words) => words.some((word) => word !== 'c'))).toBe(true);
    expect(texts.some((text) => /wins!\n$/.test(text))).toBe(true);
    expect(texts.some((text) => text.endsWith('>'))).toBe(true);
    // The humans' refused commands are in them too.
    expect(texts.some((text) => text.includes('This is not a legal play.\n'))).toBe(true);
    expect(texts.some((text) => text.includes('You have a legal play. You may not discard.\n'))).toBe(true);
    expect(texts.some((text) => text.includes('ragequits. A computer will now take over.\n'))).toBe(true);
  });

  it('reach the 80 threshold exactly, a two-way tie, a three-way tie and many rounds', () => {
    const text = (seed: string, input: string) =>
      expected(cases.find((c) => c.words[0] === seed && c.input === input)!);
    expect(text('56', 'allc.in')).toMatch(/score: \d+ \+ \d+ = 80\n/);
    expect(text('175', 'allc.in').match(/wins!\n/g)).toHaveLength(2);
    expect(text('2776', 'three-way-tie.in').match(/wins!\n/g)).toHaveLength(3);
    expect(text('1521', 'eight-rounds.in').match(/A new round begins/g)).toHaveLength(8);
  });
});
