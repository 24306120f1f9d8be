// `pitboss init <dir>`: a starter submission, written whole or not at all.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFolderWhole } from '../files.ts';
import type { Assignment } from '../kit/assignment.ts';

export function initSubmission(assignment: Assignment, folder: string): string[] {
  return writeFolderWhole(folder, (draft) => {
    const written: string[] = [];
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
    return written.sort();
  });
}
