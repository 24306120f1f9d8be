import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'grader', globalSetup: ['test/build-cli.ts'], testTimeout: 60_000 },
});
