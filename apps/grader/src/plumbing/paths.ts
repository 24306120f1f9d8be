// Where the project is, wherever the grader runs from: its sources (src/plumbing/) or the built
// dist/pitboss.mjs, which lies a folder nearer the root.
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, basename(here) === 'dist' ? '../../..' : '../../../..');
