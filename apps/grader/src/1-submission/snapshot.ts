// One safe reading of a submission folder, taken once: every later step (compiling, the result
// store's key) uses these bytes and never the disk again. A student controls every entry of the
// folder, so nothing here follows a symbolic link, opens anything but a regular file, blocks on a
// special file, or reads past a size limit: whatever is not read becomes a problem in one line.
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  opendirSync,
  openSync,
  readSync,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';

export interface SnapshotLimits {
  /** The largest file read, in bytes. */
  fileBytes: number;
  /** All files read together, in bytes. */
  totalBytes: number;
  /** Files read. */
  files: number;
  /** Entries listed in one folder (a folder holding more is not read at all). */
  entriesPerFolder: number;
  /** Folders inside folders. */
  depth: number;
}

const MiB = 1024 * 1024;

export const SNAPSHOT_LIMITS: SnapshotLimits = {
  fileBytes: MiB,
  totalBytes: 16 * MiB,
  files: 2000,
  entriesPerFolder: 10_000,
  depth: 24,
};

export interface Snapshot {
  /** The folder read. */
  dir: string;
  /** Every regular file read, by its path inside the folder ('/' between folders). */
  files: ReadonlyMap<string, Buffer>;
  /** Every entry not read, by its path inside the folder: why, in one line. */
  problems: ReadonlyMap<string, string>;
  /** SHA-256 (hex) over an unambiguous encoding of every file and every problem. */
  hash: string;
}

/**
 * Never read, and not part of the key: installed packages, version control and the count of failing
 * checks `pitboss check` keeps (.pitboss/, hints.ts). A submission may import only its own files and
 * Node's built-ins, so nothing in them can change a grade.
 */
const IGNORED = new Set(['node_modules', '.git', '.pitboss']);

/** What an entry that is not a regular file or a folder is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device file';
  return 'not a regular file';
}

export const describeSize = (bytes: number): string =>
  bytes >= MiB ? `${+(bytes / MiB).toFixed(1)} MiB` : `${bytes} bytes`;

interface Candidate {
  path: string;
  absolute: string;
  depth: number;
  stats: Stats;
}

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

/** Reads one regular file as the descriptor says it is; a string is why it was not read. */
function readRegular(candidate: Candidate, limits: SnapshotLimits): Buffer | string {
  const { path } = candidate;
  let fd: number;
  try {
    // O_NOFOLLOW and O_NONBLOCK: an entry swapped for a link or a pipe since it was listed neither
    // leads elsewhere nor blocks; fstat below says what was really opened.
    fd = openSync(candidate.absolute, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ELOOP') return `${path} is a symbolic link: submit the file itself`;
    return `${path} could not be read (${code})`;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return `${path} is ${kindOf(stats)}, not a file: submit the file itself`;
    if (stats.dev !== candidate.stats.dev || stats.ino !== candidate.stats.ino)
      return `${path} changed while the submission was read`;
    if (stats.size > limits.fileBytes)
      return `${path} is larger than the ${describeSize(limits.fileBytes)} limit for one file (${describeSize(stats.size)})`;
    // One byte more than the limit: a file that grew since fstat is seen as too large, not cut.
    const buffer = Buffer.alloc(Math.min(stats.size, limits.fileBytes) + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length === buffer.length) break;
    }
    if (length > limits.fileBytes)
      return `${path} is larger than the ${describeSize(limits.fileBytes)} limit for one file`;
    return Buffer.from(buffer.subarray(0, length));
  } catch (error) {
    return `${path} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  } finally {
    closeSync(fd);
  }
}

/** Reads `dir` once, within `limits`; throws only when `dir` itself cannot be listed. */
export function takeSnapshot(dir: string, limits: SnapshotLimits = SNAPSHOT_LIMITS): Snapshot {
  const problems = new Map<string, string>();
  const candidates: Candidate[] = [];

  const walk = (absolute: string, relative: string, depth: number): void => {
    const where = relative === '' ? 'the submission' : `${relative}/`;
    const names: Buffer[] = [];
    let tooMany = false;
    // Listed as bytes: a name that is not UTF-8 cannot be confused with another, or opened by a wrong name.
    // (Node's types allow only string encodings here; 'buffer' works and gives Buffer names.)
    const folder = opendirSync(absolute, { encoding: 'buffer' as BufferEncoding });
    try {
      for (let entry = folder.readSync(); entry !== null; entry = folder.readSync()) {
        if (names.length === limits.entriesPerFolder) {
          tooMany = true;
          break;
        }
        names.push(entry.name as unknown as Buffer);
      }
    } finally {
      folder.closeSync();
    }
    if (tooMany) {
      // All or nothing: which entries a partial listing holds would depend on the file system.
      problems.set(
        relative === '' ? '.' : relative,
        `${where} holds more than ${limits.entriesPerFolder} entries: not read`,
      );
      return;
    }
    names.sort(Buffer.compare);
    for (const raw of names) {
      const name = raw.toString('utf8');
      const path = relative === '' ? name : `${relative}/${name}`;
      if (!Buffer.from(name, 'utf8').equals(raw)) {
        problems.set(
          `${relative === '' ? '' : `${relative}/`}<name 0x${raw.toString('hex')}>`,
          `a file name in ${where} is not valid UTF-8: rename it`,
        );
        continue;
      }
      if (IGNORED.has(name)) continue;
      const entryPath = join(absolute, name);
      let stats: Stats | undefined;
      try {
        stats = lstatSync(entryPath, { throwIfNoEntry: false });
      } catch (error) {
        problems.set(path, `${path} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
        continue;
      }
      if (stats === undefined) continue; // Gone since it was listed.
      if (stats.isSymbolicLink()) problems.set(path, `${path} is a symbolic link: submit the file itself`);
      else if (stats.isDirectory()) {
        if (depth === 0 && name.endsWith('.ts')) problems.set(path, `${path} is a folder, not a file`);
        else if (depth + 1 > limits.depth)
          problems.set(path, `${path}/ is nested more than ${limits.depth} folders deep: not read`);
        else {
          try {
            walk(entryPath, path, depth + 1);
          } catch (error) {
            problems.set(
              path,
              `${path}/ could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
            );
          }
        }
      } else if (stats.isFile()) candidates.push({ path, absolute: entryPath, depth, stats });
      else problems.set(path, `${path} is ${kindOf(stats)}, not a file: submit the file itself`);
    }
  };
  walk(dir, '', 0);

  // The top of the folder first (the contract's files), then deeper files: a large folder of
  // extras cannot push a graded file past the limits.
  candidates.sort((a, b) => a.depth - b.depth || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const files = new Map<string, Buffer>();
  let total = 0;
  for (const candidate of candidates) {
    const { path, stats } = candidate;
    if (files.size === limits.files) {
      problems.set(path, `${path} was not read: the submission holds more than ${limits.files} files`);
      continue;
    }
    if (stats.size > limits.fileBytes) {
      problems.set(
        path,
        `${path} is larger than the ${describeSize(limits.fileBytes)} limit for one file (${describeSize(stats.size)})`,
      );
      continue;
    }
    if (stats.nlink > 1) {
      // Its content may belong to a file outside the folder.
      problems.set(
        path,
        `${path} is a hard link (one of ${stats.nlink} names of one file): submit the file itself`,
      );
      continue;
    }
    if (total + stats.size > limits.totalBytes) {
      problems.set(
        path,
        `${path} was not read: the submission's files are over ${describeSize(limits.totalBytes)} in all`,
      );
      continue;
    }
    const read = readRegular(candidate, limits);
    if (typeof read === 'string') problems.set(path, read);
    else {
      files.set(path, read);
      total += read.length;
    }
  }
  return { dir, files: sortedMap(files), problems: sortedMap(problems), hash: hashSnapshot(files, problems) };
}

function sortedMap<T>(map: ReadonlyMap<string, T>): Map<string, T> {
  return new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Every file (path and a hash of its bytes) and every problem (path and reason), as JSON: paths and
 * reasons are escaped strings and contents are fixed-length hashes, so no two layouts share an encoding.
 */
export function hashSnapshot(
  files: ReadonlyMap<string, Buffer>,
  problems: ReadonlyMap<string, string>,
): string {
  const entries: [string, 'file' | 'problem', string][] = [
    ...[...files].map(([path, bytes]): [string, 'file', string] => [
      path,
      'file',
      createHash('sha256').update(bytes).digest('hex'),
    ]),
    ...[...problems].map(([path, reason]): [string, 'problem', string] => [path, 'problem', reason]),
  ];
  entries.sort(([a, kindA], [b, kindB]) =>
    a < b ? -1 : a > b ? 1 : kindA < kindB ? -1 : kindA > kindB ? 1 : 0,
  );
  return createHash('sha256')
    .update(JSON.stringify({ format: 'pitboss-snapshot-1', entries }))
    .digest('hex');
}
