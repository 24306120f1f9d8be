import { readFileSync } from 'node:fs';
import { type Card, Mt19937, TABLE_DECK_ORDER, tableCardName } from '@pitboss/deck';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orphanFiles, readCaseFolders } from '../scripts/transcript-fixtures.ts';
import {
  findRuleSet,
  playLive,
  playTranscript,
  setUpLiveGame,
  type Transcript,
  wordsIn,
} from '../src/index.ts';
import { GRAMMAR, lineKinds, type Outcome, referee } from './table-referee.ts';

const table = findRuleSet('table');

interface Sitter {
  name: string;
  funds: bigint;
}

const commandWords = (players: readonly Sitter[]) => players.flatMap((p) => [p.name, `${p.funds}`]);

/** Far more than any game here prints: a game that goes on past it has not ended at the end of input. */
const MAX_TRANSCRIPT = 4_000_000;

/** Plays in-process as the CLI does (playLive), stopping a game that does not end. */
function play(
  players: readonly Sitter[],
  input: string,
  seed: number,
  openDeck?: () => { deal(): Card },
): Transcript {
  let text = '';
  const result = playLive(
    setUpLiveGame(table, commandWords(players), { seed, readFile: () => '' }),
    (chunk) => {
      text += chunk;
      if (text.length > MAX_TRANSCRIPT) throw new Error('the game did not end at the end of input');
    },
    wordsIn(input),
    openDeck === undefined ? {} : { equipment: { openDeck } },
  );
  return { ...result, text };
}

// A stacked deck: each round deals the next list of cards, top first, in the deal's order.
const CARD_BY_NAME = new Map(TABLE_DECK_ORDER.map((card) => [tableCardName(card), card]));
const cardNamed = (name: string): Card => {
  const card = CARD_BY_NAME.get(name);
  if (card === undefined) throw new Error(`no card named ${name}`);
  return card;
};
function stacked(...rounds: (readonly string[])[]): () => { deal(): Card } {
  let round = 0;
  return () => {
    // Round after round, the stacks in turn.
    const cards = rounds[round++ % rounds.length]!.map(cardNamed);
    let next = 0;
    return {
      deal: () => {
        const card = cards[next++];
        if (card === undefined) throw new Error('the stacked deck ran out');
        return card;
      },
    };
  };
}

// SPEC section 8's deck, written out from its words, and its shuffle: an independent model of the decks.
const NEW_DECK = ['Clubs', 'Diamonds', 'Hearts', 'Spades'].flatMap((suit) =>
  ['Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King'].map(
    (rank) => `${rank} of ${suit}`,
  ),
);
function modelDecks(seed: number): () => string[] {
  const twister = new Mt19937(seed);
  return () => {
    const deck = [...NEW_DECK];
    for (let i = deck.length - 1; i >= 1; i--) {
      const j = twister.next() % (i + 1);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    return deck;
  };
}

// ---------------------------------------------------------------------------------------------
// The handout's example game (seeds/004_...), as its terminal shows it: typed words echoed.

const HANDOUT = `% ./Proj2.out Joe 100 Sally 200
Welcome to CMSC 202 Blackjack!
Round 1:
How much does Joe bet? 10

How much does Sally bet? 20

The players' hands:
Joe: Ace of Diamonds, 10 of Clubs
Sally: 2 of Hearts, 4 of Clubs
Dealer: Ace of Spades, [hidden card]

>>Joe's turn:
Hand: Ace of Diamonds, 10 of Clubs
Joe's play: hit

7 of Hearts
Hand: Ace of Diamonds, 10 of Clubs, 7 of Hearts
Joe's play: hit

4 of Spades
Busted!

>>Sally's turn:
Hand: 2 of Hearts, 4 of Clubs
Sally's play: hit

9 of Hearts
Hand: 2 of Hearts, 4 of Clubs, 9 of Hearts
Sally's play: stay

Dealer's turn:
Hand: Ace of Spades, 7 of Spades
Dealer's play: stay

Dealer has 18
Joe has busted--Dealer wins
Sally has 15--Dealer wins

Joe now has $90
Sally now has $180

Another round? no

Goodbye!
%`;

/**
 * The handout's terminal as stdout alone: a prompt line loses the word typed after it, and the blank
 * line under it (the Enter typed, then the program's newline, made a blank line on the terminal).
 */
function stdoutOfTerminal(terminal: string): { command: string[]; typed: string[]; lines: string[] } {
  const [command, ...rest] = terminal.split('\n');
  const lines: string[] = [];
  const typed: string[] = [];
  for (let i = 0; i < rest.length - 1; i++) {
    const line = rest[i]!;
    // A player's play is a prompt; the dealer's (`Dealer's play: stay`) is printed.
    const prompt = /^(How much does \S+ bet\? |(?!Dealer's)\S+'s play: |Another round\? )(\S+)$/.exec(line);
    if (prompt === null) {
      lines.push(line);
      continue;
    }
    lines.push(prompt[1]!);
    typed.push(prompt[2]!);
    expect(rest[i + 1], `the blank line under ${JSON.stringify(line)}`).toBe('');
    i++;
  }
  expect(rest.at(-1)).toBe('%');
  // `% ./Proj2.out <words>`: the shell's prompt, the program, its words.
  return { command: command!.split(' ').slice(2), typed, lines };
}

describe('the handout example game', () => {
  it('replays line for line with its cards stacked, where SPEC section 8 adds three blank lines', () => {
    const { command, typed, lines } = stdoutOfTerminal(HANDOUT);
    expect(command).toEqual(['Joe', '100', 'Sally', '200']);
    expect(typed).toEqual(['10', '20', 'hit', 'hit', 'hit', 'stay', 'no']);
    // Deal order: Joe, Sally, the dealer's up card, Joe, Sally, the hole card; then the hits in turn.
    const deck = stacked([
      'Ace of Diamonds',
      '2 of Hearts',
      'Ace of Spades',
      '10 of Clubs',
      '4 of Clubs',
      '7 of Spades',
      '7 of Hearts',
      '4 of Spades',
      '9 of Hearts',
    ]);
    const { text } = playTranscript(table, command, {
      seed: 0,
      input: typed.join('\n'),
      equipment: { openDeck: deck },
    });
    // Where the handout's terminal shows fewer blank lines than the course's main() prints, section 8
    // wins: each round opens with `\nRound <k>:`, a turn ends with `\n`, and the game with `\n\nGoodbye!`.
    const expected = [...lines];
    for (const before of ['Round 1:', "Dealer's turn:", 'Goodbye!'])
      expected.splice(expected.indexOf(before), 0, '');
    expect(text.split('\n')).toEqual([...expected, '']);
  });

  it('passes the referee, whose grammar every line matches', () => {
    const { command, typed } = stdoutOfTerminal(HANDOUT);
    const deck = stacked([
      'Ace of Diamonds',
      '2 of Hearts',
      'Ace of Spades',
      '10 of Clubs',
      '4 of Clubs',
      '7 of Spades',
      '7 of Hearts',
      '4 of Spades',
      '9 of Hearts',
    ]);
    const { text } = playTranscript(table, command, {
      seed: 0,
      input: typed.join(' '),
      equipment: { openDeck: deck },
    });
    const report = referee(
      text,
      [
        { name: 'Joe', funds: 100n },
        { name: 'Sally', funds: 200n },
      ],
      typed,
    );
    expect(report.rounds[0]?.fundsAfter).toEqual([90n, 180n]);
  });
});

// ---------------------------------------------------------------------------------------------
// Random seeds, random players, random input scripts.

const seedArb = fc.nat({ max: 0xffffffff });
// Any word: punctuation, digits and `$` included, as the grammar must take them.
const nameArb = fc.stringMatching(/^[A-Za-z0-9'!$:._+-]{1,8}$/);
const fundsArb = fc.oneof(
  fc.constant(0n),
  fc.bigInt({ min: 0n, max: 100n }),
  fc.bigInt({ min: 0n, max: 10n ** 20n }),
);
const playersArb: fc.Arbitrary<Sitter[]> = fc.array(fc.record({ name: nameArb, funds: fundsArb }), {
  minLength: 1,
  maxLength: 7,
});
const legalLookingBetArb = fc.oneof(
  fc.nat({ max: 120 }).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 21n }).map(String),
  fc.nat({ max: 99 }).map((n) => `+${n}`),
  fc.nat({ max: 99 }).map((n) => `00${n}`),
);
const illegalBetArb = fc.oneof(
  fc.integer({ min: -1000, max: -1 }).map(String),
  fc.constantFrom('ten', '1.5', '0x10', '1e2', '-0', '$5', 'five', '٣', '+-1', '++1', '5$'),
  fc.nat({ max: 50 }).map((n) => `${n}.0`),
);
const betWordArb = fc.oneof(legalLookingBetArb, illegalBetArb);
const playWordArb = fc.constantFrom(
  'hit',
  'h',
  'H',
  'Hit',
  'HIT',
  'hello',
  'stay',
  's',
  'S',
  'x',
  'no',
  'yes',
  '?',
);
const answerWordArb = fc.constantFrom('y', 'Y', 'yes', 'Yes', 'yup', 'n', 'N', 'no', 'nope', 'hit', '0');
const anyWordArb = fc.stringMatching(/^\S{1,6}$/);
const separatorArb = fc.constantFrom(' ', '\n', '\t', '\r\n', '  \n\n', '\v', '\f');

/** A round as a player might type it: the bets, some plays, an answer, most often yes. */
const roundWordsArb = (players: number) =>
  fc
    .tuple(
      fc.array(betWordArb, { minLength: players, maxLength: players }),
      fc.array(playWordArb, { maxLength: 3 * players }),
      fc.oneof({ weight: 3, arbitrary: fc.constant('y') }, { weight: 1, arbitrary: answerWordArb }),
    )
    .map(([bets, plays, answer]) => [...bets, ...plays, answer]);

const scriptArb = (players: number): fc.Arbitrary<string[]> =>
  fc.oneof(
    fc.array(fc.oneof(betWordArb, playWordArb, answerWordArb, anyWordArb), { maxLength: 80 }),
    fc.array(roundWordsArb(players), { maxLength: 6 }).map((rounds) => rounds.flat()),
  );

interface Game {
  seed: number;
  players: Sitter[];
  words: string[];
  /** The words as typed: any whitespace between them, before and after. */
  input: string;
}

const gameArb: fc.Arbitrary<Game> = fc.tuple(seedArb, playersArb).chain(([seed, players]) =>
  scriptArb(players.length).chain((words) =>
    fc.array(separatorArb, { minLength: words.length + 1, maxLength: words.length + 1 }).map((gaps) => ({
      seed,
      players,
      words,
      input: gaps.map((gap, i) => gap + (words[i] ?? '')).join(''),
    })),
  ),
);

const playGame = (game: Game): Transcript => play(game.players, game.input, game.seed);

describe('table games over random seeds, players and input scripts', () => {
  it('every output line matches the section 8 grammar', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const lines = playGame(game).text.split('\n');
        expect(lines.pop()).toBe('');
        for (const line of lines) expect(lineKinds(line), JSON.stringify(line)).not.toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('the transcript is the game section 8 describes, line by line, dealt from a fresh seeded Fisher-Yates deck each round', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        referee(playGame(game).text, game.players, game.words, { nextDeck: modelDecks(game.seed) });
      }),
      { numRuns: 200 },
    );
  });

  it('money is conserved every round: what the players win, the dealer pays (settle lines against funds lines)', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const report = referee(playGame(game).text, game.players, game.words);
        for (const round of report.rounds) expect(round.playersNet + round.dealerNet).toBe(0n);
      }),
      { numRuns: 200 },
    );
  });

  it('the game always ends at the end of input, with Goodbye!, having read only words typed, in order', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { text, handsPlayed } = playGame(game);
        expect(text.endsWith('\nAnother round? \n\nGoodbye!\n')).toBe(true);
        const report = referee(text, game.players, game.words);
        expect(report.rounds).toHaveLength(handsPlayed);
        expect(report.wordsRead).toBeLessThanOrEqual(game.words.length);
        // Each round after the first was asked for by a word beginning y or Y.
        expect(handsPlayed - 1).toBeLessThanOrEqual(game.words.filter((word) => /^[yY]/.test(word)).length);
        if (report.endedByInput) expect(report.wordsRead).toBe(game.words.length);
      }),
      { numRuns: 200 },
    );
  });

  it('with no input at all, every bet is illegal, every player stays, and the game ends after one round', () => {
    fc.assert(
      fc.property(seedArb, playersArb, (seed, players) => {
        const { text, handsPlayed } = play(players, '', seed);
        expect(handsPlayed).toBe(1);
        const report = referee(text, players, []);
        expect(report.rounds[0]!.illegal.every(Boolean)).toBe(true);
        expect(report.rounds[0]!.fundsAfter).toEqual(players.map((p) => p.funds));
        // Every card printed on a line of its own is the dealer's: no player hit.
        expect(text.split('\n').filter((line) => GRAMMAR.card.test(line))).toEqual(
          report.rounds[0]!.dealt.slice(2 * players.length + 2),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('funds never go negative', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        for (const [, funds] of playGame(game).text.matchAll(/ now has \$(-?\d+)$/gm)) {
          expect(BigInt(funds!)).toBeGreaterThanOrEqual(0n);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('an illegal bet becomes $0: the notice follows the prompt and the funds do not move that round', () => {
    const illegalRoundsArb = fc
      .tuple(seedArb, playersArb)
      .chain(([seed, players]) =>
        fc
          .array(
            fc.tuple(
              fc.array(illegalBetArb, { minLength: players.length, maxLength: players.length }),
              fc.array(playWordArb, { maxLength: 2 * players.length }),
            ),
            { minLength: 1, maxLength: 4 },
          )
          .map((rounds) => ({ seed, players, rounds })),
      );
    fc.assert(
      fc.property(illegalRoundsArb, ({ seed, players, rounds }) => {
        // Plays are typed as stays here, so every word lands where it is meant: bets, stays, yes.
        const words = rounds.flatMap(([bets]) => [...bets, ...players.map(() => 'stay'), 'y']);
        const { text } = play(players, words.join(' '), seed);
        const report = referee(text, players, words);
        expect(report.rounds.length).toBeGreaterThanOrEqual(rounds.length);
        for (const round of report.rounds.slice(0, rounds.length)) {
          expect(round.illegal.every(Boolean)).toBe(true);
          expect(round.bets.every((bet) => bet === 0n)).toBe(true);
          expect(round.fundsAfter).toEqual(players.map((p) => p.funds));
        }
        const notices = text.match(/\? \nIllegal bet--changing to \$0\n/g) ?? [];
        expect(notices.length).toBeGreaterThanOrEqual(rounds.length * players.length);
      }),
      { numRuns: 150 },
    );
  });

  it('a player with $0 is asked every round, and only a bet of 0 is legal', () => {
    fc.assert(
      fc.property(seedArb, fc.array(betWordArb, { minLength: 1, maxLength: 5 }), (seed, bets) => {
        const words = bets.flatMap((bet) => [bet, 'stay', 'y']);
        const { text } = play([{ name: 'Zed', funds: 0n }], words.join(' '), seed);
        const report = referee(text, [{ name: 'Zed', funds: 0n }], words);
        expect(report.rounds.length).toBeGreaterThanOrEqual(bets.length);
        bets.forEach((bet, r) => {
          expect(report.rounds[r]!.illegal[0]).toBe(!/^\+?0+$/.test(bet));
          expect(report.rounds[r]!.fundsAfter).toEqual([0n]);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('the same seed and input give the same transcript; another seed, another deal', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        expect(playGame(game).text).toBe(playGame(game).text);
        const first = (seed: number) => modelDecks(seed)().slice(0, 4);
        fc.pre(first(game.seed).join() !== first(game.seed ^ 1).join());
        expect(playGame({ ...game, seed: game.seed ^ 1 }).text).not.toBe(playGame(game).text);
      }),
      { numRuns: 50 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Stacked decks: every way a bet is settled.

const ANN_BOB: Sitter[] = [
  { name: 'Ann', funds: 100n },
  { name: 'Bob', funds: 100n },
];

/** Deal order for two players: Ann, Bob, dealer up, Ann, Bob, hole; then Ann's hits, Bob's, the dealer's. */
const SETTLES: readonly {
  outcome: string;
  deal: string[];
  input: string;
  settles: [string, string];
  funds: [bigint, bigint];
  reaches: Outcome[];
}[] = [
  {
    outcome: 'a bust loses even to a dealer bust; a stay wins against it',
    deal: [
      '10 of Clubs',
      '10 of Diamonds',
      '10 of Hearts',
      '6 of Clubs',
      '8 of Diamonds',
      '6 of Hearts',
    ].concat(['9 of Clubs', '10 of Spades']),
    input: '5 7 hit stay n',
    settles: ['Ann has busted--Dealer wins', 'Bob has 18--Dealer loses'],
    funds: [95n, 107n],
    reaches: ['busted', 'bustLosesToDealerBust', 'dealerBusts', 'dealerWins', 'dealerLoses'],
  },
  {
    outcome: 'the higher total wins either way',
    deal: ['10 of Clubs', '10 of Diamonds', '10 of Hearts', '9 of Clubs', '7 of Diamonds', '8 of Hearts'],
    input: '5 7 stay stay n',
    settles: ['Ann has 19--Dealer loses', 'Bob has 17--Dealer wins'],
    funds: [105n, 93n],
    reaches: ['dealerWins', 'dealerLoses'],
  },
  {
    outcome: 'the same total ties; a hard 17 stands',
    deal: ['10 of Clubs', 'King of Diamonds', '10 of Hearts', '8 of Clubs', '7 of Diamonds', '7 of Hearts'],
    input: '5 7 stay stay n',
    settles: ['Ann has 18--Dealer loses', 'Bob has 17--Tie'],
    funds: [105n, 100n],
    reaches: ['tie', 'dealerLoses'],
  },
  {
    outcome: "a blackjack beats the dealer's three-card 21, at even money",
    deal: [
      'Ace of Clubs',
      '10 of Diamonds',
      '5 of Hearts',
      'King of Clubs',
      '9 of Diamonds',
      '6 of Hearts',
    ].concat(['Queen of Spades']),
    input: '10 7 stay stay n',
    settles: ['Ann has blackjack--Dealer loses', 'Bob has 19--Dealer wins'],
    funds: [110n, 93n],
    reaches: ['blackjackBeats21', 'dealerLoses', 'dealerWins'],
  },
  {
    outcome: 'blackjack against blackjack ties; a blackjack beats 20',
    deal: [
      'Ace of Clubs',
      '10 of Diamonds',
      'Ace of Hearts',
      'King of Clubs',
      'Jack of Diamonds',
      'Queen of Hearts',
    ],
    input: '10 7 stay stay n',
    settles: ['Ann has blackjack--Tie', 'Bob has 20--Dealer wins'],
    funds: [100n, 93n],
    reaches: ['blackjackTie', 'tie', 'dealerBlackjack', 'dealerWins'],
  },
  {
    outcome: "a dealer's blackjack beats a player's three-card 21; a soft 17 stands",
    deal: [
      '7 of Clubs',
      'Ace of Diamonds',
      'Ace of Hearts',
      '7 of Diamonds',
      '6 of Diamonds',
      'Jack of Hearts',
    ].concat(['7 of Spades']),
    input: '10 7 hit stay stay n',
    settles: ['Ann has 21--Dealer wins', 'Bob has 17--Dealer wins'],
    funds: [90n, 93n],
    reaches: ['dealerBlackjack', 'dealerWins'],
  },
];

describe('stacked decks reach every settle outcome', () => {
  it.each(SETTLES)('$outcome', ({ deal, input, settles, funds, reaches }) => {
    const { text } = play(ANN_BOB, input, 0, stacked(deal));
    const lines = text.split('\n');
    const settled = lines.findIndex((line) => line.startsWith('Ann has '));
    expect(lines.slice(settled, settled + 2)).toEqual(settles);
    const report = referee(text, ANN_BOB, input.split(' '));
    expect(report.rounds[0]!.fundsAfter).toEqual(funds);
    for (const outcome of reaches) expect(report.outcomes).toContain(outcome);
  });

  it('between them, the stacks reach every outcome the referee knows', () => {
    const reached = new Set(SETTLES.flatMap((s) => s.reaches));
    expect([...reached].sort()).toEqual(
      [
        'busted',
        'dealerWins',
        'dealerLoses',
        'tie',
        'blackjackBeats21',
        'bustLosesToDealerBust',
        'blackjackTie',
        'dealerBlackjack',
        'dealerBusts',
      ].sort(),
    );
  });

  it('a player is asked even holding a blackjack, and may hit it (the handout: Ace, 10, 7 is 18)', () => {
    const deal = [
      'Ace of Diamonds',
      '2 of Hearts',
      'Ace of Spades',
      '10 of Clubs',
      '4 of Clubs',
      '7 of Spades',
    ];
    const { text } = play(ANN_BOB, '0 0 hit stay stay n', 0, stacked([...deal, '7 of Hearts']));
    expect(text).toContain(
      "Hand: Ace of Diamonds, 10 of Clubs\nAnn's play: \n7 of Hearts\nHand: Ace of Diamonds, 10 of Clubs, 7 of Hearts\n",
    );
    expect(text).toContain('Ann has 18--Tie');
  });

  it('random whole decks stacked, with random input: the referee accepts every game', () => {
    const deckArb = fc.shuffledSubarray(NEW_DECK, { minLength: 52, maxLength: 52 });
    fc.assert(
      fc.property(gameArb, fc.array(deckArb, { minLength: 1, maxLength: 7 }), (game, decks) => {
        let round = 0;
        const nextDeck = () => decks[round++ % decks.length]!;
        const { text } = play(game.players, game.input, game.seed, stacked(...decks));
        referee(text, game.players, game.words, { nextDeck });
      }),
      { numRuns: 100 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The golden transcripts (fixtures/transcripts/table), read by the same referee.

describe('the table golden transcripts', () => {
  const cases = readCaseFolders().filter((c) => c.rules === 'table');
  const reports = cases.map((c) => {
    const seedAt = c.words.indexOf('--seed');
    const seed = Number(c.words[seedAt + 1]);
    const rest = c.words.filter((_, i) => i !== seedAt && i !== seedAt + 1);
    const players = Array.from({ length: rest.length / 2 }, (_, i) => ({
      name: rest[2 * i]!,
      funds: BigInt(rest[2 * i + 1]!),
    }));
    const input = readFileSync(c.stdin!, 'utf8');
    return { c, seed, players, input, text: readFileSync(c.file, 'utf8') };
  });

  it('every case carries a seed and a stdin file, and no file is left over', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
    for (const { c, seed } of reports) {
      expect(Number.isInteger(seed), c.file).toBe(true);
      expect(c.stdin, c.file).toBeDefined();
    }
    expect(orphanFiles(cases)).toEqual([]);
  });

  it('each is the game section 8 describes, dealt from its seed, and is what the reference plays in-process', () => {
    for (const { c, seed, players, input, text } of reports) {
      referee(text, players, input.split(/[ \t\n\v\f\r]+/).filter(Boolean), { nextDeck: modelDecks(seed) });
      expect(play(players, input, seed).text, c.file).toBe(text);
    }
  });

  it('between them they hold every settle outcome, illegal bets, $0, seven players, 50 rounds and input ending mid-round', () => {
    const outcomes = new Set<Outcome>();
    let illegal = 0;
    let longest = 0;
    let seats = 0;
    let cutShort = 0;
    for (const { players, input, text } of reports) {
      const words = input.split(/[ \t\n\v\f\r]+/).filter(Boolean);
      const report = referee(text, players, words);
      for (const outcome of report.outcomes) outcomes.add(outcome);
      illegal += report.rounds.flatMap((r) => r.illegal).filter(Boolean).length;
      longest = Math.max(longest, report.rounds.length);
      seats = Math.max(seats, players.length);
      // The input ran out before the last "Another round?" was asked: more questions than words, and one more.
      const asked = text
        .split('\n')
        .filter((line) => /^(?:askBet|askPlay|askAnotherRound)$/.test(lineKinds(line).join()));
      if (asked.length > words.length + 1) cutShort++;
      if (players.some((p) => p.funds === 0n)) expect(text).toMatch(/How much does \S+ bet\? \n/);
    }
    expect([...outcomes].sort()).toEqual(
      [
        'busted',
        'dealerWins',
        'dealerLoses',
        'tie',
        'blackjackBeats21',
        'bustLosesToDealerBust',
        'blackjackTie',
        'dealerBlackjack',
        'dealerBusts',
      ].sort(),
    );
    expect(illegal).toBeGreaterThanOrEqual(10);
    expect(longest).toBe(50);
    expect(seats).toBe(7);
    expect(cutShort).toBeGreaterThanOrEqual(3);
    expect(reports.some((r) => r.players.some((p) => p.funds === 0n))).toBe(true);
  });
});
