// The shortest input that still shows a difference: a failing case's stdin cut down line by line
// (delta debugging), each candidate a run of the program like any other. Any lines a program reads
// are an input it must handle (a player may type anything), so every candidate is a fair case.

/** The most runs one case's shrinking may take: past them, the shortest input found so far is kept. */
export const SHRINK_RUNS = 64;
/** The most candidates tried at once: a round's candidates run side by side. */
const ROUND = 8;

/**
 * Shrinks `lines` to a shorter list for which `fails` still holds (a 1-minimal one when the runs
 * allow): each round removes one of `parts` slices, the first (in order) whose removal still fails,
 * else tries finer slices. Deterministic for a deterministic `fails`: the candidates of a round run
 * together, and the first failing one in order is kept, whichever finished first.
 */
export async function shrinkLines(
  lines: readonly string[],
  fails: (candidate: readonly string[]) => Promise<boolean>,
  maxRuns: number = SHRINK_RUNS,
): Promise<{ lines: readonly string[]; runs: number }> {
  let current = lines;
  let runs = 0;
  // The empty input first: a program that differs before it reads anything needs none.
  if (current.length > 0 && runs < maxRuns) {
    runs++;
    if (await fails([])) return { lines: [], runs };
  }
  let parts = 2;
  while (current.length >= 2 && runs < maxRuns) {
    const size = Math.ceil(current.length / parts);
    const candidates: string[][] = [];
    for (let start = 0; start < current.length; start += size)
      candidates.push([...current.slice(0, start), ...current.slice(start + size)]);
    let kept: readonly string[] | undefined;
    for (let from = 0; from < candidates.length && kept === undefined && runs < maxRuns; from += ROUND) {
      const round = candidates.slice(from, Math.min(from + ROUND, from + maxRuns - runs));
      runs += round.length;
      const verdicts = await Promise.all(round.map(fails));
      const first = verdicts.indexOf(true);
      if (first >= 0) kept = round[first];
    }
    if (kept !== undefined) {
      current = kept;
      parts = Math.max(parts - 1, 2);
    } else if (size === 1) break;
    else parts = Math.min(parts * 2, current.length);
  }
  return { lines: current, runs };
}
