// A batch read back, trusting nothing in it (`pitboss merge`, --compare, similarity): its shape checked
// against schema/batch.schema.json, its checksum verified, its scores computed again; and the shards
// of one run merged into the batch one run over all the submissions would have written.
import { timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import batchSchema from '../../schema/batch.schema.json' with { type: 'json' };
import reportSchema from '../../schema/report.schema.json' with { type: 'json' };
import { boundReport, cutText } from '../0-results/bounds.ts';
import { rescore } from '../0-results/report.ts';
import { defaultPrivateFolder } from '../assignment/private-part.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { schemaCheck } from '../plumbing/json-schema.ts';
import {
  BATCH_FILE,
  BATCH_VERSION,
  type BatchEntry,
  type BatchFile,
  type BatchKeyOptions,
  batchKey,
  checksumOf,
  keyFolder,
  type RunIdentity,
  unsafeName,
} from './batch.ts';
import { hashFolder } from './results.ts';

/** The most bytes of a pitboss-batch.json merge reads. */
const BATCH_BYTES = 256 * 1024 * 1024;
/**
 * The deepest a batch file may nest (the schema's shapes reach about ten): a deeper one (a free-form
 * field such as `run.limits` nested 200,000 times) would overflow the stack of whatever walks it.
 */
const BATCH_DEPTH = 64;

/** Whether `value` nests more than `limit` levels: walked with a stack of its own, never recursion. */
function deeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

const validateBatch = schemaCheck(batchSchema, { allErrors: false, strict: false }, [reportSchema]);

export function readBatch(dir: string): BatchFile {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new PitbossError('NO_SUCH_FOLDER', `no such folder: ${dir}`);
  const file = join(dir, BATCH_FILE);
  if (!existsSync(file)) {
    throw new PitbossError(
      'MERGE_NO_RESULTS',
      `${dir} holds no results (no ${BATCH_FILE}): give the --out folders of \`pitboss grade\` runs that finished`,
    );
  }
  // Never a FIFO or device (it would hang or never end), never past a size a batch can have.
  const stat = statSync(file);
  if (!stat.isFile()) throw new PitbossError('MERGE_INVALID', `${file} is not a regular file`);
  if (stat.size > BATCH_BYTES)
    throw new PitbossError(
      'MERGE_INVALID',
      `${file} is larger than a batch file can be (${BATCH_BYTES} bytes)`,
    );
  let batch: BatchFile;
  try {
    batch = JSON.parse(readFileSync(file, 'utf8')) as BatchFile;
  } catch {
    throw new PitbossError('MERGE_NO_RESULTS', `${file} is not valid JSON`);
  }
  if (deeperThan(batch, BATCH_DEPTH))
    throw new PitbossError(
      'MERGE_INVALID',
      `${file} nests deeper than a batch file can (${BATCH_DEPTH} levels)`,
    );
  if (batch?.pitboss !== 'batch' || batch.version !== BATCH_VERSION || !Array.isArray(batch.submissions))
    throw new PitbossError('MERGE_NO_RESULTS', `${file} is not a pitboss batch file this version reads`);
  if (!validateBatch(batch)) {
    const error = validateBatch.errors?.[0];
    throw new PitbossError(
      'MERGE_INVALID',
      `${file} is not a valid batch file: ${error?.instancePath || '/'} ${error?.message ?? ''}`.trim(),
    );
  }
  for (const entry of batch.submissions) {
    const problem = unsafeName(entry.name);
    if (problem !== undefined)
      throw new PitbossError(
        'MERGE_INVALID',
        `${file} names a submission ${JSON.stringify(cutText(entry.name, 300))}, which cannot be a file name under --out: ${problem}`,
      );
    if (entry.order >= batch.total)
      throw new PitbossError(
        'MERGE_INVALID',
        `${file} places ${entry.name} at ${entry.order + 1} of ${batch.total}`,
      );
  }
  if (batch.shard.index > batch.shard.count)
    throw new PitbossError('MERGE_INVALID', `${file} is shard ${batch.shard.index} of ${batch.shard.count}`);
  return batch;
}

/** Refuses a batch file whose checksum is missing or does not verify with the run's key. */
function verify(dir: string, batch: BatchFile, key: Buffer | undefined): void {
  const given = batch.checksum;
  if (given === undefined)
    throw new PitbossError('MERGE_TAMPERED', `${dir}/${BATCH_FILE} has no checksum: grade it again`);
  const expected = checksumOf(batch, key);
  const same =
    given.algorithm === expected.algorithm &&
    timingSafeEqual(Buffer.from(given.digest, 'hex'), Buffer.from(expected.digest, 'hex'));
  if (!same) {
    throw new PitbossError(
      'MERGE_TAMPERED',
      `${dir}/${BATCH_FILE} does not match its checksum (${expected.algorithm}${key === undefined ? '' : ", keyed by the instructor's private part"}): it was changed after grading`,
    );
  }
}

export interface CheckedBatch {
  batch: BatchFile;
  file: string;
  /** False for a run keyed by a private part that is not here: its checksum cannot be checked. */
  verified: boolean;
}

/**
 * A finished run's batch file, as readBatch reads it, its checksum verified: keyed by the private
 * part that graded it (the first of `privateDirs`, then the default, whose contents are the run's),
 * plain when it had none. One changed after grading is refused (MERGE_TAMPERED): what `compare` and
 * `grade --compare` read of an earlier run is what that run wrote.
 */
export function readCheckedBatch(dir: string, privateDirs: readonly (string | undefined)[]): CheckedBatch {
  const batch = readBatch(dir);
  const file = join(dir, BATCH_FILE);
  if (batch.run.secret === 'none') {
    verify(dir, batch, undefined);
    return { batch, file, verified: true };
  }
  const folder = [...privateDirs, defaultPrivateFolder(batch.run.assignment)].find(
    (candidate) => candidate !== undefined && hashFolder(candidate) === batch.run.secret,
  );
  if (folder === undefined) {
    if (batch.checksum === undefined)
      throw new PitbossError('MERGE_TAMPERED', `${file} has no checksum: grade it again`);
    return { batch, file, verified: false };
  }
  verify(dir, batch, batchKey(folder));
  return { batch, file, verified: true };
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
export function mergeBatches(dirs: readonly string[], options: BatchKeyOptions = {}): BatchFile {
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
  // Each shard once: the same one twice is a mistake in the command, not more results.
  const shards = new Map<number, string>();
  for (const { dir, batch } of batches) {
    const seen = shards.get(batch.shard.index);
    if (seen !== undefined)
      throw new PitbossError(
        'MERGE_CONFLICT',
        `${seen} and ${dir} are both shard ${batch.shard.index}/${batch.shard.count}: give each shard once`,
      );
    shards.set(batch.shard.index, dir);
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
  // Every shard of one run, each whole: now its checksum, with the key of the run's private part.
  const run = head.batch.run;
  const folder = keyFolder(run, options.privateDir);
  const folderHash = folder === undefined ? 'none' : hashFolder(folder);
  if (folderHash !== run.secret) {
    throw new PitbossError(
      'MERGE_TAMPERED',
      run.secret === 'none'
        ? `the shards say they were graded without an instructor's private part, but ${folder} is one: grade them with it (their checksums cannot be verified)`
        : `the shards were graded with an instructor's private part ${folder === undefined ? 'not found here' : `other than ${folder}`}: give the one that graded them with --private, to verify their checksums`,
    );
  }
  const key = batchKey(folder);
  for (const { dir, batch } of batches) verify(dir, batch, key);
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
    // Totals are never taken from a shard: each report is scored again from its tests.
    submissions: [...byOrder.values()]
      .map(({ entry }) => ({
        order: entry.order,
        name: entry.name,
        report: entry.report === undefined ? undefined : rescore(boundReport(entry.report)),
        error: entry.error === undefined ? undefined : cutText(entry.error),
      }))
      .sort((a, b) => a.order - b.order),
  };
}
