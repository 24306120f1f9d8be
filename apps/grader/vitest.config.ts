import { configDefaults, defineProject } from 'vitest/config';

/**
 * Test files whose verdicts sit on a run's limits (hangs, budgets, processor and wall limits, hostile
 * runs at the edge of them): the project grader-limits runs them after every other project, one file
 * at a time, so no other test's grading competes for the processor while their clocks run.
 */
export const ON_THE_LIMITS = [
  'test/3-sandbox/**/*.test.ts',
  'test/4-phases/hangs.test.ts',
  'test/4-phases/loading.test.ts',
  'test/4-phases/student-tests-hostile.test.ts',
  'test/6-reports/reports-hostile.test.ts',
  'test/class/batch.test.ts',
  'test/class/batch-hostile.test.ts',
  'test/commands/watch.test.ts',
  'test/plumbing/**/*.test.ts',
];

/** What both grader projects share. */
export const graderTest = {
  globalSetup: ['test/build-cli.ts'],
  // Most tests here grade a submission in sandboxed children: on a loaded two-core machine one grade
  // has taken 30 s. The limits are for a hung test, not a speed check (`pnpm bench` measures speed).
  testTimeout: 300_000,
  hookTimeout: 300_000,
};

export default defineProject({
  test: { name: 'grader', ...graderTest, exclude: [...configDefaults.exclude, ...ON_THE_LIMITS] },
});
