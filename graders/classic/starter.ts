// What `pitboss init` writes for a classic student: the kit's stubs and files, the classic driver's
// words, and one example acceptance test.
import { starterFiles as kitStarterFiles, simpleAndCountingStubs } from '@pitboss/blackjack-kit/starter';

export const stubs = simpleAndCountingStubs('<bankroll> <hands> <simple|counting>');

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

export const starterFiles = kitStarterFiles({
  rules: 'classic',
  exampleTest: ['tests/deck.shuffle-returns-dealt-card.test.ts', exampleTest],
  readmeIntro: `# Blackjack submission

Write \`deck.ts\`, \`hand.ts\`, \`player.ts\` and \`blackjack.ts\`. Do not edit \`card.ts\`, \`rand.ts\` or
\`contract.ts\`: they are replaced by pristine copies before grading.`,
  exampleWords: '100 3 simple',
});
