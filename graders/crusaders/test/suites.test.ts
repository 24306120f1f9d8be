// The crusaders suites, run in-process against the reference laid out as a submission and against
// solution/: every test must pass on both, or the suite (not a student) is wrong. A character with
// one rule wrong must fail, with a counterexample a student can read. The grader runs the same tests
// in child processes against each submission.
import { readFileSync } from 'node:fs';
import { expectTestsOfStudentFiles } from '@pitboss/blackjack-kit/test-support';
import { localExec } from '@pitboss/grader/kit';
import { type Character, CountingPlayer, type GetPlayer } from '@pitboss/player';
import { describe, expect, it } from 'vitest';
import { assignment } from '../index.ts';

type Modules = Record<string, () => Promise<Record<string, unknown>>>;

const provided: Modules = {
  'card.ts': () => import('@pitboss/deck'),
};

const reference: Modules = {
  ...provided,
  'deck.ts': () => import('../reference/deck.ts'),
  'hand.ts': () => import('../reference/hand.ts'),
  'player.ts': () => import('../reference/player.ts'),
};

// solution/ imports the provided files as siblings; vitest.config.ts resolves them to the packages.
const solution: Modules = {
  ...provided,
  'deck.ts': () => import('../solution/deck.ts'),
  'hand.ts': () => import('../solution/hand.ts'),
  'player.ts': () => import('../solution/player.ts'),
};

const loader = (modules: Modules) => async (file: string) => {
  const module = modules[file];
  if (module === undefined) throw new Error(`no module for ${file}`);
  return module();
};

const testById = (id: string) => assignment.unitTests.find((test) => test.id === id)!;

/** What a test says about a submission: undefined when it passes, else its failure. */
async function outcome(modules: Modules, id: string, seed = 1) {
  try {
    await testById(id).run({ exec: localExec(['card.ts'], loader(modules)), seed, numRuns: 50 });
    return undefined;
  } catch (error) {
    return error as Error & { replay?: { seed: number; path: string } };
  }
}

/** A player.ts whose getPlayer hands out the solution's characters, but `broken` for one of them. */
function playerWith(team: 'sos' | 'sc', id: number, broken: (original: Character) => Character): Modules {
  return {
    ...solution,
    'player.ts': async () => {
      const { getPlayer } = (await import('../solution/player.ts')) as { getPlayer: GetPlayer };
      const swapped = new Map<Character, Character>();
      const patched: GetPlayer = (dealerTeam, playerType, which) => {
        const original = getPlayer(dealerTeam, playerType, which);
        if (original.getTeam() !== team || original.getID() !== id) return original;
        if (!swapped.has(original)) swapped.set(original, broken(original));
        return swapped.get(original)!;
      };
      return { getPlayer: patched };
    },
  };
}

/** A character with the original's name, id and team and another strategy. */
const playing = (original: Character, strategy: CountingPlayer): Character => ({
  bet: (bankroll, minimum) => strategy.bet(bankroll, minimum),
  draw: (dealerUp, hand) => strategy.draw(dealerUp, hand),
  expose: (card) => strategy.expose(card),
  shuffled: () => strategy.shuffled(),
  getName: () => original.getName(),
  getID: () => original.getID(),
  getTeam: () => original.getTeam(),
});

const ids = assignment.unitTests.map((test) => [test.id] as const);

describe('the crusaders unit tests', () => {
  it.each(ids)('%s passes on the reference', async (id) => {
    expect(await outcome(reference, id)).toBeUndefined();
  });

  it.each(ids)('%s passes on solution/', async (id) => {
    expect(await outcome(solution, id)).toBeUndefined();
  });

  it('every test grades one of the student files and has a unique id', () => {
    expectTestsOfStudentFiles(assignment);
  });
});

describe('a character with one rule wrong', () => {
  // Kakyoin doubling above +4 instead of at +4 or more.
  const carelessKakyoin = playerWith('sc', 4, (kakyoin) =>
    playing(kakyoin, new CountingPlayer((count) => count > 4)),
  );

  it('fails the Kakyoin bet test at count +4, saying who, what was exposed, the bet and the rule', async () => {
    const failure = await outcome(carelessKakyoin, 'player.kakyoin-bet');
    expect(failure?.message).toBe(
      "Kakyoin Noriaki (getPlayer('sos', 'simple', 4)) after shuffled(); expose(Five of Clubs) x4 (count +4): bet(2, 1) returned 1; expected 2 (Kakyoin doubles with count >= +4 and bankroll >= 2 x minimum)",
    );
  });

  it('passes every test that is not about his bet', async () => {
    for (const id of ['player.draw-hard', 'player.names', 'player.instances', 'player.mikuru-bet']) {
      expect(await outcome(carelessKakyoin, id)).toBeUndefined();
    }
  });

  // Nagato counting a Seven as a low card.
  const nagatoCountsSevens = playerWith('sos', 2, (nagato) => {
    const strategy = new CountingPlayer();
    const sevenAsSix = playing(nagato, strategy);
    return {
      ...sevenAsSix,
      expose: (card) => strategy.expose(card.spot === 5 ? { ...card, spot: 4 } : card),
    };
  });

  it('fails the model-based count test with a shrunk sequence of calls and the count', async () => {
    const failure = await outcome(nagatoCountsSevens, 'player.count');
    expect(failure?.message).toMatch(
      /^Nagato Yuki \(getPlayer\('sc', '(simple|counting)', 2\)\): shuffled\(\); (expose\([A-Za-z ]+\); )+bet\(\d+, \d+\) returned \d+; expected \d+ \(count [+-]?\d+\)$/,
    );
    expect(failure?.message).toContain('Seven of');
    expect(failure!.message.length).toBeLessThan(300);
  });

  it('replays the same counterexample from the replay id the count test gave', async () => {
    const failure = await outcome(nagatoCountsSevens, 'player.count');
    expect(failure?.replay).toBeDefined();
    const { seed, path } = failure!.replay!;
    let replayed: Error | undefined;
    try {
      await testById('player.count').run({
        exec: localExec(['card.ts'], loader(nagatoCountsSevens)),
        seed,
        numRuns: 50,
        replayPath: path,
      });
    } catch (error) {
      replayed = error as Error;
    }
    expect(replayed?.message).toBe(failure?.message);
  });
});

describe('the crusaders transcript cases', () => {
  const cases = assignment.transcripts.cases;
  const texts = new Map(cases.map((c) => [c.words.join(' '), assignment.transcripts.expected(c)]));
  const some = (pattern: RegExp) => [...texts.values()].some((text) => pattern.test(text));

  it('are the course grid outputs, byte for byte, where the grid has them', () => {
    const grid = new Set(
      readFileSync(new URL('../../../fixtures/compat/crusaders/cases.txt', import.meta.url), 'utf8')
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('#')),
    );
    const fixed = cases.filter((c) => c.group !== 'generated' && c.group !== 'edge');
    for (const c of fixed) {
      const words = c.words.join(' ');
      expect(grid.has(words), words).toBe(true);
      const file = new URL(`../../../fixtures/compat/crusaders/${c.words.join('_')}.txt`, import.meta.url);
      expect(texts.get(words) === readFileSync(file, 'utf8'), words).toBe(true);
    }
  });

  it('reach every special rule, as player and as dealer', () => {
    expect(some(/^Player: Kujo Jotaro: "Star Platinum, Za Warudo"$/m)).toBe(true);
    expect(some(/^Dealer: Kujo Jotaro: "Star Platinum, Za Warudo"$/m)).toBe(true);
    expect(some(/(^Dealer: Kujo Jotaro: "Star Platinum, Za Warudo"\n){12}/m)).toBe(true);
    expect(some(/(^Player: Kujo Jotaro: "Star Platinum, Za Warudo"\n){11}/m)).toBe(true);
    expect(some(/^Player: Kujo Jotaro: "Star .*\nHand \d+ card used up/m)).toBe(true);
    expect(some(/^Dealer: Kujo Jotaro: "Star .*\nHand \d+ card used up/m)).toBe(true);
    expect(some(/^Hand (\d+) card used up.*\n(.*\n)*?Hand \1 card used up/m)).toBe(true);
    expect(some(/^Player: Joseph Joestar: "Ni Ge Run Da Yo"$/m)).toBe(true);
    expect(some(/^Player: Joseph Joestar: "Nice!"$/m)).toBe(true);
    expect(some(/^Dealer: Joseph Joestar: "Nice!"$/m)).toBe(true);
    expect(some(/^Player: Kakyoin Noriaki: "rerorerorero rerorerorero"$/m)).toBe(true);
    expect(some(/^Dealer: Kakyoin Noriaki: "rerorerorero rerorerorero"$/m)).toBe(true);
    expect(some(/^Player: Suzumiya Haruhi has [0-4] after 0 hands$/m)).toBe(true);
    expect(some(/^Player: Suzumiya Haruhi has -\d+ after/m)).toBe(true);
    expect(some(/^Player: Joseph Joestar has [24] after 0 hands$/m)).toBe(true);
    expect(some(/^Player: Koizumi Itzuki bets 10$/m)).toBe(true);
    expect(some(/^Game over. The winner is SOS Brigade/m)).toBe(true);
    expect(some(/^Game over. The winner is Stardust Crusaders/m)).toBe(true);
  });

  it('are drawn from a fixed seed: the generated ones are the same every time', () => {
    const generated = cases.filter((c) => c.group === 'generated').map((c) => c.words.join(' '));
    expect(generated).toHaveLength(12);
    expect(generated[0]).toMatch(/^\d+ \d+ (simple|counting) (sc|sos)$/);
    expect(new Set(generated).size).toBe(12);
  });
});
