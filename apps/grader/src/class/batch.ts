// A batch's outputs under --out, and what `pitboss merge` needs to rebuild them from shards.
// `grade --out <dir>` writes per submission `<name>.<format>` and `<name>.html` in the student's view
// (no hidden test's content: they can be handed out), the same two in the instructor's view under
// `instructor/`, and for the batch `index.html` (the class report, the instructor's, linking to the
// instructor's pages), `gradebook.csv` and `pitboss-batch.json`: the run's identity,
// the shard, and every report with its place among all the submissions. A merge (merge.ts) of every shard's
// pitboss-batch.json writes the same files, byte for byte, as one run over all the submissions.
//
// A shard is input like any other: merge trusts nothing in it. Each batch file carries a checksum
// (keyed by the instructor's private part when the run had one), is validated against
// schema/batch.schema.json (every report's shape too), names only plain files that land inside
// --out, and has its scores computed again from its tests' statuses.
import { createHash, createHmac } from 'node:crypto';
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
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { boundReport, cutText } from '../0-results/bounds.ts';
import type { Report } from '../0-results/report.ts';
import { classReport } from '../6-reports/class.ts';
import { type ClassEntry, type ClassSummary, ClassTally } from '../6-reports/class-tally.ts';
import { renderHtml } from '../6-reports/html.ts';
import { type Format, REPORT_FORMATS, render } from '../6-reports/index.ts';
import { INSTRUCTOR_FOLDER, instructorView, studentView } from '../6-reports/views.ts';
import { defaultPrivateFolder } from '../assignment/private-part.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { writeFileWhole } from '../plumbing/files.ts';
import { hashFolder } from './results.ts';

export const BATCH_FILE = 'pitboss-batch.json';
export const CLASS_REPORT = 'index.html';
export const GRADEBOOK = 'gradebook.csv';
/** Names a submission's files may not take: they would overwrite the batch's own. */
export const RESERVED_NAMES = ['index', 'pitboss-batch', 'gradebook'];
/** The most UTF-8 bytes of a submission's file name, so that name and extension fit a file system's 255. */
export const NAME_BYTES = 200;
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

export const BATCH_VERSION = 1;

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
export function keyFolder(run: RunIdentity, privateDir: string | undefined): string | undefined {
  if (privateDir !== undefined) return privateDir;
  const fallback = defaultPrivateFolder(run.assignment);
  return existsSync(fallback) ? fallback : undefined;
}

export function checksumOf(batch: BatchFile, key: Buffer | undefined): Checksum {
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
  writeFileWhole(join(out, CLASS_REPORT), classReport(tally));
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
    writeFileWhole(join(out, CLASS_REPORT), classReport(tally));
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
