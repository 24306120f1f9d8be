// A batch's results, one file per submission, written whole as soon as it is graded and keyed by
// what decides its grade: every file of the submission, its folder's name, the grader's version and
// sources, and the run's options. Running the same command again (after a crash, Ctrl-C or kill -9)
// reuses every result already written.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boundReport } from '../0-results/bounds.ts';
import type { Report } from '../0-results/report.ts';
import { hashSources } from '../plumbing/bundle.ts';
import { writeFileWhole } from '../plumbing/files.ts';
import { TOOL_VERSION } from '../plumbing/version.ts';

export const RESULTS_FOLDER = '.pitboss-results';

/** Every file of a folder, hashed by path and content (the instructor's private part, say). */
export function hashFolder(folder: string | undefined): string {
  if (folder === undefined || !existsSync(folder)) return 'none';
  // A hash per file in a JSON list: no content or name can pass for another layout.
  const files = readdirSync(folder)
    .sort()
    .map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(folder, name)))
        .digest('hex'),
    ]);
  return createHash('sha256').update(JSON.stringify(files)).digest('hex');
}

/** A hash of each file of a folder, by name (`none` for no folder): what a regrade names as changed. */
export function hashFolderFiles(folder: string | undefined): Record<string, string> {
  if (folder === undefined || !existsSync(folder)) return {};
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [
        name,
        createHash('sha256')
          .update(readFileSync(join(folder, name)))
          .digest('hex')
          .slice(0, 16),
      ]),
  );
}

/**
 * Which submission a stored result is for: its folder's name and the hash of its snapshot (a
 * Submission is one). A bare hash is the old form: it cannot tell two folders of identical files apart.
 */
export interface ResultIdentity {
  name: string;
  hash: string;
}

const identityOf = (submission: string | ResultIdentity): { name?: string; hash: string } =>
  typeof submission === 'string' ? { hash: submission } : { name: submission.name, hash: submission.hash };

/**
 * A report the grading machinery failed to produce properly (the sandbox did not start, a limit of
 * the grader's own): never a grade, so never stored. `infrastructure: true` on the report or on any
 * of its tests marks it, as does an `error` on the report.
 */
export function isInfrastructureFault(report: Report): boolean {
  const marks = report as Report & { infrastructure?: unknown; error?: unknown };
  if (marks.infrastructure === true || (marks.error !== undefined && marks.error !== false)) return true;
  const tests: unknown = report.tests;
  return (
    Array.isArray(tests) &&
    tests.some((test) => (test as { infrastructure?: unknown } | null)?.infrastructure === true)
  );
}

export class ResultStore {
  readonly #dir: string;
  readonly #run: string;

  /** `run` names everything about the run that changes a grade besides the submission itself. */
  constructor(outDir: string, run: object) {
    this.#dir = join(outDir, RESULTS_FOLDER);
    this.#run = JSON.stringify({ tool: TOOL_VERSION, sources: hashSources(), ...run });
    mkdirSync(this.#dir, { recursive: true });
  }

  #file(identity: { name?: string; hash: string }): string {
    // JSON of the parts: unambiguous, and two folders with the same files get two results.
    const key = createHash('sha256')
      .update(JSON.stringify([this.#run, identity.name ?? null, identity.hash]))
      .digest('hex');
    return join(this.#dir, `${key}.json`);
  }

  /** The stored result of this very submission (name and files), or undefined: grade it. */
  read(submission: string | ResultIdentity): Report | undefined {
    const identity = identityOf(submission);
    const file = this.#file(identity);
    if (!existsSync(file)) return undefined;
    let report: Report;
    try {
      report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    } catch {
      return undefined; // Never written whole: grade again.
    }
    // A result is only ever its own submission's: anything else (or a fault) is graded again.
    if (
      typeof report !== 'object' ||
      report === null ||
      (identity.name !== undefined && report.submission?.name !== identity.name) ||
      report.submission?.hash !== identity.hash ||
      isInfrastructureFault(report)
    )
      return undefined;
    // Bounded again: a stored result is data from disk, read as carefully as a fresh one.
    return boundReport(report);
  }

  /** Written whole: a reader sees the whole result or none. A fault of the grader's is not a result. */
  write(submission: string | ResultIdentity, report: Report): void {
    if (isInfrastructureFault(report)) return;
    writeFileWhole(this.#file(identityOf(submission)), JSON.stringify(report));
  }
}
