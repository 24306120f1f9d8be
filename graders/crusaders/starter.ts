// What `pitboss init --rules crusaders` writes for a student: stubs that compile and throw, one
// example acceptance test, and what the folder needs to run that test on its own.

import {
  stubs as classicStubs,
  notImplemented,
  packageJson,
  tsconfig,
} from '@pitboss/grader-classic/starter';

export const stubs = {
  // The deck and the hand are the classic edition's.
  deck: classicStubs.deck,
  hand: classicStubs.hand,
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
