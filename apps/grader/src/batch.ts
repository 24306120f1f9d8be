// A batch's outputs under --out, and what `pitboss merge` needs to rebuild them from shards.
// `grade --out <dir>` writes per submission `<name>.<format>` (and `<name>.html`), and for the batch
// `index.html` (the class report), `gradebook.csv` and `pitboss-batch.json`: the run's identity,
// the shard, and every report with its place among all the submissions. A merge of every shard's
// pitboss-batch.json writes the same files, byte for byte, as one run over all the submissions.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PitbossError } from './errors.ts';
import { writeFileWhole } from './files.ts';
import { type ClassEntry, renderClassReport, renderGradebook } from './report/class.ts';
import { EXTENSIONS, type Format, render } from './report/index.ts';
import type { Report } from './report/model.ts';

export const BATCH_FILE = 'pitboss-batch.json';
export const CLASS_REPORT = 'index.html';
export const GRADEBOOK = 'gradebook.csv';
/** Names a submission's files may not take: they would overwrite the batch's own. */
export const RESERVED_NAMES = ['index', 'pitboss-batch'];

const BATCH_VERSION = 1;

/** Everything about a run that changes a result or a file it writes, besides the submissions. */
export interface RunIdentity {
  tool: string;
  sources: string;
  assignment: string;
  version: string;
  mode: 'check' | 'grade';
  format: Format;
  only?: readonly string[] | undefined;
  limits: object;
  secret: string;
}

export interface Shard {
  index: number;
  count: number;
}

export interface BatchEntry {
  /** Its place among all the submissions of the run (every shard counts the same way). */
  order: number;
  /** Its file name under --out, without extension. */
  name: string;
  report?: Report | undefined;
  /** Why the grader could not grade it. */
  error?: string | undefined;
}

export interface BatchFile {
  pitboss: 'batch';
  version: number;
  run: RunIdentity;
  shard: Shard;
  /** How many submissions the whole run has, over every shard. */
  total: number;
  submissions: BatchEntry[];
}

/** `i/n` with 1 <= i <= n. */
export function parseShard(text: string): Shard | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (match === null) return undefined;
  const [index, count] = [Number(match[1]), Number(match[2])];
  return index >= 1 && index <= count ? { index, count } : undefined;
}

/**
 * A shard's submissions: dealt round-robin in the order they are named (a class folder's in name
 * order), shard i taking the i-th, (i+n)-th, ... The same split on every machine for the same command.
 */
export const inShard = (order: number, shard: Shard): boolean => order % shard.count === shard.index - 1;

/**
 * A submission's report in the run's format, and (`withHtml`, for the class report to link to) as
 * HTML. Returns the first file's path.
 */
export function writeSubmissionFiles(
  out: string,
  name: string,
  report: Report,
  format: Format,
  withHtml: boolean,
): string {
  const path = join(out, `${name}.${EXTENSIONS[format]}`);
  writeFileWhole(path, render(report, format, false));
  if (withHtml && format !== 'html') writeFileWhole(join(out, `${name}.html`), render(report, 'html', false));
  return path;
}

/** The class report, the gradebook and the batch file: each written whole. */
export function writeBatchFiles(out: string, batch: BatchFile): void {
  const entries: ClassEntry[] = batch.submissions.map(({ name, report }) => ({ name, report }));
  writeFileWhole(join(out, CLASS_REPORT), renderClassReport(entries));
  writeFileWhole(join(out, GRADEBOOK), renderGradebook(entries));
  writeFileWhole(join(out, BATCH_FILE), `${JSON.stringify(batch)}\n`);
}

function readBatch(dir: string): BatchFile {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new PitbossError('NO_SUCH_FOLDER', `no such folder: ${dir}`);
  const file = join(dir, BATCH_FILE);
  if (!existsSync(file)) {
    throw new PitbossError(
      'MERGE_NO_RESULTS',
      `${dir} holds no results to merge (no ${BATCH_FILE}): give the --out folders of \`pitboss grade\` runs that finished`,
    );
  }
  let batch: BatchFile;
  try {
    batch = JSON.parse(readFileSync(file, 'utf8')) as BatchFile;
  } catch {
    throw new PitbossError('MERGE_NO_RESULTS', `${file} is not valid JSON`);
  }
  if (batch?.pitboss !== 'batch' || batch.version !== BATCH_VERSION || !Array.isArray(batch.submissions))
    throw new PitbossError('MERGE_NO_RESULTS', `${file} is not a pitboss batch file this version reads`);
  return batch;
}

const RUN_FIELDS: [keyof RunIdentity, string][] = [
  ['assignment', 'assignments'],
  ['version', 'assignment versions'],
  ['tool', 'pitboss versions'],
  ['sources', 'grader sources'],
  ['mode', 'commands'],
  ['format', '--format'],
  ['only', '--only'],
  ['limits', 'limits (--timeout, --memory or --max-output)'],
  ['secret', "instructor's private parts (--private)"],
];

const show = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));

/**
 * The shards of one run, from their --out folders, as one batch: every submission once, in order.
 * Folders of different runs, one submission with two different results, or a missing shard are errors.
 */
export function mergeBatches(dirs: readonly string[]): BatchFile {
  const batches = dirs.map((dir) => ({ dir, batch: readBatch(dir) }));
  const [head] = batches;
  if (head === undefined) throw new PitbossError('USAGE', 'merge needs at least one folder');
  for (const { dir, batch } of batches.slice(1)) {
    for (const [field, label] of RUN_FIELDS) {
      if (JSON.stringify(batch.run[field]) !== JSON.stringify(head.batch.run[field])) {
        throw new PitbossError(
          'MERGE_MIXED',
          `cannot merge ${head.dir} and ${dir}: graded with different ${label} (${show(head.batch.run[field])} and ${show(batch.run[field])})`,
        );
      }
    }
    if (batch.total !== head.batch.total || batch.shard.count !== head.batch.shard.count) {
      throw new PitbossError(
        'MERGE_MIXED',
        `cannot merge ${head.dir} and ${dir}: they are shards of different runs (${head.batch.total} submissions in ${head.batch.shard.count} shards, and ${batch.total} in ${batch.shard.count})`,
      );
    }
  }
  const byOrder = new Map<number, { dir: string; entry: BatchEntry }>();
  const byName = new Map<string, number>();
  for (const { dir, batch } of batches) {
    for (const entry of batch.submissions) {
      const seen = byOrder.get(entry.order);
      if (seen !== undefined) {
        if (seen.entry.name !== entry.name) {
          throw new PitbossError(
            'MERGE_MIXED',
            `cannot merge ${seen.dir} and ${dir}: they are shards of different runs (submission ${entry.order + 1} is ${seen.entry.name} in one, ${entry.name} in the other)`,
          );
        }
        if (JSON.stringify(seen.entry) !== JSON.stringify(entry)) {
          throw new PitbossError(
            'MERGE_CONFLICT',
            `${entry.name} has different results in ${seen.dir} and ${dir}: give one folder per shard`,
          );
        }
        continue;
      }
      if (byName.has(entry.name)) {
        throw new PitbossError(
          'MERGE_MIXED',
          `cannot merge: ${entry.name} has two places in the run (${dir}): were the shards graded with the same submissions?`,
        );
      }
      byName.set(entry.name, entry.order);
      byOrder.set(entry.order, { dir, entry });
    }
  }
  const { total, shard } = head.batch;
  const missing = Array.from({ length: total }, (_, order) => order).filter((order) => !byOrder.has(order));
  if (missing.length > 0) {
    const shards = [...new Set(missing.map((order) => (order % shard.count) + 1))].sort((a, b) => a - b);
    throw new PitbossError(
      'MERGE_INCOMPLETE',
      `${missing.length} of ${total} submissions have no result here: give the --out folder of every shard (missing: ${shards.map((i) => `${i}/${shard.count}`).join(', ')})`,
    );
  }
  return {
    pitboss: 'batch',
    version: BATCH_VERSION,
    run: head.batch.run,
    shard: { index: 1, count: 1 },
    total,
    submissions: [...byOrder.values()].map(({ entry }) => entry).sort((a, b) => a.order - b.order),
  };
}

export const newBatch = (
  run: RunIdentity,
  shard: Shard,
  total: number,
  submissions: BatchEntry[],
): BatchFile => ({
  pitboss: 'batch',
  version: BATCH_VERSION,
  run,
  shard,
  total,
  submissions,
});
