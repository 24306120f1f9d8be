// The student tool's pnpm-lock.yaml, so that `pnpm install --frozen-lockfile` (a student's CI, as in
// docs/github/student-check.yml) installs it. Derived from this project's lockfile, not resolved anew:
// pnpm keeps every resolution the tool's packages share with the project and drops the rest, so the
// tool gets the very versions the project is tested with, and no registry is asked for any of them.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { PitbossError } from '../plumbing/errors.ts';
import { REPO_ROOT } from '../plumbing/paths.ts';

/** Writes `folder`/pnpm-lock.yaml for the tool laid out there (its package.json files written). */
export function writeToolLockfile(folder: string): void {
  const lockfile = join(folder, 'pnpm-lock.yaml');
  copyFileSync(join(REPO_ROOT, 'pnpm-lock.yaml'), lockfile);
  // An install's own settings (CI's frozen lockfile) must not stop the lockfile from being pruned.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_config_/i.test(name)),
  );
  const pnpm = spawnSync(
    'pnpm',
    ['install', '--lockfile-only', '--no-frozen-lockfile', '--prefer-offline', '--ignore-scripts'],
    { cwd: folder, encoding: 'utf8', env: { ...env, CI: '' }, timeout: 300_000 },
  );
  if (pnpm.error !== undefined || pnpm.status !== 0 || !existsSync(lockfile)) {
    const why =
      pnpm.error !== undefined
        ? pnpm.error.message
        : (pnpm.stderr + pnpm.stdout).trim().split('\n').filter(Boolean).pop();
    throw new PitbossError(
      'EXPORT_FAILED',
      `the tool's pnpm-lock.yaml cannot be written (pnpm install --lockfile-only: ${why ?? `exit ${pnpm.status}`})`,
    );
  }
}
