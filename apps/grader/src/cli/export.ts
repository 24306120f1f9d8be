// `pitboss export-student-tool <dir>`: the project as students get it, without the instructor's
// private parts (instructor/: private mutants, hidden transcript cases). Written whole or not at all.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../bundle.ts';
import { PitbossError } from '../errors.ts';
import { writeFolderWhole } from '../files.ts';

export const PRIVATE_ROOT = 'instructor';
const NEVER = new Set(['node_modules', '.git', 'dist', '.turbo', 'coverage', PRIVATE_ROOT]);

/** The project's files: what git tracks when it is a checkout, else every file but build output. */
function projectFiles(): string[] {
  if (existsSync(join(REPO_ROOT, '.git'))) {
    const listed = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' });
    return listed.split('\0').filter((path) => path !== '' && existsSync(join(REPO_ROOT, path)));
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (NEVER.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(relative(REPO_ROOT, path));
    }
  };
  walk(REPO_ROOT);
  return files;
}

export function exportStudentTool(folder: string): number {
  const target = resolve(folder);
  if (target.startsWith(`${REPO_ROOT}/`) || target === REPO_ROOT) {
    throw new PitbossError('USAGE', `${folder} is inside the project: export it somewhere else`);
  }
  const files = projectFiles().filter((path) => path.split('/')[0] !== PRIVATE_ROOT);
  return writeFolderWhole(folder, (draft) => {
    for (const path of files) {
      mkdirSync(dirname(join(draft, path)), { recursive: true });
      copyFileSync(join(REPO_ROOT, path), join(draft, path));
    }
    return files.length;
  });
}
