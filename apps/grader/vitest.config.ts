import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'grader',
    globalSetup: ['test/build-cli.ts'],
    // Most tests here grade a submission in sandboxed children: on a loaded two-core machine one grade
    // has taken 30 s. The limits are for a hung test, not a speed check (`pnpm bench` measures speed).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
