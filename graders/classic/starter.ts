// What `pitboss init` writes for a student: stubs that compile and throw, one example acceptance test,
// and what the folder needs to run that test on its own.

/** The body of every stub method: compiles, and throws when used. */
export const notImplemented = "throw new Error('not implemented');";

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
  player: `import type { Card } from './card';
import type { HandADT, Player } from './contract';

/** The Simple player: one instance, returned by every call. */
export function getSimple(): Player {
  ${notImplemented}
}

/** The Counting player: one instance, returned by every call. */
export function getCounting(): Player {
  ${notImplemented}
}
`,
  blackjack: `// The driver: blackjack <bankroll> <hands> <simple|counting>, transcript on stdout.
import { Deck } from './deck';
import { Hand } from './hand';
import { getCounting, getSimple } from './player';
import { getCut } from './rand';

${notImplemented}
`,
};

const exampleTest = `// An acceptance test, one behaviour per file, as the course's example.cpp:
// deal a card, shuffle(26), and the dealt card is back in the deck, second.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Spot, Suit } from '../card';
import { Deck } from '../deck';

test('shuffle(26) after a deal puts the dealt card back: Two of Spades comes second', () => {
  const deck = new Deck();
  assert.deepEqual(deck.deal(), { spot: Spot.TWO, suit: Suit.SPADES });
  deck.shuffle(26);
  assert.deepEqual(deck.deal(), { spot: Spot.TWO, suit: Suit.CLUBS });
  assert.deepEqual(deck.deal(), { spot: Spot.TWO, suit: Suit.SPADES });
});
`;

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

export const tsconfig = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      types: ['node'],
    },
    include: ['*.ts', 'tests'],
  },
  null,
  2,
)}\n`;

const readme = `# Blackjack submission

Write \`deck.ts\`, \`hand.ts\`, \`player.ts\` and \`blackjack.ts\`. Do not edit \`card.ts\`, \`rand.ts\` or
\`contract.ts\`: they are replaced by pristine copies before grading.

- \`pitboss check <this folder>\` (from the Pitboss repo: \`pnpm --silent pitboss check <this folder>\`) runs the
  visible tests and tells you what fails, with the smallest example it found and a replay id.
- \`npm install\` here once, then \`npm test\` runs your own acceptance tests in \`tests/\` (one behaviour per
  file, with \`node:test\` and \`node:assert\`), and \`npm run blackjack -- 100 3 simple\` runs your driver.
`;

export const starterFiles: Readonly<Record<string, string>> = {
  'tests/deck.shuffle-returns-dealt-card.test.ts': exampleTest,
  'package.json': packageJson,
  'tsconfig.json': tsconfig,
  'README.md': readme,
  'pitboss.json': `${JSON.stringify({ rules: 'classic' }, null, 2)}\n`,
};
