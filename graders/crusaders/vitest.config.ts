import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// solution/ is laid out as a submission: grading stages the provided files beside it, and here its
// sibling imports of them resolve to their sources.
const PROVIDED: Readonly<Record<string, string>> = {
  card: here('../../packages/deck/src/card.ts'),
  rand: here('../../packages/deck/src/rand.ts'),
  team: here('../../packages/player/src/team.ts'),
  contract: here('../blackjack-kit/provided/contract.ts'),
  characters: here('./provided/characters.ts'),
};
const SOLUTION = here('./solution/');

export default defineProject({
  plugins: [
    {
      name: 'provided-files',
      enforce: 'pre',
      resolveId(source, importer) {
        if (importer === undefined || !importer.startsWith(SOLUTION)) return null;
        const name = /^\.\/(\w+?)(\.js|\.ts)?$/.exec(source)?.[1];
        return name === undefined ? null : (PROVIDED[name] ?? null);
      },
    },
  ],
  test: { name: 'grader-crusaders' },
});
