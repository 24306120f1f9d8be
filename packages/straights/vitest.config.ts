import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'straights', globalSetup: ['test/build-cli.ts'] } });
