import { defineProject } from 'vitest/config';

// Pure functions and properties, no child process and no shared state: one thread runs every file
// (vitest's threads pool, without a fresh module graph per file).
export default defineProject({ test: { name: 'hand', pool: 'threads', isolate: false } });
