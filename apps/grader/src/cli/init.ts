// `pitboss init <dir>`: a starter submission, written whole or not at all.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PitbossError } from '../errors.ts';
import type { Assignment } from '../kit/assignment.ts';

export function initSubmission(assignment: Assignment, folder: string): string[] {
  const target = resolve(folder);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new PitbossError('FOLDER_NOT_EMPTY', `${folder} already exists and is not empty`);
  }
  mkdirSync(dirname(target), { recursive: true });
  // Written beside the target, then renamed into place: an interrupted init leaves nothing half-made.
  const draft = mkdtempSync(join(dirname(target), '.pitboss-init-'));
  const written: string[] = [];
  try {
    for (const file of assignment.providedFiles) {
      copyFileSync(file.source, join(draft, file.name));
      written.push(file.name);
    }
    for (const file of assignment.studentFiles) {
      writeFileSync(join(draft, file.name), file.stub);
      written.push(file.name);
    }
    for (const [path, text] of Object.entries(assignment.starterFiles)) {
      mkdirSync(dirname(join(draft, path)), { recursive: true });
      writeFileSync(join(draft, path), text);
      written.push(path);
    }
    if (existsSync(target)) rmdirSync(target);
    renameSync(draft, target);
  } catch (error) {
    rmSync(draft, { recursive: true, force: true });
    throw error;
  }
  return written.sort();
}
