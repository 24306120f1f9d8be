// What `pitboss init --rules table` writes for a student: the Blackjack class's header as a stub (its
// public methods, each throwing until written), a Hand and a Player to design, and one example test.
import { starterFiles as kitStarterFiles, notImplemented, packageJson } from '@pitboss/blackjack-kit/starter';

export const stubs = {
  hand: `// A hand of cards. Its design is yours: what it keeps, what it offers the Blackjack class.
import type { Card } from './card';

export class Hand {
  add(card: Card): void {
    ${notImplemented}
  }
}
`,
  player: `// A player at the table. Its design is yours: a name, funds, a bet, a hand?
export class Player {}
`,
  blackjack: `// The table: the players and the dealer. main.ts calls these methods in the order of a round; print
// only through \`write\`.
import { Deck } from './deck';
import { Hand } from './hand';
import { Player } from './player';

export class Blackjack {
  constructor(names: readonly string[], write?: (text: string) => void) {
    ${notImplemented}
  }

  getNumPlayers(): number {
    ${notImplemented}
  }

  getPlayerName(p: number): string {
    ${notImplemented}
  }

  setPlayerFunds(p: number, funds: number): void {
    ${notImplemented}
  }

  getPlayerFunds(p: number): number {
    ${notImplemented}
  }

  /** False, and no change, when the bet is not a whole number from 0 to the player's funds. */
  setPlayerBet(p: number, bet: number): boolean {
    ${notImplemented}
  }

  /** A fresh deck, shuffled; two cards to each player and to the dealer. */
  newDeal(): void {
    ${notImplemented}
  }

  /** The player's cards, \`9 of Clubs, Ace of Hearts\` (no line ending). */
  outputPlayerHand(p: number): void {
    ${notImplemented}
  }

  /** The dealer's first card and \`[hidden card]\` (no line ending). */
  outputDealerHand(): void {
    ${notImplemented}
  }

  /** Deals the player a card and prints it on a line; true when the hand went over 21. */
  hitPlayer(p: number): boolean {
    ${notImplemented}
  }

  /** The dealer's turn, to \`Dealer has ...\`. */
  dealerPlay(): void {
    ${notImplemented}
  }

  /** One line settling the player's bet, and the funds moved. */
  settlePlayerBet(p: number): void {
    ${notImplemented}
  }
}
`,
};

const exampleTest = `// An acceptance test, one behaviour per file: a new table has its players in seat order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Blackjack } from '../blackjack';

test('a table of Joe and Sally seats Joe first', () => {
  const game = new Blackjack(['Joe', 'Sally'], () => {});
  assert.equal(game.getNumPlayers(), 2);
  assert.equal(game.getPlayerName(0), 'Joe');
  assert.equal(game.getPlayerName(1), 'Sally');
});
`;

const files = kitStarterFiles({
  rules: 'table',
  exampleTest: ['tests/blackjack.seats.test.ts', exampleTest],
  readmeIntro: `# Blackjack submission: CMSC 202's table (several players, over stdin)

Write \`blackjack.ts\` (the \`Blackjack\` class, its public methods as the stub declares them), \`hand.ts\` and
\`player.ts\` (their design is yours). Do not edit \`card.ts\`, \`deck.ts\` or \`main.ts\`: they are replaced by
pristine copies before grading. \`main.ts\` is the game: \`npm run blackjack -- --seed 3 Joe 100 Sally 200\`
plays it at your terminal.`,
  exampleWords: '--seed 3 Joe 100 Sally 200',
});

export const starterFiles: Readonly<Record<string, string>> = {
  ...files,
  // The game is main.ts, which drives the class.
  'package.json': packageJson.replace('tsx blackjack.ts', 'tsx main.ts'),
};
