// Whole games played through the Blackjack class as the course's main() plays them (main.ts reads
// stdin; here the players' words are given), each printing exactly what the reference printed for the
// same seed and words (the course's sample games and edge cases). One game a test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Blackjack } from '../blackjack';
import { seedShuffles } from '../deck';

/** main()'s game, its words given: what it prints, the class's and its own lines together. */
function play(seed: number, table: string, input: string): string {
  const words = input.split(/\s+/).filter((word) => word !== '');
  const players = table.split(' ');
  let text = '';
  const write = (part: string) => {
    text += part;
  };
  const ask = (prompt: string): string | undefined => {
    write(prompt);
    const word = words.shift();
    write('\n');
    return word;
  };
  seedShuffles(seed);
  const names = players.filter((_, i) => i % 2 === 0);
  const game = new Blackjack(names, write);
  for (let p = 0; p < names.length; p++) game.setPlayerFunds(p, Number(players[2 * p + 1]));
  write('Welcome to CMSC 202 Blackjack!\n');
  let round = 0;
  let again: string | undefined;
  do {
    round++;
    write(`\nRound ${round}:\n`);
    for (let p = 0; p < game.getNumPlayers(); p++) {
      const word = ask(`How much does ${game.getPlayerName(p)} bet? `);
      const bet = word !== undefined && /^\+?\d+$/.test(word) ? Number(word) : undefined;
      if (bet === undefined || !game.setPlayerBet(p, bet)) {
        write('Illegal bet--changing to $0\n');
        game.setPlayerBet(p, 0);
      }
    }
    game.newDeal();
    write("The players' hands:\n");
    for (let p = 0; p < game.getNumPlayers(); p++) {
      write(`${game.getPlayerName(p)}: `);
      game.outputPlayerHand(p);
      write('\n');
    }
    write('Dealer: ');
    game.outputDealerHand();
    write('\n\n');
    for (let p = 0; p < game.getNumPlayers(); p++) {
      const name = game.getPlayerName(p);
      write(`>>${name}'s turn:\n`);
      for (;;) {
        write('Hand: ');
        game.outputPlayerHand(p);
        write('\n');
        const move = ask(`${name}'s play: `);
        if (move === undefined || !/^[hH]/.test(move)) break;
        if (game.hitPlayer(p)) {
          write('Busted!\n');
          break;
        }
      }
      write('\n');
    }
    write("Dealer's turn:\n");
    game.dealerPlay();
    for (let p = 0; p < game.getNumPlayers(); p++) game.settlePlayerBet(p);
    write('\n');
    for (let p = 0; p < game.getNumPlayers(); p++)
      write(`${game.getPlayerName(p)} now has $${game.getPlayerFunds(p)}\n`);
    write('\n');
    again = ask('Another round? ');
  } while (again !== undefined && /^[yY]/.test(again));
  write('\nGoodbye!\n');
  return text;
}

test('the handout game (seed 3, Joe 100 Sally 200) prints what the reference printed', () => {
  assert.equal(
    play(3, 'Joe 100 Sally 200', '10 20\nhit hit\nhit stay\nno\n'),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does Joe bet? \nHow much does Sally bet? \nThe players' hands:\nJoe: Ace of Spades, 10 of Spades\nSally: 8 of Clubs, 5 of Hearts\nDealer: 9 of Clubs, [hidden card]\n\n>>Joe's turn:\nHand: Ace of Spades, 10 of Spades\nJoe's play: \n5 of Diamonds\nHand: Ace of Spades, 10 of Spades, 5 of Diamonds\nJoe's play: \n10 of Clubs\nBusted!\n\n>>Sally's turn:\nHand: 8 of Clubs, 5 of Hearts\nSally's play: \n6 of Hearts\nHand: 8 of Clubs, 5 of Hearts, 6 of Hearts\nSally's play: \n\nDealer's turn:\nHand: 9 of Clubs, Ace of Diamonds\nDealer's play: stay\n\nDealer has 20\nJoe has busted--Dealer wins\nSally has 19--Dealer wins\n\nJoe now has $90\nSally now has $180\n\nAnother round? \n\nGoodbye!\n",
  );
});

test('the seven game (seed 1, A 10 B 20 C 30 D 40 E 50 F 60 G 70) prints what the reference printed', () => {
  assert.equal(
    play(
      1,
      'A 10 B 20 C 30 D 40 E 50 F 60 G 70',
      '1 2 3 4 5 6 7 stay stay stay hit stay stay hit stay hit stay y\n1 2 3 4 5 6 7 hit stay hit stay hit hit stay stay stay hit hit stay hit stay y\n1 2 3 4 5 6 7 stay hit stay hit hit stay stay hit stay stay n\n',
    ),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does A bet? \nHow much does B bet? \nHow much does C bet? \nHow much does D bet? \nHow much does E bet? \nHow much does F bet? \nHow much does G bet? \nThe players' hands:\nA: Jack of Spades, King of Hearts\nB: 10 of Diamonds, 8 of Diamonds\nC: 10 of Spades, 8 of Spades\nD: 9 of Hearts, 4 of Hearts\nE: Ace of Diamonds, 8 of Hearts\nF: King of Clubs, 3 of Hearts\nG: 2 of Clubs, 6 of Diamonds\nDealer: 3 of Diamonds, [hidden card]\n\n>>A's turn:\nHand: Jack of Spades, King of Hearts\nA's play: \n\n>>B's turn:\nHand: 10 of Diamonds, 8 of Diamonds\nB's play: \n\n>>C's turn:\nHand: 10 of Spades, 8 of Spades\nC's play: \n\n>>D's turn:\nHand: 9 of Hearts, 4 of Hearts\nD's play: \n5 of Diamonds\nHand: 9 of Hearts, 4 of Hearts, 5 of Diamonds\nD's play: \n\n>>E's turn:\nHand: Ace of Diamonds, 8 of Hearts\nE's play: \n\n>>F's turn:\nHand: King of Clubs, 3 of Hearts\nF's play: \n6 of Spades\nHand: King of Clubs, 3 of Hearts, 6 of Spades\nF's play: \n\n>>G's turn:\nHand: 2 of Clubs, 6 of Diamonds\nG's play: \nKing of Spades\nHand: 2 of Clubs, 6 of Diamonds, King of Spades\nG's play: \n\nDealer's turn:\nHand: 3 of Diamonds, Ace of Spades\nDealer's play: hit\n8 of Clubs\nHand: 3 of Diamonds, Ace of Spades, 8 of Clubs\nDealer's play: hit\n2 of Hearts\nHand: 3 of Diamonds, Ace of Spades, 8 of Clubs, 2 of Hearts\nDealer's play: hit\n7 of Clubs\nHand: 3 of Diamonds, Ace of Spades, 8 of Clubs, 2 of Hearts, 7 of Clubs\nDealer's play: stay\n\nDealer has 21\nA has 20--Dealer wins\nB has 18--Dealer wins\nC has 18--Dealer wins\nD has 18--Dealer wins\nE has 19--Dealer wins\nF has 19--Dealer wins\nG has 18--Dealer wins\n\nA now has $9\nB now has $18\nC now has $27\nD now has $36\nE now has $45\nF now has $54\nG now has $63\n\nAnother round? \n\nRound 2:\nHow much does A bet? \nHow much does B bet? \nHow much does C bet? \nHow much does D bet? \nHow much does E bet? \nHow much does F bet? \nHow much does G bet? \nThe players' hands:\nA: 9 of Diamonds, 5 of Spades\nB: 10 of Diamonds, 3 of Spades\nC: 6 of Hearts, 7 of Hearts\nD: Ace of Diamonds, 10 of Hearts\nE: Ace of Hearts, 6 of Diamonds\nF: 5 of Hearts, 4 of Clubs\nG: 10 of Clubs, 3 of Hearts\nDealer: Queen of Spades, [hidden card]\n\n>>A's turn:\nHand: 9 of Diamonds, 5 of Spades\nA's play: \n7 of Spades\nHand: 9 of Diamonds, 5 of Spades, 7 of Spades\nA's play: \n\n>>B's turn:\nHand: 10 of Diamonds, 3 of Spades\nB's play: \n7 of Clubs\nHand: 10 of Diamonds, 3 of Spades, 7 of Clubs\nB's play: \n\n>>C's turn:\nHand: 6 of Hearts, 7 of Hearts\nC's play: \nAce of Spades\nHand: 6 of Hearts, 7 of Hearts, Ace of Spades\nC's play: \n6 of Clubs\nHand: 6 of Hearts, 7 of Hearts, Ace of Spades, 6 of Clubs\nC's play: \n\n>>D's turn:\nHand: Ace of Diamonds, 10 of Hearts\nD's play: \n\n>>E's turn:\nHand: Ace of Hearts, 6 of Diamonds\nE's play: \n\n>>F's turn:\nHand: 5 of Hearts, 4 of Clubs\nF's play: \n2 of Hearts\nHand: 5 of Hearts, 4 of Clubs, 2 of Hearts\nF's play: \n10 of Spades\nHand: 5 of Hearts, 4 of Clubs, 2 of Hearts, 10 of Spades\nF's play: \n\n>>G's turn:\nHand: 10 of Clubs, 3 of Hearts\nG's play: \n6 of Spades\nHand: 10 of Clubs, 3 of Hearts, 6 of Spades\nG's play: \n\nDealer's turn:\nHand: Queen of Spades, Jack of Hearts\nDealer's play: stay\n\nDealer has 20\nA has 21--Dealer loses\nB has 20--Tie\nC has 20--Tie\nD has blackjack--Dealer loses\nE has 17--Dealer wins\nF has 21--Dealer loses\nG has 19--Dealer wins\n\nA now has $10\nB now has $18\nC now has $27\nD now has $40\nE now has $40\nF now has $60\nG now has $56\n\nAnother round? \n\nRound 3:\nHow much does A bet? \nHow much does B bet? \nHow much does C bet? \nHow much does D bet? \nHow much does E bet? \nHow much does F bet? \nHow much does G bet? \nThe players' hands:\nA: Queen of Diamonds, Ace of Diamonds\nB: 2 of Spades, 8 of Hearts\nC: 3 of Clubs, Ace of Hearts\nD: 5 of Diamonds, Ace of Spades\nE: 5 of Spades, 9 of Spades\nF: 7 of Clubs, Jack of Spades\nG: Jack of Clubs, 10 of Clubs\nDealer: 7 of Hearts, [hidden card]\n\n>>A's turn:\nHand: Queen of Diamonds, Ace of Diamonds\nA's play: \n\n>>B's turn:\nHand: 2 of Spades, 8 of Hearts\nB's play: \nQueen of Clubs\nHand: 2 of Spades, 8 of Hearts, Queen of Clubs\nB's play: \n\n>>C's turn:\nHand: 3 of Clubs, Ace of Hearts\nC's play: \nKing of Clubs\nHand: 3 of Clubs, Ace of Hearts, King of Clubs\nC's play: \n6 of Spades\nHand: 3 of Clubs, Ace of Hearts, King of Clubs, 6 of Spades\nC's play: \n\n>>D's turn:\nHand: 5 of Diamonds, Ace of Spades\nD's play: \n\n>>E's turn:\nHand: 5 of Spades, 9 of Spades\nE's play: \nQueen of Hearts\nBusted!\n\n>>F's turn:\nHand: 7 of Clubs, Jack of Spades\nF's play: \n\n>>G's turn:\nHand: Jack of Clubs, 10 of Clubs\nG's play: \n\nDealer's turn:\nHand: 7 of Hearts, King of Hearts\nDealer's play: stay\n\nDealer has 17\nA has blackjack--Dealer loses\nB has 20--Dealer loses\nC has 20--Dealer loses\nD has 16--Dealer wins\nE has busted--Dealer wins\nF has 17--Tie\nG has 20--Dealer loses\n\nA now has $11\nB now has $20\nC now has $30\nD now has $36\nE now has $35\nF now has $60\nG now has $63\n\nAnother round? \n\nGoodbye!\n",
  );
});

test('the dealer-blackjack game (seed 14, Ann 100 Bob 100) prints what the reference printed', () => {
  assert.equal(
    play(14, 'Ann 100 Bob 100', '10 10 hit hit hit hit n\n'),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does Ann bet? \nHow much does Bob bet? \nThe players' hands:\nAnn: 4 of Spades, Ace of Hearts\nBob: 3 of Hearts, 2 of Hearts\nDealer: Ace of Clubs, [hidden card]\n\n>>Ann's turn:\nHand: 4 of Spades, Ace of Hearts\nAnn's play: \nKing of Spades\nHand: 4 of Spades, Ace of Hearts, King of Spades\nAnn's play: \nJack of Hearts\nBusted!\n\n>>Bob's turn:\nHand: 3 of Hearts, 2 of Hearts\nBob's play: \n8 of Diamonds\nHand: 3 of Hearts, 2 of Hearts, 8 of Diamonds\nBob's play: \nKing of Hearts\nBusted!\n\nDealer's turn:\nHand: Ace of Clubs, 10 of Clubs\nDealer's play: stay\n\nDealer has blackjack\nAnn has busted--Dealer wins\nBob has busted--Dealer wins\n\nAnn now has $90\nBob now has $90\n\nAnother round? \n\nGoodbye!\n",
  );
});

test('the bust-vs-dealer-bust game (seed 8, Ann 100 Bob 100) prints what the reference printed', () => {
  assert.equal(
    play(8, 'Ann 100 Bob 100', '10 25 stay hit hit n\n'),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does Ann bet? \nHow much does Bob bet? \nThe players' hands:\nAnn: King of Hearts, King of Diamonds\nBob: 3 of Spades, 6 of Diamonds\nDealer: 3 of Clubs, [hidden card]\n\n>>Ann's turn:\nHand: King of Hearts, King of Diamonds\nAnn's play: \n\n>>Bob's turn:\nHand: 3 of Spades, 6 of Diamonds\nBob's play: \n7 of Hearts\nHand: 3 of Spades, 6 of Diamonds, 7 of Hearts\nBob's play: \nJack of Spades\nBusted!\n\nDealer's turn:\nHand: 3 of Clubs, Ace of Clubs\nDealer's play: hit\n10 of Hearts\nHand: 3 of Clubs, Ace of Clubs, 10 of Hearts\nDealer's play: hit\n9 of Hearts\nBusted!\n\nDealer has busted\nAnn has 20--Dealer loses\nBob has busted--Dealer wins\n\nAnn now has $110\nBob now has $75\n\nAnother round? \n\nGoodbye!\n",
  );
});

test('the tie game (seed 1, Ann 100 Bob 100 Cy 100) prints what the reference printed', () => {
  assert.equal(
    play(1, 'Ann 100 Bob 100 Cy 100', '10 10 10 stay stay hit n\n'),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does Ann bet? \nHow much does Bob bet? \nHow much does Cy bet? \nThe players' hands:\nAnn: Jack of Spades, Ace of Diamonds\nBob: 10 of Diamonds, King of Clubs\nCy: 10 of Spades, 2 of Clubs\nDealer: 9 of Hearts, [hidden card]\n\n>>Ann's turn:\nHand: Jack of Spades, Ace of Diamonds\nAnn's play: \n\n>>Bob's turn:\nHand: 10 of Diamonds, King of Clubs\nBob's play: \n\n>>Cy's turn:\nHand: 10 of Spades, 2 of Clubs\nCy's play: \nKing of Hearts\nBusted!\n\nDealer's turn:\nHand: 9 of Hearts, 3 of Diamonds\nDealer's play: hit\n8 of Diamonds\nHand: 9 of Hearts, 3 of Diamonds, 8 of Diamonds\nDealer's play: stay\n\nDealer has 20\nAnn has blackjack--Dealer loses\nBob has 20--Tie\nCy has busted--Dealer wins\n\nAnn now has $110\nBob now has $100\nCy now has $90\n\nAnother round? \n\nGoodbye!\n",
  );
});

test('the blackjack-tie game (seed 80, Ann 100 Bob 100) prints what the reference printed', () => {
  assert.equal(
    play(80, 'Ann 100 Bob 100', '10 10 stay hit stay n\n'),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does Ann bet? \nHow much does Bob bet? \nThe players' hands:\nAnn: Ace of Hearts, Jack of Clubs\nBob: King of Diamonds, 2 of Clubs\nDealer: 10 of Hearts, [hidden card]\n\n>>Ann's turn:\nHand: Ace of Hearts, Jack of Clubs\nAnn's play: \n\n>>Bob's turn:\nHand: King of Diamonds, 2 of Clubs\nBob's play: \n6 of Hearts\nHand: King of Diamonds, 2 of Clubs, 6 of Hearts\nBob's play: \n\nDealer's turn:\nHand: 10 of Hearts, Ace of Spades\nDealer's play: stay\n\nDealer has blackjack\nAnn has blackjack--Tie\nBob has 18--Dealer wins\n\nAnn now has $100\nBob now has $90\n\nAnother round? \n\nGoodbye!\n",
  );
});

test('the blackjack-beats-21 game (seed 35, Ann 100 Bob 100) prints what the reference printed', () => {
  assert.equal(
    play(35, 'Ann 100 Bob 100', '10 10 hit stay n\n'),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does Ann bet? \nHow much does Bob bet? \nThe players' hands:\nAnn: Jack of Clubs, 3 of Hearts\nBob: Ace of Spades, Jack of Spades\nDealer: King of Clubs, [hidden card]\n\n>>Ann's turn:\nHand: Jack of Clubs, 3 of Hearts\nAnn's play: \n10 of Spades\nBusted!\n\n>>Bob's turn:\nHand: Ace of Spades, Jack of Spades\nBob's play: \n\nDealer's turn:\nHand: King of Clubs, 2 of Diamonds\nDealer's play: hit\n9 of Diamonds\nHand: King of Clubs, 2 of Diamonds, 9 of Diamonds\nDealer's play: stay\n\nDealer has 21\nAnn has busted--Dealer wins\nBob has blackjack--Dealer loses\n\nAnn now has $90\nBob now has $110\n\nAnother round? \n\nGoodbye!\n",
  );
});

test('the illegal-bets game (seed 5, Ann 50 Bob 20 Cy 0) prints what the reference printed', () => {
  assert.equal(
    play(
      5,
      'Ann 50 Bob 20 Cy 0',
      '51 -5 ten\nstay stay stay\ny\n50 2.5 1\nstay stay stay\nyes\n+5 0x10 0\nstay stay stay\nn\n',
    ),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does Ann bet? \nIllegal bet--changing to $0\nHow much does Bob bet? \nIllegal bet--changing to $0\nHow much does Cy bet? \nIllegal bet--changing to $0\nThe players' hands:\nAnn: 7 of Clubs, Queen of Spades\nBob: 4 of Clubs, Jack of Spades\nCy: 10 of Diamonds, 10 of Hearts\nDealer: 8 of Spades, [hidden card]\n\n>>Ann's turn:\nHand: 7 of Clubs, Queen of Spades\nAnn's play: \n\n>>Bob's turn:\nHand: 4 of Clubs, Jack of Spades\nBob's play: \n\n>>Cy's turn:\nHand: 10 of Diamonds, 10 of Hearts\nCy's play: \n\nDealer's turn:\nHand: 8 of Spades, Ace of Clubs\nDealer's play: stay\n\nDealer has 19\nAnn has 17--Dealer wins\nBob has 14--Dealer wins\nCy has 20--Dealer loses\n\nAnn now has $50\nBob now has $20\nCy now has $0\n\nAnother round? \n\nRound 2:\nHow much does Ann bet? \nHow much does Bob bet? \nIllegal bet--changing to $0\nHow much does Cy bet? \nIllegal bet--changing to $0\nThe players' hands:\nAnn: 7 of Hearts, 8 of Spades\nBob: King of Diamonds, 2 of Diamonds\nCy: 9 of Spades, Jack of Hearts\nDealer: 3 of Spades, [hidden card]\n\n>>Ann's turn:\nHand: 7 of Hearts, 8 of Spades\nAnn's play: \n\n>>Bob's turn:\nHand: King of Diamonds, 2 of Diamonds\nBob's play: \n\n>>Cy's turn:\nHand: 9 of Spades, Jack of Hearts\nCy's play: \n\nDealer's turn:\nHand: 3 of Spades, 7 of Diamonds\nDealer's play: hit\nQueen of Spades\nHand: 3 of Spades, 7 of Diamonds, Queen of Spades\nDealer's play: stay\n\nDealer has 20\nAnn has 15--Dealer wins\nBob has 12--Dealer wins\nCy has 19--Dealer wins\n\nAnn now has $0\nBob now has $20\nCy now has $0\n\nAnother round? \n\nRound 3:\nHow much does Ann bet? \nIllegal bet--changing to $0\nHow much does Bob bet? \nIllegal bet--changing to $0\nHow much does Cy bet? \nThe players' hands:\nAnn: 10 of Hearts, Ace of Diamonds\nBob: 5 of Diamonds, 5 of Spades\nCy: 3 of Diamonds, Queen of Clubs\nDealer: 3 of Spades, [hidden card]\n\n>>Ann's turn:\nHand: 10 of Hearts, Ace of Diamonds\nAnn's play: \n\n>>Bob's turn:\nHand: 5 of Diamonds, 5 of Spades\nBob's play: \n\n>>Cy's turn:\nHand: 3 of Diamonds, Queen of Clubs\nCy's play: \n\nDealer's turn:\nHand: 3 of Spades, 6 of Hearts\nDealer's play: hit\nQueen of Diamonds\nHand: 3 of Spades, 6 of Hearts, Queen of Diamonds\nDealer's play: stay\n\nDealer has 19\nAnn has blackjack--Dealer loses\nBob has 10--Dealer wins\nCy has 13--Dealer wins\n\nAnn now has $0\nBob now has $20\nCy now has $0\n\nAnother round? \n\nGoodbye!\n",
  );
});

test('the zero-funds game (seed 6, Zed 0) prints what the reference printed', () => {
  assert.equal(
    play(6, 'Zed 0', '0\nhit stay\ny\n5\nstay\ny\n-0 0\nstay\nn\n'),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does Zed bet? \nThe players' hands:\nZed: Queen of Hearts, 2 of Hearts\nDealer: Ace of Clubs, [hidden card]\n\n>>Zed's turn:\nHand: Queen of Hearts, 2 of Hearts\nZed's play: \n9 of Spades\nHand: Queen of Hearts, 2 of Hearts, 9 of Spades\nZed's play: \n\nDealer's turn:\nHand: Ace of Clubs, 6 of Spades\nDealer's play: stay\n\nDealer has 17\nZed has 21--Dealer loses\n\nZed now has $0\n\nAnother round? \n\nRound 2:\nHow much does Zed bet? \nIllegal bet--changing to $0\nThe players' hands:\nZed: 10 of Hearts, 5 of Hearts\nDealer: 3 of Clubs, [hidden card]\n\n>>Zed's turn:\nHand: 10 of Hearts, 5 of Hearts\nZed's play: \n\nDealer's turn:\nHand: 3 of Clubs, 9 of Spades\nDealer's play: hit\n4 of Hearts\nHand: 3 of Clubs, 9 of Spades, 4 of Hearts\nDealer's play: hit\nAce of Spades\nHand: 3 of Clubs, 9 of Spades, 4 of Hearts, Ace of Spades\nDealer's play: stay\n\nDealer has 17\nZed has 15--Dealer wins\n\nZed now has $0\n\nAnother round? \n\nRound 3:\nHow much does Zed bet? \nIllegal bet--changing to $0\nThe players' hands:\nZed: King of Clubs, 5 of Spades\nDealer: 6 of Clubs, [hidden card]\n\n>>Zed's turn:\nHand: King of Clubs, 5 of Spades\nZed's play: \n\nDealer's turn:\nHand: 6 of Clubs, Jack of Spades\nDealer's play: hit\nAce of Clubs\nHand: 6 of Clubs, Jack of Spades, Ace of Clubs\nDealer's play: stay\n\nDealer has 17\nZed has 15--Dealer wins\n\nZed now has $0\n\nAnother round? \n\nGoodbye!\n",
  );
});

test('the words game (seed 12, Ann 100 Bob 100) prints what the reference printed', () => {
  assert.equal(
    play(
      12,
      'Ann 100 Bob 100',
      '7 8\nH stay\nhello S\nYes\n3 4\nHit Stay\nh nope\nY\n1 1\t\tstay\nstay\n\n  nope\n',
    ),
    "Welcome to CMSC 202 Blackjack!\n\nRound 1:\nHow much does Ann bet? \nHow much does Bob bet? \nThe players' hands:\nAnn: 7 of Spades, 6 of Hearts\nBob: King of Hearts, 9 of Hearts\nDealer: 3 of Diamonds, [hidden card]\n\n>>Ann's turn:\nHand: 7 of Spades, 6 of Hearts\nAnn's play: \n9 of Clubs\nBusted!\n\n>>Bob's turn:\nHand: King of Hearts, 9 of Hearts\nBob's play: \n\nDealer's turn:\nHand: 3 of Diamonds, Ace of Hearts\nDealer's play: hit\n2 of Spades\nHand: 3 of Diamonds, Ace of Hearts, 2 of Spades\nDealer's play: hit\n3 of Spades\nHand: 3 of Diamonds, Ace of Hearts, 2 of Spades, 3 of Spades\nDealer's play: stay\n\nDealer has 19\nAnn has busted--Dealer wins\nBob has 19--Tie\n\nAnn now has $93\nBob now has $100\n\nAnother round? \n\nGoodbye!\n",
  );
});
