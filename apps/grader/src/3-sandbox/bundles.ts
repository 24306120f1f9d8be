// The grader's programs that run in the sandbox, copied where the sandbox's user can read them.
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';

const sandboxCopies = new Map<string, Promise<string>>();

/**
 * A bundle the sandbox runs, copied into the work root: the work root is chosen so that the sandbox's
 * user can pass through every folder above it (infrastructure.ts), which the project's own folder
 * (a 0700 home, a tool unpacked in a private folder) need not allow.
 */
export function forSandbox(bundle: string, workRoot: string): Promise<string> {
  const key = `${workRoot}\0${bundle}`;
  let copy = sandboxCopies.get(key);
  if (copy === undefined) {
    copy = (async () => {
      const dir = join(workRoot, 'bundles');
      mkdirSync(dir, { recursive: true, mode: 0o711 });
      const target = join(dir, basename(bundle));
      copyFileSync(bundle, target);
      chmodSync(target, 0o644);
      return target;
    })();
    sandboxCopies.set(key, copy);
  }
  return copy;
}
