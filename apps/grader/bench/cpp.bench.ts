// `pnpm bench` (grader): what a C++ submission costs against a TypeScript one. Both are the classic
// assignment's correct-tested fixture (the same behaviour, 10 tests of the student's own), graded by
// `pitboss grade` as an instructor runs it (the private part included), in turns, in the same run.
// Targets (issue 16): the unit suites cost C++ no more than 3x what they cost TypeScript, and a C++
// submission with 10 tests is graded in under 60 s. The grader's own C++ (the reference's objects and
// libraries, the mutants') is built once and kept: a first run, timed apart, pays for it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/plumbing/paths.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');
const TS = join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested');
const CPP = join(REPO_ROOT, 'fixtures/submissions/classic-cpp/correct-tested');
const UNIT_TESTS = ['--only', 'deck.', 'hand.', 'player.'];

if (spawnSync('g++', ['--version']).status !== 0) {
  console.log('cpp bench: skipped (g++ is not on PATH)');
  process.exit(0);
}

/** Seconds of wall time for one `pitboss grade`; a run that does not grade is the bench's failure. */
function grade(folder: string, extra: readonly string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, [BIN, 'grade', folder, '--format', 'json', ...extra], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const seconds = (performance.now() - started) / 1000;
  // Graded (with or without lost points: its tests need not expose every hidden mutant), never a fault.
  if (run.status !== 0 && run.status !== 1) throw new Error(`${folder}: exit ${run.status}: ${run.stderr}`);
  JSON.parse(run.stdout);
  return seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const first = grade(CPP, []);
console.log(`C++ first run (builds the grader's own C++ if not kept yet): ${first.toFixed(1)} s`);
const times = {
  tsWhole: [] as number[],
  cppWhole: [] as number[],
  tsUnit: [] as number[],
  cppUnit: [] as number[],
};
for (let i = 0; i < RUNS; i++) {
  times.tsWhole.push(grade(TS, []));
  times.cppWhole.push(grade(CPP, []));
  times.tsUnit.push(grade(TS, UNIT_TESTS));
  times.cppUnit.push(grade(CPP, UNIT_TESTS));
}
const unitRatio = median(times.cppUnit) / median(times.tsUnit);
const wholeRatio = median(times.cppWhole) / median(times.tsWhole);
console.log(`median of ${RUNS} runs each, in turns:`);
console.log(
  `  unit suites:  TypeScript ${median(times.tsUnit).toFixed(1)} s, C++ ${median(times.cppUnit).toFixed(1)} s: ${unitRatio.toFixed(2)}x (target at most 3x) ${unitRatio <= 3 ? 'ok' : 'MISSED'}`,
);
console.log(
  `  whole grade:  TypeScript ${median(times.tsWhole).toFixed(1)} s, C++ ${median(times.cppWhole).toFixed(1)} s: ${wholeRatio.toFixed(2)}x`,
);
const cppWhole = median(times.cppWhole);
console.log(
  `  a C++ submission with 10 tests: ${cppWhole.toFixed(1)} s (target under 60 s) ${cppWhole < 60 ? 'ok' : 'MISSED'}`,
);
