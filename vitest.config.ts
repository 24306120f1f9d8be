import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every package, app and grader: one summary line for .ci/run to read.
export default defineConfig({
  test: {
    // Each project is a folder with its own vitest.config.ts (graders/ also holds the project's default
    // assignment, graders/pitboss.json, which is no project); the grader's tests that sit on a run's
    // limits are a project of their own (apps/grader/vitest.limits.config.ts), run last, one file at a
    // time.
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/grader/vitest.limits.config.ts',
      'graders/*/vitest.config.ts',
    ],
    // A file per core: most files wait on the graders they start (a grade's host and sandbox) as much
    // as they compute, so two files on two cores overlap where vitest's default (cores - 1) runs one.
    maxWorkers: availableParallelism(),
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
  },
});
