// pnpm installs, and compiles, an optional dependency on every Node its engines admit: the isolated-vm
// builds must each admit only the Node that loads it (.pnpmfile.cjs), or a student on Node 22 or 24
// waits minutes for a build of 5.0.4 that nothing loads. Read from the lockfile pnpm installs by, in
// this project and in the student tool (whose lockfile is derived from it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ISOLATED_VM_PACKAGES } from '../../src/3-sandbox/isolate/support.ts';
import { REPO_ROOT } from '../support.ts';

interface Lockfile {
  packages: Record<string, { engines?: { node?: string } }>;
}

const lockfile = parse(readFileSync(join(REPO_ROOT, 'pnpm-lock.yaml'), 'utf8')) as Lockfile;
const optional = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'apps/grader/package.json'), 'utf8')) as {
    optionalDependencies: Record<string, string>;
  }
).optionalDependencies;

/** The isolated-vm version each alias the client tries installs. */
const versionOf = (alias: string) => optional[alias]!.replace(/^npm:isolated-vm@/, '');

describe('isolated-vm: one build per Node, installed only there', () => {
  it.each(['20.12.0', '20.20.2', '22.0.0', '22.23.5', '24.0.0', '24.22.3', '26.0.0'])(
    'Node %s installs exactly one isolated-vm build',
    (node) => {
      const admitted = ISOLATED_VM_PACKAGES.filter((alias) => {
        const range = lockfile.packages[`isolated-vm@${versionOf(alias)}`]?.engines?.node;
        expect(range, alias).toBeDefined();
        return semver.satisfies(node, range!);
      });
      expect(admitted).toHaveLength(1);
    },
  );
});
