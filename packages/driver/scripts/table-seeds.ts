// Finds a seed that deals what a `table` golden case needs, rather than stacking the deck: plays
// seed after seed in-process, typing for the players as a simple strategy would, until the transcript
// matches every --want pattern; prints the seed and the command line, and writes the words typed.
//
//   tsx packages/driver/scripts/table-seeds.ts --players "Ann 100 Bob 100" --want "^Dealer has blackjack$" \
//     [--rounds 1] [--bets "10 20"] [--stand 17] [--from 1] [--tries 100000] [--out <file.in>]
//
// --rounds: answers yes to "Another round?" until that many rounds are played; --bets: each player's
// bet, in seat order (default 10); --stand: a player hits below this total (a blackjack always stays).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { splitWords } from '../src/input.ts';
import { playLive, setUpLiveGame } from '../src/play.ts';
import { findRuleSet } from '../src/rules/index.ts';

const { values } = parseArgs({
  options: {
    players: { type: 'string' },
    want: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '1' },
    bets: { type: 'string', default: '' },
    stand: { type: 'string', default: '17' },
    from: { type: 'string', default: '1' },
    tries: { type: 'string', default: '100000' },
    out: { type: 'string' },
  },
});
if (values.players === undefined) {
  process.stderr.write('table-seeds: --players "<name> <funds> ..." is required\n');
  process.exit(2);
}

const table = findRuleSet('table');
const playerWords = splitWords(values.players);
const names = playerWords.filter((_, i) => i % 2 === 0);
const bets = splitWords(values.bets);
const rounds = Number(values.rounds);
const stand = Number(values.stand);
const wanted = values.want.map((pattern) => new RegExp(pattern, 'm'));

// The table's values, read back from a printed hand: ranks 2..10 their number, faces 10, an Ace 11 unless that busts.
const handTotal = (line: string): { total: number; blackjack: boolean } => {
  const ranks = line
    .replace(/^Hand: /, '')
    .split(', ')
    .map((card) => card.split(' of ')[0]!);
  let total = 0;
  let aces = 0;
  for (const rank of ranks) {
    if (rank === 'Ace') aces++;
    else total += /^\d+$/.test(rank) ? Number(rank) : 10;
  }
  total += aces;
  if (aces > 0 && total + 10 <= 21) total += 10;
  return { total, blackjack: ranks.length === 2 && total === 21 };
};

/** Plays one seed; returns the transcript and every word typed. */
function play(seed: number): { text: string; typed: string[] } {
  let text = '';
  const typed: string[] = [];
  let betsPlaced = 0;
  let roundsPlayed = 0;
  const answer = (): string => {
    if (text.endsWith(' bet? ')) return bets[betsPlaced++ % names.length] ?? '10';
    if (text.endsWith("'s play: ")) {
      const hand = handTotal(text.slice(text.lastIndexOf('Hand: ')).split('\n')[0]!);
      return hand.total < stand && !hand.blackjack ? 'hit' : 'stay';
    }
    roundsPlayed++;
    return roundsPlayed < rounds ? 'y' : 'n';
  };
  playLive(
    setUpLiveGame(table, playerWords, { seed, readFile: () => '' }),
    (chunk) => {
      text += chunk;
    },
    {
      nextWord: () => {
        const word = answer();
        typed.push(word);
        return word;
      },
    },
  );
  return { text, typed };
}

const from = Number(values.from);
for (let seed = from; seed < from + Number(values.tries); seed++) {
  const { text, typed } = play(seed);
  if (!wanted.every((pattern) => pattern.test(text))) continue;
  console.log(`seed ${seed}: --seed ${seed} ${playerWords.join(' ')}`);
  if (values.out !== undefined) {
    // One round's words a line: the bets, the plays, the answer to "Another round?".
    const lines: string[] = [];
    let line: string[] = [];
    for (const word of typed) {
      line.push(word);
      if (word === 'y' || word === 'n') {
        lines.push(line.join(' '));
        line = [];
      }
    }
    writeFileSync(values.out, `${lines.join('\n')}\n`);
    console.log(`wrote ${values.out}`);
  }
  process.exit(0);
}
console.log('no seed found');
process.exitCode = 1;
