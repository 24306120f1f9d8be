import { defineConfig } from 'vitest/config';

// One run over every package, app and grader: one summary line for .ci/run to read.
export default defineConfig({
  test: {
    // Each project is a folder with its own vitest.config.ts (graders/ also holds the project's default
    // assignment, graders/pitboss.json, which is no project).
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'graders/*/vitest.config.ts'],
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
  },
});
