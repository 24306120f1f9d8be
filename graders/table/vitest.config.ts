import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where a submission's sibling import of a provided file leads in the unit tests' stage. */
const STAGED: Readonly<Record<string, string>> = {
  card: here('./provided/card.ts'),
  deck: here('./stand-ins/deck.ts'),
};
const SUBMISSION = new Set([here('./solution'), here('./stand-ins')]);

// solution/ is laid out as a submission: its sibling imports of the provided files resolve as the unit
// tests stage them, the stacked deck (stand-ins/deck.ts) in the provided deck's place.
export default defineProject({
  // solution/tests/ holds the solution's own node:test acceptance tests, graded by pitboss, not vitest.
  test: { name: 'grader-table', include: ['test/**/*.test.ts'] },
  plugins: [
    {
      name: 'staged-siblings',
      enforce: 'pre',
      resolveId(source, importer) {
        if (importer === undefined || !SUBMISSION.has(dirname(importer))) return null;
        const sibling = /^\.\/(card|deck)(\.ts|\.js)?$/.exec(source);
        return sibling === null ? null : STAGED[sibling[1]!];
      },
    },
  ],
});
