// What the type checker and a compiler said of a student's files: feedback in a report, worth no points.

/** One problem `tsc` finds in a student's file: where, TypeScript's number for it, its words. */
export interface TypeProblem {
  file: string;
  line: number;
  column: number;
  code: number;
  message: string;
}

export type TypeCheckResult = { problems: TypeProblem[]; omitted: number } | { skipped: string };

/** One thing a compiled language's compiler said of a student's file (3-sandbox/native/build.ts). */
export interface CompilerProblem {
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
  message: string;
  /** The warning's flag (`-Wunused-variable`), when it has one. */
  option?: string | undefined;
}

/** What the compiler said of a compiled submission's files: errors and warnings, worth no points themselves. */
export interface CompilerReport {
  /** The compiler and its flags: `g++ -std=c++17 -O2 -Wall -Wextra`. */
  command: string;
  problems: CompilerProblem[];
  /** Problems beyond the first ten of a file, not listed. */
  omitted: number;
}
