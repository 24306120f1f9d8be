// A class's similarity report, for staff only: which submissions are alike in code and in how they fail.
import type { PitbossErrorCode } from '../plumbing/errors.ts';
import type { Visibility } from './test.ts';

/** The languages similarity reads: a submission is compared with the others of its own. */
export type CodeLanguage = 'typescript' | 'cpp';

export interface SimilarSubmission {
  name: string;
  /** Its code's language: it is compared with the submissions of the same. */
  language: CodeLanguage;
  /** Its code files, in the order they are shown and fingerprinted. */
  files: string[];
  /** Its code as shown: each file under a heading line `// ==== <path>`. */
  lines: string[];
}

/** Lines 1-based and inclusive, in each side's shown code. */
export interface SimilarFragment {
  left: { from: number; to: number };
  right: { from: number; to: number };
  /** K-grams (fingerprints) the fragment spans. */
  kgrams: number;
}

export interface SimilarPair {
  left: string;
  right: string;
  /** Dolos's similarity: the share of both sides' fingerprints that the two have in common, 0..1. */
  similarity: number;
  /** The longest run of fingerprints in common. */
  longest: number;
  /** Fingerprints in common (both sides counted). */
  overlap: number;
  /** Only for the first SHOWN_PAIRS pairs. */
  fragments?: SimilarFragment[] | undefined;
}

export interface SharedFailure {
  test: string;
  name: string;
  visibility: Visibility;
  /** What the failure showed, the same for every submission of the group. */
  evidence: string;
  /** How many graded submissions fail this test, in any way. */
  failing: number;
}

export interface BehaviourGroup {
  submissions: string[];
  failures: SharedFailure[];
}

export interface SimilarityReport {
  pitboss: 'similarity';
  version: 1;
  assignment: string;
  /** TypeScript's; a class with C++ code has C++'s too (Dolos's tree tokens and sizes). */
  settings: {
    kgramTokens: number;
    kgramsInWindow: number;
    starterFiles: string[];
    cpp?: { kgramTokens: number; kgramsInWindow: number; starterFiles: string[] } | undefined;
  };
  submissions: SimilarSubmission[];
  /**
   * Folders of the class not compared, and why: no submission (`NOT_A_SUBMISSION`, ...), code past
   * the bounds (`INPUT_TOO_LARGE`), or the tool's own failure on it (`INFRASTRUCTURE`).
   */
  skipped: { name: string; code: PitbossErrorCode; problem: string }[];
  /** Every pair, most similar first. */
  pairs: SimilarPair[];
  /** Absent without a grade run's results. */
  behaviour?: { graded: number; groups: BehaviourGroup[] } | undefined;
}
