// What `pitboss init --rules minbet` writes for a student: the kit's stubs and files, the 2017 driver's
// words, and one example acceptance test.
import { starterFiles as kitStarterFiles, simpleAndCountingStubs } from '@pitboss/blackjack-kit/starter';

export const stubs = simpleAndCountingStubs('<bankroll> <min-bet> <hands> <simple|counting> [<cuts-file>]');

const exampleTest = `// An acceptance test, one behaviour per file: the Counting player doubles the minimum bet at a
// count of +2, but only with a bankroll that covers the double.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Spot, Suit } from '../card';
import { getCounting } from '../player';

test('after a Two and a Three, bet(19, 10) is 10 and bet(20, 10) is 20', () => {
  const player = getCounting();
  player.shuffled();
  player.expose({ spot: Spot.TWO, suit: Suit.HEARTS });
  player.expose({ spot: Spot.THREE, suit: Suit.CLUBS });
  assert.equal(player.bet(19, 10), 10);
  assert.equal(player.bet(20, 10), 20);
});
`;

export const starterFiles = kitStarterFiles({
  rules: 'minbet',
  exampleTest: ['tests/player.counting-doubles-with-cover.test.ts', exampleTest],
  readmeIntro: `# Blackjack submission: the 2017 edition (a minimum bet, announcements, a cuts file)

Write \`deck.ts\`, \`hand.ts\`, \`player.ts\` and \`blackjack.ts\`; the driver prints \`# \` before the lines
it announces and takes an optional file of cuts for its first shuffle. Do not edit \`card.ts\`,
\`rand.ts\` or \`contract.ts\`: they are replaced by pristine copies before grading.`,
  exampleWords: '100 5 3 simple',
});
