// The course's main() (provided: do not edit; grading replaces it with this copy): the game, played
// through the Blackjack class's public methods, reading the players' words from stdin.
//
//   main [--seed <n>] <name> <funds> [<name> <funds> ...]      (1 to 7 players, in seat order)
//
// Who prints what: main prints every prompt, the headers of the turns, the player's name before a
// hand, the blank lines between the parts of a round, `Illegal bet--changing to $0`, `Busted!` after
// a player's hit, the funds and "Another round?"; the Blackjack class prints, through the `write` it
// was given, what only it knows: the cards of a hand (outputPlayerHand, outputDealerHand: no line
// ending), the card a hit deals (hitPlayer: a line), the dealer's whole turn after its header
// (dealerPlay) and the settling of each bet (settlePlayerBet: a line). Input is not echoed: after
// each word read, main ends the prompt's line.
import { readSync, writeSync } from 'node:fs';
import { Blackjack } from './blackjack';
import { seedShuffles } from './deck';

/** The players' words, one at a time, read from stdin only as far as the game asks. */
function wordsFromStdin(): () => string | undefined {
  const buffer = Buffer.alloc(1 << 16);
  const decoder = new TextDecoder('utf-8');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const ready: string[] = [];
  let partial = '';
  let ended = false;
  const readMore = (): void => {
    let bytes: number;
    try {
      bytes = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 5);
        return;
      }
      if (code === 'EINTR') return;
      bytes = 0;
    }
    const text =
      partial +
      (bytes === 0 ? decoder.decode() : decoder.decode(buffer.subarray(0, bytes), { stream: true }));
    const words = text.split(/[ \t\n\v\f\r]+/);
    partial = bytes === 0 ? '' : words.pop()!;
    ready.push(...words.filter((word) => word !== ''));
    if (bytes === 0) ended = true;
  };
  return () => {
    while (ready.length === 0 && !ended) readMore();
    return ready.shift();
  };
}

/** Everything printed, held until the next read (so a prompt is seen before its answer) or the end. */
let pending = '';
const write = (text: string): void => {
  pending += text;
};
function flush(): void {
  const bytes = Buffer.from(pending);
  pending = '';
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let offset = 0; offset < bytes.length; ) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

function main(args: readonly string[]): void {
  let words = [...args];
  let seed = Date.now() >>> 0;
  if (words[0] === '--seed') {
    seed = Number(words[1]);
    words = words.slice(2);
  }
  const names: string[] = [];
  const funds: number[] = [];
  for (let i = 0; i + 1 < words.length; i += 2) {
    names.push(words[i]!);
    funds.push(Number(words[i + 1]));
  }
  seedShuffles(seed);

  const nextWord = wordsFromStdin();
  /** Prints the prompt, reads the answer (undefined once the input has ended), then ends the line. */
  const ask = (prompt: string): string | undefined => {
    write(prompt);
    flush();
    const word = nextWord();
    write('\n');
    return word;
  };

  const game = new Blackjack(names, write);
  for (let p = 0; p < game.getNumPlayers(); p++) game.setPlayerFunds(p, funds[p]!);

  write('Welcome to CMSC 202 Blackjack!\n');
  let round = 0;
  let again: string | undefined;
  do {
    round++;
    write(`\nRound ${round}:\n`);
    for (let p = 0; p < game.getNumPlayers(); p++) {
      const word = ask(`How much does ${game.getPlayerName(p)} bet? `);
      // A bet is a whole number of dollars; anything else (or the end of the input) is illegal.
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
        const play = ask(`${name}'s play: `);
        if (play === undefined || !/^[hH]/.test(play)) break;
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
}

try {
  main(process.argv.slice(2));
} finally {
  // What was printed before a throw still comes out, before the error on stderr.
  flush();
}
