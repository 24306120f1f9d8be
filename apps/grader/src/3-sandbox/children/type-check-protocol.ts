// What the grader sends the type checker (3-sandbox/children/type-check.ts) and what it answers.
import type { TypeProblem } from '../../0-results/problems.ts';

/** What the checker is started with: where its own tools are. */
export interface TypeCheckSetup {
  /** Where `typescript` is (its main module): the checker loads the grader's own copy. */
  typescript: string;
  /** The settings, as a tsconfig.json's `compilerOptions` (the starter folder's). */
  compilerOptions: Readonly<Record<string, unknown>>;
  /** Where `@types/node` can be found (a typeRoots entry). */
  typeRoots: string;
  /**
   * The only folders of this machine the checker may read (TypeScript's libraries, Node's types and
   * what they reference): a submission's `/// <reference path>` or import of an absolute path finds
   * nothing, so no type of the reference or the private part can show in a message.
   */
  readable: string[];
}

/** One submission to check. */
export interface TypeCheckJob {
  /** Every module the program is made of, by file name: the student's and the provided ones. */
  files: Record<string, string>;
  /** The files whose problems are told: the student's. */
  report: string[];
  /** The most problems told for one file; the rest are counted. */
  perFile: number;
}

export interface TypeCheckAnswer {
  problems: TypeProblem[];
  /** Problems found beyond `perFile` in a file, all files together. */
  omitted: number;
}
