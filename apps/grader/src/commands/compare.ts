// `pitboss compare <earlier> <later>`: a regrade previewed from two `grade --out` folders, and what
// `grade --compare` prints after its run. It reads both, and writes nothing.
import { readBatch } from '../batch.ts';
import { EXIT_INFRASTRUCTURE, EXIT_OK } from '../errors.ts';
import { compareRuns, type RegradeDiff, renderRegrade } from '../regrade.ts';
import type { Io } from './io.ts';

/** Tells a regrade (as text or JSON) and returns its status: a determinism fault is the machinery's. */
export function tellRegrade(diff: RegradeDiff, format: 'human' | 'json', io: Io): number {
  io.stdout(format === 'json' ? `${JSON.stringify(diff, null, 2)}\n` : renderRegrade(diff));
  const faults = diff.submissions.filter((change) => change.determinismFault);
  if (faults.length === 0) return EXIT_OK;
  io.stderr(
    `pitboss: infrastructure error: determinism fault: ${faults.map((fault) => fault.name).join(', ')} graded differently with the same files by the same grader\n`,
  );
  return EXIT_INFRASTRUCTURE;
}

/** `pitboss compare`: every submission whose result moved between two runs, with the evidence and why. */
export function compare(
  earlier: string,
  later: string,
  flags: { format?: 'human' | 'json' | undefined },
  io: Io,
): number {
  return tellRegrade(compareRuns(readBatch(earlier), readBatch(later)), flags.format ?? 'human', io);
}
