// What the grader keeps between runs in its cache (a type check's answer, the sandbox's probes, the
// compiled mutants, the oracle's answers): one JSON file each, read only when whole and of the shape
// its reader expects, written whole or not at all. Losing one only costs the next run its time.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileWhole } from './files.ts';

/** The value kept at `path`, if it is there, parses, and `whole` accepts it. */
export function readKept<T>(path: string, whole: (value: unknown) => value is T): T | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return whole(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `value` at `path` for the next run; a cache that cannot be written is no failure. */
export function writeKept(path: string, value: unknown): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileWhole(path, JSON.stringify(value));
  } catch {
    // Only the next run's time is lost.
  }
}
