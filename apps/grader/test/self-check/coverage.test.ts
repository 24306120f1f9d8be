// Corner coverage: `pitboss mutants` counts the situations each property's fixed seeds reach and fails
// below a floor. Run as an instructor runs it (the CLI, in this process and as its own process), on
// every shipped rule set, and on suites weakened so that their generators cannot reach a situation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testSeed } from '../../src/2-plan/plan.ts';
import { assignmentNames, loadAssignment } from '../../src/assignment/load.ts';
import { checkAssignment } from '../../src/commands/mutants.ts';
import type { Assignment } from '../../src/kit/assignment.ts';
import { countSituations, covers, drawsOf, type Situation } from '../../src/kit/coverage.ts';
import { Script } from '../../src/kit/script.ts';
import { checkProperty } from '../../src/kit/unit-test.ts';
import { shortfalls, suiteCoverage } from '../../src/self-check/coverage.ts';
import { pitboss, pitbossHere } from '../support.ts';

/** The coverage part of `pitboss mutants` on an assignment object: its exit status and output. */
async function coverageOf(assignment: Assignment): Promise<{ status: number; stdout: string }> {
  let stdout = '';
  const status = await checkAssignment(
    assignment,
    { coverage: true, jobs: 1 },
    {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => {},
      color: false,
    },
  );
  return { status, stdout };
}

describe('pitboss mutants --coverage', () => {
  it('every shipped rule set reaches every situation its properties declare, at its floor', async () => {
    const names = assignmentNames();
    expect(names).toEqual(expect.arrayContaining(['classic', 'crusaders', 'minbet', 'straights', 'table']));
    for (const name of names) {
      const run = await pitbossHere(['mutants', '--assignment', name, '--coverage']);
      expect(run.stdout, name).toContain('Every property reaches every situation it declares');
      expect(run.stdout, name).not.toContain('MISS');
      expect(run.status, name).toBe(0);
    }
  });

  it("shows the distribution: each property, each situation, its count and share against the floor (classic's drawn games)", async () => {
    const run = pitboss(['mutants', '--assignment', 'classic', '--coverage']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('property transcript.generated: 12 draws on its fixed seed');
    for (const situation of [
      'the player is dealt a natural 21',
      "the dealer's first two cards are a natural 21",
      'a hand is a push',
      'the dealer busts',
      "the dealer's hand ends on a soft 17",
      'a reshuffle below 20 cards',
      'a bet at the minimum',
      'a bet of the whole bankroll',
      'the count crosses the bet threshold',
    ])
      expect(run.stdout).toMatch(
        new RegExp(`ok {4}${situation.replace(/[()]/g, '\\$&')}.* +\\d+ +\\d+\\.\\d% +floor \\d+`),
      );
    expect(run.stdout).toMatch(
      /property deck\.model: 200 draws[^\n]*\n {2}ok {4}deal\(\) past the end throws DeckEmpty/,
    );
  });

  it('fails, naming the property, the situation, its count and floor, when a deck generator can never deal past the end', async () => {
    const classic = await loadAssignment('classic');
    // Shuffles between the deals, as deck.model's operations had before their runs of deals: a shuffle
    // makes all 52 cards dealable again, so the 53rd deal never comes.
    const shuffling = fc.array(fc.oneof(fc.constant({ op: 'deal' }), fc.constant({ op: 'shuffle', n: 26 })), {
      minLength: 1,
      maxLength: 200,
    });
    const weakened: Assignment = {
      ...classic,
      unitTests: classic.unitTests.map((test) =>
        test.id === 'deck.model' && test.coverage !== undefined
          ? { ...test, coverage: { ...test.coverage, arbitrary: shuffling } }
          : test,
      ),
    };
    const run = await coverageOf(weakened);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/MISS {2}deal\(\) past the end throws DeckEmpty +0 +0\.0% +floor 10/);
    expect(run.stdout).toContain(
      'deck.model: "deal() past the end throws DeckEmpty" reached 0 times, floor 10',
    );
  });

  it('fails when the drawn games are too short to reshuffle or deal a natural', async () => {
    const classic = await loadAssignment('classic');
    // Twelve games of one hand each, with twelve different bankrolls (a case's words are its id).
    const [bankrolls] = fc.sample(
      fc.uniqueArray(fc.integer({ min: 5, max: 40 }), { minLength: 12, maxLength: 12 }),
      {
        seed: 1,
        numRuns: 1,
      },
    );
    const oneHandGames = bankrolls!.map((bankroll) => ({
      group: 'generated',
      words: [`${bankroll}`, '1', 'simple'],
    }));
    const weakened: Assignment = {
      ...classic,
      transcripts: {
        ...classic.transcripts,
        cases: [...classic.transcripts.cases.filter((c) => c.group !== 'generated'), ...oneHandGames],
      },
    };
    const run = await coverageOf(weakened);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      'transcript.generated: "a reshuffle below 20 cards" reached 0 times, floor 3',
    );
    expect(run.stdout).toContain(
      'transcript.generated: "the count crosses the bet threshold (a bet above the minimum after one at it)" reached 0 times, floor 2',
    );
    // The properties untouched still pass: only the weakened one is named.
    expect(
      shortfalls(suiteCoverage(weakened)).every((miss) => miss.property === 'transcript.generated'),
    ).toBe(true);
  });

  it("counts the very values checkProperty runs with the test's seed (deck.model of classic)", async () => {
    const classic = await loadAssignment('classic');
    const model = classic.unitTests.find((test) => test.id === 'deck.model')!;
    const seed = testSeed(classic.seed, model.id);
    const ran: unknown[] = [];
    await checkProperty(
      { seed, numRuns: classic.numRuns, exec: async (scripts) => scripts.map(() => []) },
      model.coverage!.arbitrary,
      (value) => {
        ran.push(value);
        return new Script();
      },
    );
    expect(ran).toHaveLength(classic.numRuns);
    expect(drawsOf(model.coverage!, seed, classic.numRuns)).toEqual(ran);
  });
});

describe('situations against their floors', () => {
  const situationArb = fc.record({
    floor: fc.nat({ max: 30 }),
    divisor: fc.integer({ min: 1, max: 7 }),
  });
  it('a situation is short exactly when fewer draws reach it than its floor', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 60 }),
        fc.array(situationArb, { maxLength: 5 }),
        (values, drawn) => {
          const situations: Situation<number>[] = drawn.map(({ floor, divisor }, i) => ({
            name: `divisible by ${divisor} (#${i})`,
            floor,
            reached: (value) => value % divisor === 0,
          }));
          const coverage = countSituations('p', values, situations);
          const expected = drawn.flatMap(({ floor, divisor }, i) => {
            const count = values.filter((value) => value % divisor === 0).length;
            return count < floor
              ? [{ property: 'p', situation: `divisible by ${divisor} (#${i})`, count, floor }]
              : [];
          });
          expect(coverage.draws).toBe(values.length);
          expect(shortfalls([coverage])).toEqual(expected);
        },
      ),
    );
  });

  it('covers() keeps the arbitrary the property draws from, and its situations', () => {
    const arbitrary = fc.nat();
    const situations: Situation<number>[] = [{ name: 'zero', floor: 1, reached: (value) => value === 0 }];
    expect(covers(arbitrary, situations)).toEqual({ arbitrary, situations });
  });
});
