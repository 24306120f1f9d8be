import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// solution/ and the student-style fixtures are laid out as submissions: grading stages the provided
// files beside them, and here their sibling imports of those files resolve to their sources.
const PROVIDED: Readonly<Record<string, string>> = {
  card: here('../../packages/straights/src/card.ts'),
  rand: here('../../packages/straights/src/rand.ts'),
  table: here('../../packages/straights/src/table.ts'),
};
const SUBMISSIONS = [here('./solution/'), here('../../fixtures/submissions/straights/')];

export default defineProject({
  plugins: [
    {
      name: 'provided-files',
      enforce: 'pre',
      resolveId(source, importer) {
        if (importer === undefined || !SUBMISSIONS.some((dir) => importer.startsWith(dir))) return null;
        const name = /^\.\/(\w+?)(\.js|\.ts)?$/.exec(source)?.[1];
        return name === undefined ? null : (PROVIDED[name] ?? null);
      },
    },
  ],
  // solution/tests/ holds the solution's own acceptance tests (node:test), graded as a student's are.
  test: { name: 'grader-straights', exclude: [...configDefaults.exclude, 'solution/tests/**'] },
});
