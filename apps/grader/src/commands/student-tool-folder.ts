// A student tool's folder, written whole: the manifest of the files an export wrote, and an export
// put in place of the one before (--update) without touching anything else in the folder.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { PitbossError } from '../plumbing/errors.ts';

/**
 * The export's list of the files it wrote, in the tool's folder: what `--update` replaces and removes,
 * and so what it keeps (.git, a student's submissions, anything else).
 */
export const TOOL_MANIFEST = '.pitboss-tool.json';

/** What a student's clone of the tool leaves that is no part of it: installs, builds, checks' state. */
export const TOOL_GITIGNORE = `# Written by pitboss export-student-tool: what installing and checking leave behind.
node_modules/
.pitboss/
apps/grader/dist/
`;

/** The files a previous export wrote in `folder`, from its manifest; refused if it has none. */
export function previousExport(folder: string): string[] {
  const file = join(folder, TOOL_MANIFEST);
  if (!existsSync(file))
    throw new PitbossError(
      'NOT_A_STUDENT_TOOL',
      `${folder} holds no student tool written by export-student-tool (no ${TOOL_MANIFEST}): name the tool's folder, or export into an empty one without --update`,
    );
  try {
    const { files } = JSON.parse(readFileSync(file, 'utf8')) as { files?: unknown };
    if (Array.isArray(files) && files.every((path) => typeof path === 'string' && safeToolPath(path)))
      return files as string[];
  } catch {
    // Told below, as any manifest that is not one.
  }
  throw new PitbossError('NOT_A_STUDENT_TOOL', `${file} is not a student tool's manifest`);
}

/** A path inside the tool's folder, never .git's: a manifest names nothing else to replace or remove. */
const safeToolPath = (path: string) =>
  path.length > 0 &&
  !isAbsolute(path) &&
  !path.split('/').some((part) => part === '..' || part === '' || part === '.git');

/**
 * Replaces the tool in `folder` by the one in `draft`: each of its files renamed into place (a reader
 * sees the old file or the new one), the previous export's files that are no longer the tool's
 * removed, the manifest last; every other file (.git, a student's folder) is left as it was.
 */
export function replaceTool(folder: string, draft: string, previous: readonly string[]) {
  // The new export's own files, as its manifest names them (nothing else pnpm may have left there).
  const files = previousExport(draft);
  for (const path of files) {
    if (path === TOOL_MANIFEST) continue;
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    renameSync(join(draft, path), join(folder, path));
  }
  const kept = new Set(files);
  for (const path of previous.filter((old) => !kept.has(old))) {
    rmSync(join(folder, path), { force: true });
    // Its folders too, once empty (a file of the tool's own, never the tool's folder itself).
    for (let dir = dirname(path); dir !== '.'; dir = dirname(dir)) {
      const at = join(folder, dir);
      if (!existsSync(at) || readdirSync(at).length > 0) break;
      rmdirSync(at);
    }
  }
  renameSync(join(draft, TOOL_MANIFEST), join(folder, TOOL_MANIFEST));
}
