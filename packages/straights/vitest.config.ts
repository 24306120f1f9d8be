import { defineProject } from 'vitest/config';

// Whole games per property and one process per transcript: seconds each, longer on a busy 2-core machine.
export default defineProject({
  test: { name: 'straights', globalSetup: ['test/build-cli.ts'], testTimeout: 120_000 },
});
