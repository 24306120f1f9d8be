// What `pitboss init --rules crusaders` writes for a student: stubs that compile and throw, one
// example acceptance test, and what the folder needs to run that test on its own.

const notImplemented = "throw new Error('not implemented');";

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
  player: `import type { Character, PlayerType } from './contract';
import type { Team } from './team';

/**
 * The member \`id\` (1 to 5) of the team facing \`dealerTeam\`, playing as their character does
 * (Koizumi Itzuki and Mohammed Avdol as \`playerType\` says): one instance per character, returned
 * by every call.
 */
export function getPlayer(dealerTeam: Team, playerType: PlayerType, id: number): Character {
  ${notImplemented}
}
`,
  blackjack: `// The driver: blackjack <bankroll> <hands> <simple|counting> <sc|sos>, transcript on stdout.
import { Deck } from './deck';
import { Hand } from './hand';
import { getPlayer } from './player';
import { getCut } from './rand';

${notImplemented}
`,
};

const exampleTest = `// An acceptance test, one behaviour per file: Suzumiya Haruhi is brave and bets double the
// minimum, even when her bankroll cannot cover it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getPlayer } from '../player';

test('Haruhi (the first player when Stardust Crusaders deal) bets 10 from a bankroll of 5', () => {
  const haruhi = getPlayer('sc', 'simple', 1);
  assert.equal(haruhi.getName(), 'Suzumiya Haruhi');
  assert.equal(haruhi.bet(5, 5), 10);
});
`;

const packageJson = `${JSON.stringify(
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

const tsconfig = `${JSON.stringify(
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

const readme = `# Blackjack submission: SOS Brigade vs Stardust Crusaders

Write \`deck.ts\`, \`hand.ts\`, \`player.ts\` and \`blackjack.ts\`. Do not edit \`card.ts\`, \`rand.ts\`,
\`team.ts\` or \`contract.ts\`: they are replaced by pristine copies before grading.

- \`pitboss check <this folder>\` (from the Pitboss repo: \`pnpm --silent pitboss check <this folder>\`) runs the
  visible tests and tells you what fails, with the smallest example it found and a replay id.
- \`npm install\` here once, then \`npm test\` runs your own acceptance tests in \`tests/\` (one behaviour per
  file, with \`node:test\` and \`node:assert\`), and \`npm run blackjack -- 100 3 simple sc\` runs your driver.
`;

export const starterFiles: Readonly<Record<string, string>> = {
  'tests/player.haruhi-bets-double.test.ts': exampleTest,
  'package.json': packageJson,
  'tsconfig.json': tsconfig,
  'README.md': readme,
  'pitboss.json': `${JSON.stringify({ rules: 'crusaders' }, null, 2)}\n`,
};
