import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The bin a user runs (it imports the bundle that test/build-cli.ts has just built). */
export const CLI = join(REPO_ROOT, 'packages/straights/bin/straights.mjs');
