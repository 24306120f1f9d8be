import { defineConfig } from 'vitest/config';

// One run over every package, app and grader: one summary line for .ci/run to read.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'graders/*'],
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
  },
});
