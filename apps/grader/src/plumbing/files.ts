// Writing a whole file or folder, or nothing: written beside its target under a temporary name, then renamed.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PitbossError } from './errors.ts';

export function writeFolderWhole<T>(folder: string, fill: (draft: string) => T): T {
  const target = resolve(folder);
  if (existsSync(target) && !statSync(target).isDirectory())
    throw new PitbossError('NOT_A_FOLDER', `${folder} is a file, not a folder: name a folder to write into`);
  if (existsSync(dirname(target)) && !statSync(dirname(target)).isDirectory())
    throw new PitbossError('NOT_A_FOLDER', `${dirname(folder)} is a file, not a folder`);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new PitbossError('FOLDER_NOT_EMPTY', `${folder} already exists and is not empty`);
  }
  mkdirSync(dirname(target), { recursive: true });
  const draft = mkdtempSync(join(dirname(target), '.pitboss-draft-'));
  try {
    const result = fill(draft);
    // mkdtemp makes the draft 0700: the folder gets the ordinary mode a mkdir would give it (a sandbox
    // user, or another user, may need to pass through it).
    const mask = process.umask();
    chmodSync(draft, 0o777 & ~mask);
    if (existsSync(target)) rmdirSync(target);
    renameSync(draft, target);
    return result;
  } catch (error) {
    rmSync(draft, { recursive: true, force: true });
    throw error;
  }
}

/** A reader sees the old file or the new one, never half of it. */
export function writeFileWhole(path: string, data: string | Buffer): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}
