// What a student's process told of its uses of chance (3-sandbox/children/chance.ts), as the report's data:
// only calls the preload knows, only by files of the student's own, once each, in a fixed order.
// The process could tell anything (its own code writes on the same channel); what it can forge is
// only a warning about itself, never a score, and never a word the grader did not choose.

import type { ChanceUse } from '../0-results/test.ts';
import { CHANCE_CALLS } from './children/chance.ts';

const KNOWN = new Set<string>(CHANCE_CALLS);

/**
 * The uses `told` names (`file` as the process named it: a path or file URL of its staged, compiled
 * module) that are known calls by one of `files` (the student's own names, `player.ts`).
 */
export function studentChance(
  told: readonly { call: string; file: string }[],
  files: readonly string[],
): ChanceUse[] {
  const uses = new Map<string, ChanceUse>();
  for (const { call, file } of told) {
    if (!KNOWN.has(call)) continue;
    const own = files.find((name) => {
      const stem = name.replace(/\.ts$/, '');
      return ['.mjs', '.js', '.ts'].some((extension) => file.endsWith(`/${stem}${extension}`));
    });
    if (own !== undefined) uses.set(`${own}\0${call}`, { file: own, call });
  }
  return [...uses.values()].sort((a, b) =>
    a.file === b.file
      ? CHANCE_CALLS.indexOf(a.call as never) - CHANCE_CALLS.indexOf(b.call as never)
      : a.file < b.file
        ? -1
        : 1,
  );
}

/** An outcome with the uses of chance its runs told, when there were any. */
export function withChance<T extends { chance?: ChanceUse[] | undefined }>(
  outcome: T,
  uses: readonly ChanceUse[],
): T {
  return uses.length === 0 ? outcome : { ...outcome, chance: [...uses] };
}
