// How a transcript's output differs from the reference's: what a failing transcript test shows.

export interface TranscriptDiff {
  /** 1-based number of the first line that differs. */
  line: number;
  /** A few lines either side, as the reference printed them and as the submission did. */
  expected: { from: number; lines: string[] };
  actual: { from: number; lines: string[] };
  /** True when the two differ only in spaces, tabs or line endings. */
  whitespaceOnly: boolean;
  expectedLines: number;
  actualLines: number;
  /** Whether each output ends with a newline (absent in reports made before it was recorded). */
  finalNewline?: { expected: boolean; actual: boolean } | undefined;
  /**
   * The program's lines are not shown (`actual.lines` is empty): it ran with the reference's files,
   * which it could have printed. Only its line count and where it first differs are told.
   */
  withheld?: boolean | undefined;
  /**
   * What the program read from stdin on the lines shown, for a program that reads it (input is not in
   * its output): each read with the line, numbered as the expected output's, it was read on (the line
   * a prompt left open); `word` null once the input had ended. The lines before the first difference
   * are the same on both sides, and so were the reads on them.
   */
  typed?: { line: number; word: string | null }[] | undefined;
  /**
   * The other places the outputs differ, after the first (which is shown in full), as a line diff
   * finds them; at most a few, `moreRegions` counting the rest ('too many' when the outputs differ too
   * much to list). None for a withheld diff.
   */
  regions?: DiffRegion[] | undefined;
  moreRegions?: number | 'too many' | undefined;
}

/** One place two outputs differ: its first line on each side and how many lines each side has there. */
export interface DiffRegion {
  expected: number;
  actual: number;
  expectedCount: number;
  actualCount: number;
}

/** The shortest stdin found that still shows a difference, and how the program differs with it. */
export interface ShorterInput {
  /** The stdin, whole: lines of the case's own stdin, in its order. */
  stdin: string;
  lines: number;
  /** How many lines the case's stdin had. */
  originalLines: number;
  /** Where the outputs differ with it (the same rules as the test's own diff: withheld for a linked run). */
  diff: TranscriptDiff;
  /** That difference in words. */
  message: string;
}
