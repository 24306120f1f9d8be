import { defineProject } from 'vitest/config';

// Properties play hundreds of whole games: seconds on a quiet machine, more on a CI runner sharing its
// cores, so a test gets a minute before it is called hung.
export default defineProject({
  test: { name: 'driver', globalSetup: ['test/build-cli.ts'], testTimeout: 60_000 },
});
