import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'driver', globalSetup: ['test/build-cli.ts'] } });
