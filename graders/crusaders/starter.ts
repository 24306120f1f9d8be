// What `pitboss init --rules crusaders` writes for a student: the kit's stubs and files, the roster's
// getPlayer, the crusaders driver's words, and one example acceptance test.
import { driverStub, starterFiles as kitStarterFiles, notImplemented } from '@pitboss/blackjack-kit/starter';

export const stubs = {
  player: `import type { Character, PlayerType } from './characters';
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
  blackjack: driverStub('<bankroll> <hands> <simple|counting> <sc|sos>', 'getPlayer'),
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

export const starterFiles = kitStarterFiles({
  rules: 'crusaders',
  exampleTest: ['tests/player.haruhi-bets-double.test.ts', exampleTest],
  readmeIntro: `# Blackjack submission: SOS Brigade vs Stardust Crusaders

Write \`deck.ts\`, \`hand.ts\`, \`player.ts\` and \`blackjack.ts\`. Do not edit \`card.ts\`, \`rand.ts\`,
\`team.ts\`, \`characters.ts\` or \`contract.ts\`: they are replaced by pristine copies before grading.`,
  exampleWords: '100 3 simple sc',
});
