// Whether isolated-vm loads on this Node, and from where: the first of its installs that does (the
// isolate host runs on it, client.ts); without it each run is a `node:vm` context (vm-engine.ts).
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../../plumbing/paths.ts';

/** isolated-vm as each Node it ships for installs it (package.json's optional dependencies), newest first. */
export const ISOLATED_VM_PACKAGES = ['isolated-vm-node24', 'isolated-vm-node22', 'isolated-vm'];

/** Where isolated-vm loads from: its entry, and the native binary that entry loaded on this Node. */
export type IsolatesSupport = { path: string; binary: string } | { missing: string };

let support: IsolatesSupport | undefined;

/**
 * Where isolated-vm loads from on this Node, or why it does not: the first of its installs that
 * loads here. PITBOSS_ISOLATES=off grades as a machine without it does.
 */
export function isolatesSupport(): IsolatesSupport {
  support ??= findIsolatedVm();
  return support;
}

function findIsolatedVm(): IsolatesSupport {
  if (process.env.PITBOSS_ISOLATES === 'off') return { missing: 'PITBOSS_ISOLATES=off' };
  const require = createRequire(join(REPO_ROOT, 'apps/grader/package.json'));
  const problems: string[] = [];
  for (const name of ISOLATED_VM_PACKAGES) {
    let path: string;
    try {
      path = require.resolve(name);
    } catch {
      continue;
    }
    try {
      require(path);
    } catch (error) {
      problems.push(`${name}: ${whyNotLoaded(error as Error)}`);
      continue;
    }
    const entry = realpathSync(path);
    const binary = loadedBinary(dirname(entry));
    if (binary !== undefined) return { path: entry, binary };
    problems.push(`${name}: loaded no .node file of its own folder`);
  }
  return {
    missing:
      problems.length === 0
        ? `isolated-vm is not installed for Node ${process.versions.node} (pnpm install builds it; see README)`
        : `isolated-vm does not load on Node ${process.versions.node}: ${problems.join('; ')}`,
  };
}

/** Why an install did not load, in a few words: Node's message for a binary of another Node is three lines. */
function whyNotLoaded(error: Error): string {
  const versions = [...error.message.matchAll(/NODE_MODULE_VERSION (\d+)/g)].map((match) => match[1]);
  if (versions.length === 2)
    return `built for another Node (module version ${versions[0]}; this one needs ${versions[1]})`;
  return error.message.split('\n')[0]!;
}

/**
 * The binary an isolated-vm folder loaded, as Node's module cache holds it: 5.x its own build in
 * out/; 6.x and 7.x, through node-gyp-build, the prebuilt one for this Node's ABI (or their own build).
 */
function loadedBinary(dir: string): string | undefined {
  const cache = createRequire(join(dir, 'package.json')).cache;
  return Object.keys(cache).find((file) => file.startsWith(`${dir}/`) && file.endsWith('.node'));
}

/** Whether a machine can run the isolates at all, in the words a warning uses. */
export const isolatesReady = (): boolean => 'path' in isolatesSupport() && existsSync(REPO_ROOT);
