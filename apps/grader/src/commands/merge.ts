// `pitboss merge <dirs...> --out <dir>`: the --out folders of `grade --shard` runs as one, written as
// one run over every submission writes it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { terminalLine } from '../6-reports/human.ts';
import { CLASS_REPORT, GRADEBOOK, writeBatchFiles, writeSubmissionFiles } from '../class/batch.ts';
import { mergeBatches } from '../class/merge.ts';
import { EXIT_FAILURES, EXIT_OK } from '../plumbing/errors.ts';
import type { Io } from './io.ts';

/** `pitboss merge`: the shards' --out folders as one, written as one run over every submission writes it. */
export function merge(
  dirs: readonly string[],
  flags: { out: string; private?: string | undefined },
  io: Io,
): number {
  const { out, private: privateDir } = flags;
  // The private part keys the shards' checksums: the one that graded them (--private, or the default).
  const batch = mergeBatches(dirs, { privateDir });
  mkdirSync(out, { recursive: true });
  for (const { name, report, error } of batch.submissions) {
    if (report === undefined) {
      io.stderr(`pitboss: ${name} was not graded: ${error ?? 'no result'}\n`);
      continue;
    }
    const path = writeSubmissionFiles(out, name, report, batch.run.format, { grade: true });
    io.stdout(
      `${terminalLine(report.submission.name)}: ${report.score}/${report.maxScore} -> ${terminalLine(path)}\n`,
    );
  }
  writeBatchFiles(out, batch, { privateDir });
  io.stdout(`class report -> ${join(out, CLASS_REPORT)}\ngradebook -> ${join(out, GRADEBOOK)}\n`);
  io.stderr(`pitboss: merged ${batch.submissions.length} submissions from ${dirs.length} folders\n`);
  const full = batch.submissions.every(
    ({ report }) => report !== undefined && report.score === report.maxScore,
  );
  return full ? EXIT_OK : EXIT_FAILURES;
}
