// Where the project is, wherever the grader runs from (its sources, or the built dist/ at the same depth).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
