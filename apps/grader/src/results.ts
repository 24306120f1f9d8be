// A batch's results, one file per submission, written whole as soon as it is graded and keyed by
// what decides its grade: the submission's files, the grader's sources and the run's options. Running
// the same command again (after a crash, Ctrl-C or kill -9) reuses every result already written.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashSources } from './bundle.ts';
import { writeFileWhole } from './files.ts';
import type { Report } from './report/model.ts';
import { TOOL_VERSION } from './version.ts';

export const RESULTS_FOLDER = '.pitboss-results';

/** Every file of a folder, hashed by path and content (the instructor's private part, say). */
export function hashFolder(folder: string | undefined): string {
  const hash = createHash('sha256');
  if (folder === undefined || !existsSync(folder)) return 'none';
  for (const name of readdirSync(folder).sort()) {
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(folder, name)))
      .update('\0');
  }
  return hash.digest('hex');
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

  #file(submissionHash: string): string {
    const key = createHash('sha256').update(this.#run).update('\0').update(submissionHash).digest('hex');
    return join(this.#dir, `${key}.json`);
  }

  read(submissionHash: string): Report | undefined {
    const file = this.#file(submissionHash);
    if (!existsSync(file)) return undefined;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Report;
    } catch {
      return undefined; // Never written whole: grade again.
    }
  }

  /** Written whole: a reader sees the whole result or none. */
  write(submissionHash: string, report: Report): void {
    writeFileWhole(this.#file(submissionHash), JSON.stringify(report));
  }
}
