// A batch's outputs under --out, and what `pitboss merge` needs to rebuild them from shards.
// `grade --out <dir>` writes per submission `<name>.<format>` and `<name>.html` in the student's view
// (no hidden test's content: they can be handed out), the same two in the instructor's view under
// `instructor/`, and for the batch `index.html` (the class report, the instructor's, linking to the
// instructor's pages), `gradebook.csv` and `pitboss-batch.json`: the run's identity,
// the shard, and every report with its place among all the submissions. A merge of every shard's
// pitboss-batch.json writes the same files, byte for byte, as one run over all the submissions.
//
// A shard is input like any other: merge trusts nothing in it. Each batch file carries a checksum
// (keyed by the instructor's private part when the run had one), is validated against
// schema/batch.schema.json (every report's shape too), names only plain files that land inside
// --out, and has its scores computed again from its tests' statuses.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import batchSchema from '../../schema/batch.schema.json' with { type: 'json' };
import reportSchema from '../../schema/report.schema.json' with { type: 'json' };
import { boundReport, cutText } from '../0-results/bounds.ts';
import { type Report, rescore } from '../0-results/report.ts';
import { type ClassEntry, type ClassSummary, ClassTally } from '../6-reports/class.ts';
import { renderHtml } from '../6-reports/html.ts';
import { type Format, REPORT_FORMATS, render } from '../6-reports/index.ts';
import { INSTRUCTOR_FOLDER, instructorView, studentView } from '../6-reports/views.ts';
import { defaultPrivateFolder } from '../assignment/private-part.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { writeFileWhole } from '../plumbing/files.ts';
import { schemaCheck } from '../plumbing/json-schema.ts';
import { hashFolder } from './results.ts';

export const BATCH_FILE = 'pitboss-batch.json';
export const CLASS_REPORT = 'index.html';
export const GRADEBOOK = 'gradebook.csv';
/** Names a submission's files may not take: they would overwrite the batch's own. */
export const RESERVED_NAMES = ['index', 'pitboss-batch', 'gradebook'];
/** The most UTF-8 bytes of a submission's file name, so that name and extension fit a file system's 255. */
export const NAME_BYTES = 200;
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

// Characters a file name under --out may not hold: separators, controls (C0, DEL, C1), and the
// separators and bidirectional controls that make a name show as another.
const UNSAFE_NAME =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it matches
  /[/\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Why `name` cannot be a submission's file name under --out, or undefined when it can. */
export function unsafeName(name: unknown): string | undefined {
  if (typeof name !== 'string' || name === '') return 'it is empty';
  if (UNSAFE_NAME.test(name)) return 'it holds a path separator or a control character';
  if (name.startsWith('.')) return 'it starts with a dot';
  if (Buffer.byteLength(name) > NAME_BYTES) return `it is longer than ${NAME_BYTES} bytes`;
  if (RESERVED_NAMES.includes(name.toLowerCase())) return "it is the name of the batch's own files";
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(name))
    return 'it is not well-formed Unicode';
  return undefined;
}

/** `<out>/<name>.<extension>`, refused unless it is a plain file right inside `out`. */
function fileInside(out: string, name: string, extension: string): string {
  const problem = unsafeName(name);
  if (problem !== undefined)
    throw new PitbossError(
      'UNSAFE_NAME',
      `refusing to write ${JSON.stringify(cutText(name, 300))}: ${problem}`,
    );
  const dir = resolve(out);
  const path = resolve(dir, `${name}.${extension}`);
  if (dirname(path) !== dir)
    throw new PitbossError('UNSAFE_NAME', `refusing to write outside ${out}: ${path}`);
  return path;
}

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
  /**
   * A hash of each of the grader's sources (by path in the repository) and of each file of the private
   * part (`private/<name>`): which of them changed, when a regrade compares two runs. Absent in a
   * batch file written before it was recorded.
   */
  files?: Record<string, string> | undefined;
}

/**
 * What of a run decides its grades, as one comparable text: the grader (tool, sources), the assignment
 * and its private part, the mode, the limits and --only; not the format, which only writes them.
 */
export const gradeDecidingPart = (run: Omit<RunIdentity, 'format' | 'files'>): string =>
  JSON.stringify([
    run.tool,
    run.sources,
    run.assignment,
    run.version,
    run.mode,
    run.only ?? null,
    run.limits,
    run.secret,
  ]);

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
  /**
   * The class as a whole, from its submissions (ClassTally.summary): each language's maximum, and why
   * one is lower. Written by writeBatchFiles after the submissions; merge reads none of it.
   */
  summary?: ClassSummary | undefined;
  /** Over everything else (see `checksum`); written by writeBatchFiles. */
  checksum?: Checksum | undefined;
}

export interface Checksum {
  algorithm: 'hmac-sha256' | 'sha256';
  digest: string;
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

export interface SubmissionFiles {
  /** `grade`: also `<name>.html` beside it, and the instructor's view of both under instructor/. */
  grade: boolean;
}

/**
 * A submission's report in the run's format, as the student's view (6-reports/views.ts): the files at
 * the top of `out` can be handed to the student. For `grade` also as HTML (the class report's
 * instructor links go to the instructor's pages), and both again, whole, in the instructor's view
 * under `out/instructor/`. Returns the first file's path as the caller named `out` (relative stays
 * relative), as the class report's and gradebook's are printed.
 */
export function writeSubmissionFiles(
  out: string,
  name: string,
  report: Report,
  format: Format,
  { grade }: SubmissionFiles,
): string {
  // The instructor's pages link back to the class page (index.html, one folder up); a student's
  // page is handed out alone and links nowhere.
  const write = (dir: string, view: Report, classPage?: string) => {
    const path = fileInside(dir, name, REPORT_FORMATS[format].extension);
    const html = () => renderHtml(view, classPage === undefined ? {} : { classPage });
    writeFileWhole(path, format === 'html' ? html() : render(view, format, false));
    if (grade && format !== 'html') writeFileWhole(fileInside(dir, name, 'html'), html());
    return path;
  };
  const placeless = withoutPath(report);
  write(out, studentView(placeless));
  if (grade) {
    const instructor = join(out, INSTRUCTOR_FOLDER);
    mkdirSync(instructor, { recursive: true });
    write(instructor, instructorView(placeless), `../${CLASS_REPORT}`);
  }
  return join(out, `${name}.${REPORT_FORMATS[format].extension}`);
}

/**
 * A report as --out's files hold it: the submission's folder named by its own name, not by the path
 * it was given on this machine, so the same submissions give the same bytes anywhere.
 */
export const withoutPath = (report: Report): Report => ({
  ...report,
  submission: { ...report.submission, path: report.submission.name },
});

/** JSON with every object's keys sorted: the same bytes for the same content, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The key a run's batch files are signed with: a digest of the instructor's private part that is
 * written nowhere (`run.secret`, its other digest, is public in every batch file), so only someone
 * holding the private part can sign a shard. None when there is no private part.
 */
export function batchKey(privateDir: string | undefined): Buffer | undefined {
  if (privateDir === undefined || !existsSync(privateDir)) return undefined;
  const hash = createHash('sha256').update('pitboss batch key 1\0');
  const length = (n: number) => {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64BE(BigInt(n));
    return bytes;
  };
  for (const name of readdirSync(privateDir).sort()) {
    const path = join(privateDir, name);
    if (!lstatSync(path).isFile()) continue;
    const content = readFileSync(path);
    hash
      .update(length(Buffer.byteLength(name)))
      .update(name)
      .update(length(content.length))
      .update(content);
  }
  return hash.digest();
}

/** The private part a run's batch files are keyed by: the one given, else the default when it is the run's. */
function keyFolder(run: RunIdentity, privateDir: string | undefined): string | undefined {
  if (privateDir !== undefined) return privateDir;
  const fallback = defaultPrivateFolder(run.assignment);
  return existsSync(fallback) ? fallback : undefined;
}

function checksumOf(batch: BatchFile, key: Buffer | undefined): Checksum {
  const { checksum: _, ...content } = batch;
  const text = canonicalJson(content);
  return key === undefined
    ? { algorithm: 'sha256', digest: createHash('sha256').update(text).digest('hex') }
    : { algorithm: 'hmac-sha256', digest: createHmac('sha256', key).update(text).digest('hex') };
}

export interface BatchKeyOptions {
  /** The instructor's private part (`--private`); default: instructor/<rules>/ when present. */
  privateDir?: string | undefined;
}

/** A batch entry as the batch file holds it and every renderer sees it: bounded, so a merge writes what one run writes. */
const boundedEntry = ({ order, name, report, error }: BatchEntry): BatchEntry => ({
  order,
  name,
  report: report === undefined ? undefined : boundReport(report),
  error: error === undefined ? undefined : cutText(error),
});

/** Signed only with the private part that graded the run: another would make every shard unmergeable. */
function signingKey(run: RunIdentity, privateDir: string | undefined): Buffer | undefined {
  const folder = keyFolder(run, privateDir);
  return folder !== undefined && hashFolder(folder) === run.secret ? batchKey(folder) : undefined;
}

/** The class report, the gradebook and the batch file (signed): each written whole. */
export function writeBatchFiles(out: string, unsigned: BatchFile, options: BatchKeyOptions = {}): void {
  const { checksum: _, summary: __, ...head } = unsigned;
  const submissions = unsigned.submissions.map(boundedEntry);
  const tally = new ClassTally();
  for (const { name, report } of submissions) tally.add({ name, report } satisfies ClassEntry);
  // The summary after the submissions, as writeBatchFilesStreaming can only write it.
  const content: BatchFile = { ...head, submissions, summary: tally.summary() };
  const key = signingKey(unsigned.run, options.privateDir);
  const batch: BatchFile = { ...content, checksum: checksumOf(content, key) };
  writeFileWhole(join(out, CLASS_REPORT), tally.classReport());
  writeFileWhole(join(out, GRADEBOOK), tally.gradebook());
  writeFileWhole(join(out, BATCH_FILE), `${JSON.stringify(batch)}\n`);
}

/** A batch file's fields but its submissions (and its summary and checksum, which come of them). */
export type BatchHead = Omit<BatchFile, 'submissions' | 'summary' | 'checksum'>;

/**
 * What writeBatchFiles writes, byte for byte, for a batch whose entries come one at a time, in order
 * (read back from disk, say): the batch file is written as it goes, its checksum summed over the same
 * canonical bytes, and the class report and gradebook tallied, so no more than one report is held.
 * The batch file appears whole (written beside it, then renamed) or not at all.
 */
export function writeBatchFilesStreaming(
  out: string,
  head: BatchHead,
  entries: Iterable<BatchEntry>,
  options: BatchKeyOptions = {},
): void {
  const key = signingKey(head.run, options.privateDir);
  const sum = key === undefined ? createHash('sha256') : createHmac('sha256', key);
  const path = join(out, BATCH_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    const write = (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
    };
    // The file: JSON.stringify's order (the head's fields, then the submissions, then the checksum).
    const fields = JSON.stringify(head);
    write(`${fields.slice(0, -1)}${fields === '{}' ? '' : ','}"submissions":[`);
    // The checksum: canonicalJson's, every key sorted, the submissions among them.
    const sorted = [...Object.keys(head), 'submissions']
      .sort()
      .filter((field) => field === 'submissions' || (head as Record<string, unknown>)[field] !== undefined);
    const at = sorted.indexOf('submissions');
    const canonicalFields = (fields: string[], extra: Record<string, unknown> = {}) =>
      fields.map(
        (field) =>
          `${JSON.stringify(field)}:${canonicalJson({ ...head, ...extra }[field as keyof BatchHead])}`,
      );
    const before = canonicalFields(sorted.slice(0, at));
    sum.update(`{${[...before, '"submissions":['].join(',')}`);
    const tally = new ClassTally();
    let first = true;
    for (const unbounded of entries) {
      const entry = boundedEntry(unbounded);
      write(`${first ? '' : ','}${JSON.stringify(entry)}`);
      sum.update(`${first ? '' : ','}${canonicalJson(entry)}`);
      tally.add({ name: entry.name, report: entry.report });
      first = false;
    }
    // The summary, known only now: after the submissions in the file, in its sorted place in the sum.
    const summary = tally.summary();
    const after = canonicalFields(
      [...sorted.slice(at + 1), 'summary'].filter((field) => field !== 'submissions').sort(),
      { summary },
    );
    sum.update(`]${after.map((field) => `,${field}`).join('')}}`);
    const checksum: Checksum =
      key === undefined
        ? { algorithm: 'sha256', digest: sum.digest('hex') }
        : { algorithm: 'hmac-sha256', digest: sum.digest('hex') };
    write(`],"summary":${JSON.stringify(summary)},"checksum":${JSON.stringify(checksum)}}\n`);
    closeSync(fd);
    writeFileWhole(join(out, CLASS_REPORT), tally.classReport());
    writeFileWhole(join(out, GRADEBOOK), tally.gradebook());
    renameSync(temporary, path);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // Closed already.
    }
    rmSync(temporary, { force: true });
    throw error;
  }
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

export const newBatch = (
  run: RunIdentity,
  shard: Shard,
  total: number,
  submissions: BatchEntry[],
): BatchFile => ({ ...batchHead(run, shard, total), submissions: submissions.map(batchEntry) });

/** A batch's fields but its submissions, as newBatch makes them. */
export const batchHead = (run: RunIdentity, shard: Shard, total: number): BatchHead => ({
  pitboss: 'batch',
  version: BATCH_VERSION,
  run,
  shard,
  total,
});

/** A submission's entry as newBatch makes it: its report without the path it was graded at. */
export const batchEntry = (entry: BatchEntry): BatchEntry =>
  entry.report === undefined ? entry : { ...entry, report: withoutPath(entry.report) };
