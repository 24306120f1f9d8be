// `pnpm bench` (grader): students' tests x mutants. The whole matrix with the grader's runner,
// against the baseline of one `node --test` process per (test file, mutant) pair, timed on a sample
// of pairs in the same run and scaled up. Verdicts on the sample must be identical.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { readSubmission } from '../src/1-submission/submission.ts';
import type { Manifest } from '../src/3-sandbox/children/student-tests/protocol.ts';
import { compileShared } from '../src/3-sandbox/stage.ts';
import { compileStudentTests, compileTargets } from '../src/4-phases/student-tests/compile.ts';
import { runBaselinePair, runMatrix } from '../src/4-phases/student-tests/matrix.ts';
import { wheatsFor } from '../src/4-phases/student-tests/wheats.ts';
import { loadAssignment, studentTestsBundle } from '../src/assignment/load.ts';
import { readCatalogue } from '../src/mutants/catalogue.ts';
import { REPO_ROOT } from '../src/plumbing/paths.ts';

const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 40);
const JOBS = availableParallelism();
const submissionDir = join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested');
const privateDir = join(REPO_ROOT, 'instructor/classic');

const assignment = await loadAssignment('classic');
// As grading does: only mutants of the files students' tests are about.
const mutants = readCatalogue(assignment, privateDir).filter((mutant) =>
  assignment.studentTests.about.includes(mutant.file),
);
const workRoot = mkdtempSync(join(tmpdir(), 'pitboss-bench-'));
chmodSync(workRoot, 0o755); // the sandbox's own uid reads the run folders
try {
  const shared = await compileShared(assignment, workRoot);
  const targets = await compileTargets(assignment, mutants, shared, workRoot);
  const compiled = await compileStudentTests(
    assignment,
    readSubmission(assignment, submissionDir),
    join(workRoot, 'tests'),
  );
  const manifest: Manifest = { ...targets, tests: compiled.tests };
  const testFiles = Object.keys(manifest.tests);
  const pairs = testFiles.length * mutants.length;

  const started = performance.now();
  // As grading does: every variant a fresh process running all its files, the own code (here the same
  // as a wheat) and the wheats too.
  const wheats = await wheatsFor(assignment, shared, workRoot, privateDir);
  const matrix = await runMatrix(manifest, {
    harness: await studentTestsBundle(),
    limits: assignment.limits,
    limiter: pLimit(JOBS),
    runTimeoutMs: assignment.limits.programTimeoutMs,
    workDir: workRoot,
    own: wheats[1],
    wheats,
  });
  const fastSeconds = (performance.now() - started) / 1000;

  // The baseline on an evenly spread sample of pairs, as many at once as the matrix had processes.
  const sample = Array.from({ length: Math.min(SAMPLE, pairs) }, (_, i) => {
    const index = Math.floor((i * pairs) / Math.min(SAMPLE, pairs));
    return {
      testFile: testFiles[index % testFiles.length]!,
      mutant: mutants[Math.floor(index / testFiles.length)]!.id,
    };
  });
  const limit = pLimit(JOBS);
  const baselineStarted = performance.now();
  const verdicts = await Promise.all(
    sample.map((pair, i) =>
      limit(async () => ({
        pair,
        baseline: await runBaselinePair(
          manifest,
          pair.testFile,
          pair.mutant,
          join(workRoot, `pair-${i}`),
          assignment.limits.programTimeoutMs,
        ),
      })),
    ),
  );
  const baselinePerPair = (performance.now() - baselineStarted) / 1000 / sample.length;
  const baselineSeconds = baselinePerPair * pairs;

  let disagreements = 0;
  for (const { pair, baseline } of verdicts) {
    // Every usable file runs on every mutant (one process per mutant): a file the matrix names must
    // fail on it in the baseline, and a file failing in the baseline means the mutant is exposed.
    const { killedBy } = matrix.verdicts.get(pair.mutant)!;
    const namedFast = killedBy.some((kill) => kill.file === pair.testFile);
    if (namedFast && baseline === 'passed') disagreements++;
    if (baseline !== 'passed' && killedBy.length === 0) disagreements++;
  }
  const exposed = [...matrix.verdicts.values()].filter((verdict) => verdict.killedBy.length > 0).length;
  const row = (name: string, value: string) => console.log(`${name.padEnd(58)} ${value}`);
  row(
    'student test files x mutants',
    `${testFiles.length} x ${mutants.length} = ${pairs} pairs, a process per variant (${JOBS} at once)`,
  );
  row('mutants exposed', `${exposed} of ${mutants.length}`);
  row('matrix, the grader runner (whole)', `${fastSeconds.toFixed(2)} s`);
  row(
    `baseline, a process per pair (${sample.length} sampled pairs)`,
    `${(baselinePerPair * 1000).toFixed(0)} ms a pair`,
  );
  row('baseline, scaled to the whole matrix', `${baselineSeconds.toFixed(1)} s`);
  row(
    'speed-up over the baseline',
    `${(baselineSeconds / fastSeconds).toFixed(1)} x (target >= 20 x; matrix target <= 10 s)`,
  );
  row('verdicts that differ from the baseline on the sample', `${disagreements} of ${sample.length}`);
  if (disagreements > 0) process.exitCode = 1;
} finally {
  rmSync(workRoot, { recursive: true, force: true });
}
