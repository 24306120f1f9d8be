// Corner coverage: the game situations a property must reach on its fixed seeds, each with a floor.
// A property declares them on what it draws (its generator's values, classified in the grader's own
// process, with the reference where a situation is only known by playing it); nothing here runs
// student code or knows a card game. The draws are fast-check's own: `fc.sample` with the test's seed
// and runs is exactly what `checkProperty` draws with them (the engine behind `fc.statistics`, whose
// printed percentages would not give counts to hold against a floor).
import fc from 'fast-check';

/** One situation a property must reach: how many of its draws at least, and how to tell one. */
export interface Situation<T> {
  /** In the game's words: `the dealer busts`, `deal() past the end throws DeckEmpty`. */
  name: string;
  /** The fewest draws that must reach it on the fixed seeds. */
  floor: number;
  reached(value: T): boolean;
}

/** What a unit test's property draws, and the situations those draws must reach. */
export interface Coverage {
  arbitrary: fc.Arbitrary<unknown>;
  situations: readonly Situation<unknown>[];
}

/** A property's coverage, typed by what its arbitrary draws. */
export const covers = <T>(arbitrary: fc.Arbitrary<T>, situations: readonly Situation<T>[]): Coverage => ({
  arbitrary: arbitrary as fc.Arbitrary<unknown>,
  situations: situations as readonly Situation<unknown>[],
});

/** How often one situation came up among a property's draws. */
export interface SituationCount {
  name: string;
  count: number;
  floor: number;
}

/** One property's distribution: its draws on the fixed seeds, each situation's count. */
export interface PropertyCoverage {
  /** A unit test's id, or `transcript.<group>` for drawn transcript cases. */
  property: string;
  draws: number;
  situations: SituationCount[];
}

/** Counts each situation among `values`: one pass, one classification per value and situation. */
export function countSituations<T>(
  property: string,
  values: readonly T[],
  situations: readonly Situation<T>[],
): PropertyCoverage {
  return {
    property,
    draws: values.length,
    situations: situations.map(({ name, floor, reached }) => ({
      name,
      floor,
      count: values.filter((value) => reached(value)).length,
    })),
  };
}

/** What a property draws with a seed and a number of runs: the values `checkProperty` would run. */
export const drawsOf = (coverage: Coverage, seed: number, numRuns: number): unknown[] =>
  fc.sample(coverage.arbitrary, { seed, numRuns });
