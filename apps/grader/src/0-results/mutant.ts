// A mutant as the student's own tests left it: what a mutant test's result tells.

/**
 * What exposed a mutant (StrykerJS's killedBy): one of the student's tests that failed on it (its file,
 * its place there, the name it has in the student's own run), or a whole test file whose run broke on
 * it (a limit), which counts too.
 */
export type Kill =
  | { file: string; position: string; name: string }
  | { file: string; broke: 'timeout' | 'memory-limit' | 'output-limit' };

/** A kill in words: `tests/a.test.ts > its name`, or `tests/a.test.ts (timed out)`. */
export const killWords = (kill: Kill): string =>
  'broke' in kill
    ? `${kill.file} (${kill.broke === 'timeout' ? 'timed out' : kill.broke})`
    : `${kill.file} > ${kill.name}`;

/** A mutant as the student's tests left it (StrykerJS's mutant result: status, killedBy). */
export interface MutantResult {
  /** The mutant's id in the catalogue (`deck.reset-keeps-order`). */
  id: string;
  /** What its one edit does, in the game's words. */
  description: string;
  status: 'killed' | 'survived';
  /** Every counting test that failed on it and every file that broke on it; empty when it survived. */
  killedBy: Kill[];
  /**
   * A survived mutant: where its edit lies, in its module's names (`deck.ts`, `Deck.shuffle`), what a
   * student is told of it instead of the edit.
   */
  place?: { file: string; in?: string | undefined } | undefined;
}
