// The grader's own C++ (the reference, the harness, the chance library) built once and kept on disk:
// what every native build and the chance library stand on.
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PitbossError } from '../../plumbing/errors.ts';

const building = new Map<string, Promise<void>>();

/**
 * A folder of the grader's own C++ (trusted: built outside the sandbox) kept on disk: built once by
 * `build` into a temporary folder, then renamed, whole or not at all (another grader may be building
 * the same one); readable by all (the sandbox's uid links and loads from it), writable by the grader.
 */
export function buildKept(folder: string, build: (temporary: string) => Promise<void>): Promise<void> {
  let built = building.get(folder);
  if (built === undefined) {
    built = (async () => {
      if (existsSync(folder)) return;
      const temporary = `${folder}.building-${process.pid}`;
      rmSync(temporary, { recursive: true, force: true });
      mkdirSync(temporary, { recursive: true });
      try {
        await build(temporary);
      } catch (error) {
        rmSync(temporary, { recursive: true, force: true });
        const stderr = String((error as { stderr?: unknown }).stderr ?? (error as Error).message);
        throw new PitbossError(
          'INFRASTRUCTURE',
          `the grader's own C++ did not compile: ${stderr.split('\n')[0]}`,
        );
      }
      try {
        renameSync(temporary, folder);
      } catch {
        rmSync(temporary, { recursive: true, force: true });
      }
      chmodTree(folder);
    })();
    building.set(folder, built);
  }
  return built;
}

function chmodTree(folder: string): void {
  chmodSync(folder, 0o755);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) chmodTree(path);
    // A program the grader built (the canary) stays one: the sandbox's uid runs it.
    else chmodSync(path, (statSync(path).mode & 0o100) === 0 ? 0o644 : 0o755);
  }
}
