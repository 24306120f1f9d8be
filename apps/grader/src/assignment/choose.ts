// Which assignment grades what. The instructor decides how a class is graded: `--assignment`, else the
// class folder's own pitboss.json, else the project's default (graders/pitboss.json). A submission's
// pitboss.json is the student's advice: `check` follows it, `grade` only notes where it disagrees. A pitboss.json is read as a small regular file,
// never through a link and never from a FIFO or a device, whatever a submission put there.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { PitbossError } from '../plumbing/errors.ts';
import { defaultAssignment } from './load.ts';

export const CONFIG_FILE = 'pitboss.json';
/** A pitboss.json holds an assignment's name: anything bigger is not one. */
const CONFIG_LIMIT = 64 * 1024;

/** What a folder's pitboss.json says: an assignment's name, nothing (no file, or no name), or why it is unusable. */
export type Declared = { rules: string | undefined } | { problem: string };

/** The bytes of a small regular file in `folder`, or why it cannot be one; undefined when it is absent. */
function readSmallRegularFile(path: string): Buffer | { problem: string } | undefined {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (stat.isSymbolicLink()) return { problem: 'is a symbolic link' };
  if (stat.isDirectory()) return { problem: 'is a folder' };
  if (!stat.isFile()) return { problem: 'is not a regular file' };
  if (stat.size > CONFIG_LIMIT) return { problem: `is larger than ${CONFIG_LIMIT} bytes` };
  let fd: number;
  try {
    // O_NOFOLLOW and O_NONBLOCK: swapped for a link or a FIFO since lstat, it still neither follows nor blocks.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.ino !== stat.ino || opened.dev !== stat.dev)
      return { problem: 'changed while it was read' };
    const buffer = Buffer.alloc(CONFIG_LIMIT + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > CONFIG_LIMIT) return { problem: `is larger than ${CONFIG_LIMIT} bytes` };
    }
    return buffer.subarray(0, length);
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    closeSync(fd);
  }
}

/** The assignment `folder`'s pitboss.json names (`assignment`, or `rules` as older files say). */
export function readDeclared(folder: string): Declared {
  const bytes = readSmallRegularFile(join(folder, CONFIG_FILE));
  if (bytes === undefined) return { rules: undefined };
  if (!Buffer.isBuffer(bytes)) return bytes;
  let config: unknown;
  try {
    config = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { problem: 'is not valid JSON' };
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    return { problem: 'is not a JSON object' };
  const { assignment, rules: older } = config as { assignment?: unknown; rules?: unknown };
  const rules = assignment ?? older;
  if (rules === undefined) return { rules: undefined };
  if (typeof rules !== 'string' || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(rules))
    return { problem: "names no assignment ('assignment' must be an assignment's name)" };
  return { rules };
}

/**
 * The language a submission's pitboss.json names (`"language": "cpp"`): undefined when it names none,
 * or cannot be read (its files decide then, submission.ts).
 */
export function declaredLanguage(folder: string): string | undefined {
  const bytes = readSmallRegularFile(join(folder, CONFIG_FILE));
  if (!Buffer.isBuffer(bytes)) return undefined;
  try {
    const { language } = JSON.parse(bytes.toString('utf8')) as { language?: unknown };
    return typeof language === 'string' && /^[a-z0-9+-]{1,16}$/.test(language) ? language : undefined;
  } catch {
    return undefined;
  }
}

/** A student's source file in any language an assignment is taught in. */
const isSourceFile = (name: string) => /\.(ts|cpp|cc)$/.test(name);

/**
 * A folder the instructor names is a class when it holds no source file of its own (TypeScript or
 * C++): then its pitboss.json is the class's setting. Otherwise it is a submission, and its
 * pitboss.json the student's.
 */
export function isClassFolder(folder: string): boolean {
  try {
    return !readdirSync(folder).some(isSourceFile);
  } catch {
    return false;
  }
}

/**
 * The assignment a command grades by: `--assignment`; else the pitboss.json of the class folders named
 * (they must agree); for `check` only, else the submission's own; else the project's default. An unusable pitboss.json the
 * command relies on (a class's, or the one a `check` follows) is a usage error naming it.
 */
export function chooseAssignment(
  mode: 'check' | 'grade',
  flag: string | undefined,
  folders: readonly string[],
): string {
  if (flag !== undefined) return flag;
  const named = new Map<string, string>();
  const follow = (folder: string) => {
    const declared = readDeclared(folder);
    const path = join(folder, CONFIG_FILE);
    if ('problem' in declared) throw new PitbossError('USAGE', `${path} ${declared.problem}`);
    if (declared.rules !== undefined) named.set(path, declared.rules);
  };
  for (const folder of folders) {
    if (isClassFolder(folder)) follow(folder);
  }
  if (named.size === 0 && mode === 'check') for (const folder of folders) follow(folder);
  const rules = new Set(named.values());
  if (rules.size > 1) {
    throw new PitbossError(
      'USAGE',
      `the class folders name different assignments (${[...named].map(([path, name]) => `${path}: ${name}`).join(', ')}): grade each apart, or pass --assignment`,
    );
  }
  return [...rules][0] ?? defaultAssignment();
}
