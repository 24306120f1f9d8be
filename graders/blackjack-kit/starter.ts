// What `pitboss init` writes for a student of any Blackjack edition: stubs that compile and throw, and
// what the folder needs to run its own tests on its own. An edition adds its player.ts and blackjack.ts
// stubs, its example acceptance test and its README's first paragraph.

import { STARTER_TSCONFIG } from '@pitboss/grader/kit';

/** The body of every stub method: compiles, and throws when used. */
export const notImplemented = "throw new Error('not implemented');";

/** The stubs every edition shares: the deck and the hand are the same ADTs everywhere. */
export const stubs = {
  deck: `import type { Card } from './card';
import type { DeckADT } from './contract';

export class Deck implements DeckADT {
  reset(): void {
    ${notImplemented}
  }

  shuffle(n: number): void {
    ${notImplemented}
  }

  deal(): Card {
    ${notImplemented}
  }

  cardsLeft(): number {
    ${notImplemented}
  }
}
`,
  hand: `import type { Card } from './card';
import type { HandADT, HandValue } from './contract';

export class Hand implements HandADT {
  discardAll(): void {
    ${notImplemented}
  }

  addCard(card: Card): void {
    ${notImplemented}
  }

  handValue(): HandValue {
    ${notImplemented}
  }
}
`,
};

/** player.ts of the one-player editions (classic, minbet): the Simple and the Counting player. */
export const simpleAndCountingStub = `import type { Card } from './card';
import type { HandADT, Player } from './contract';

/** The Simple player: one instance, returned by every call. */
export function getSimple(): Player {
  ${notImplemented}
}

/** The Counting player: one instance, returned by every call. */
export function getCounting(): Player {
  ${notImplemented}
}
`;

/** blackjack.ts: the driver, run with `words`, importing `playerFactories` from player.ts. */
export const driverStub = (
  words: string,
  playerFactories: string,
) => `// The driver: blackjack ${words}, transcript on stdout.
import { Deck } from './deck';
import { Hand } from './hand';
import { ${playerFactories} } from './player';
import { getCut } from './rand';

${notImplemented}
`;

/** player.ts and blackjack.ts of a one-player edition whose driver is run with `words`. */
export const simpleAndCountingStubs = (words: string) => ({
  player: simpleAndCountingStub,
  blackjack: driverStub(words, 'getCounting, getSimple'),
});

/** What a submission folder needs to run its own tests and its driver (every assignment's). */
export const packageJson = `${JSON.stringify(
  {
    name: 'blackjack-submission',
    private: true,
    type: 'module',
    scripts: {
      blackjack: 'tsx blackjack.ts',
      test: 'tsx --test tests/*.test.ts',
    },
    devDependencies: { '@types/node': '^20.19.0', tsx: '^4.20.0', typescript: '~5.9.3' },
  },
  null,
  2,
)}\n`;

export const tsconfig = STARTER_TSCONFIG;

export interface Starter {
  /** The rule set `pitboss.json` names. */
  rules: string;
  /** The example acceptance test: its path under tests/ and its text. */
  exampleTest: readonly [path: string, text: string];
  /** The README's title and first paragraph (what to write, what not to edit), without a final newline. */
  readmeIntro: string;
  /** The driver's words for `npm run blackjack -- <words>`. */
  exampleWords: string;
}

/** The files `pitboss init` writes besides the provided files and the stubs. */
export function starterFiles(starter: Starter): Readonly<Record<string, string>> {
  const readme = `${starter.readmeIntro}

- \`pitboss check <this folder>\` (from the Pitboss repo: \`pnpm --silent pitboss check <this folder>\`) runs the
  visible tests and tells you what fails, with the smallest example it found and a replay id.
- \`npm install\` here once, then \`npm test\` runs your own acceptance tests in \`tests/\` (one behaviour per
  file, with \`node:test\` and \`node:assert\`), and \`npm run blackjack -- ${starter.exampleWords}\` runs your driver.
`;
  const [testPath, testText] = starter.exampleTest;
  return {
    [testPath]: testText,
    'package.json': packageJson,
    'tsconfig.json': tsconfig,
    'README.md': readme,
    'pitboss.json': `${JSON.stringify({ rules: starter.rules }, null, 2)}\n`,
  };
}
