// `pitboss compare <earlier> <later>`: a regrade previewed from two `grade --out` folders, and what
// `grade --compare` prints after its run. It reads both, and writes nothing.

import { terminalLine } from '../6-reports/human.ts';
import { readCheckedBatch } from '../class/merge.ts';
import { compareRuns, type RegradeDiff, renderRegrade } from '../class/regrade.ts';
import { EXIT_INFRASTRUCTURE, EXIT_OK, PitbossError } from '../plumbing/errors.ts';
import type { Io } from './io.ts';

/**
 * Two runs' --out folders compared, each batch file's checksum verified first: an earlier run edited
 * or forged after grading is refused (exit 2), never told as a determinism fault. A run keyed by a
 * private part that is not here cannot be verified: it is compared (its changes are the grader's,
 * its private part being another), but no determinism fault is called on it.
 */
export function regradeOf(
  earlierDir: string,
  laterDir: string,
  privateDirs: readonly (string | undefined)[],
  io: Io,
): RegradeDiff {
  const earlier = readCheckedBatch(earlierDir, privateDirs);
  const later = readCheckedBatch(laterDir, privateDirs);
  const diff = compareRuns(earlier.batch, later.batch);
  const unverified = [earlier, later].filter((run) => !run.verified).map((run) => run.file);
  if (unverified.length === 0) return diff;
  if (diff.submissions.some((change) => change.determinismFault))
    throw new PitbossError(
      'MERGE_TAMPERED',
      `cannot verify the checksum of ${unverified.join(' and ')} (graded with an instructor's private part not found here), so a verdict that moved cannot be called a determinism fault: give that private part with --private`,
    );
  for (const file of unverified)
    io.stderr(
      `pitboss: ${terminalLine(file)}: checksum not verified (graded with an instructor's private part not found here)\n`,
    );
  return diff;
}

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
  flags: { format?: 'human' | 'json' | undefined; private?: string | undefined },
  io: Io,
): number {
  return tellRegrade(regradeOf(earlier, later, [flags.private], io), flags.format ?? 'human', io);
}
