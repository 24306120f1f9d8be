// The Blackjack class (blackjack.ts, and through it the student's own Hand and Player): every rule of
// SPEC section 8 that the class holds, each a test, played on a stacked deck through the class's
// public methods in main()'s order, and whole games of random bets, decks and plays against the oracle.
import type { Card } from '@pitboss/deck';
import { checkProperty, covers, runScripts, type Script, type UnitTest } from '@pitboss/grader/kit';
import fc from 'fast-check';
import { c, NEW_DECK, type RoundPlan, stackFor, TableScript } from './table.ts';

const FILE = 'blackjack.ts';

const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Joe', 'Sally'] as const;

/** A stacked round: who holds what, and what each bets. */
interface Scenario {
  players: { name: string; funds: number; bet: number; cards: readonly Card[] }[];
  dealer: readonly Card[];
}

/** One round of a scenario, each player hitting once per card beyond two. */
function scenarioScript(scenario: Scenario): Script {
  const { players } = scenario;
  const table = new TableScript(
    players.map((player) => player.name),
    players.map((player) => player.funds),
  );
  table.round({
    bets: players.map((player) => player.bet),
    deck: stackFor(
      players.map((player) => player.cards),
      scenario.dealer,
    ),
    hits: players.map((player) => player.cards.length - 2),
  });
  return table.script;
}

const scenarios =
  (list: readonly Scenario[]): UnitTest['run'] =>
  (t) =>
    runScripts(t, list.map(scenarioScript));

/** Ann alone, betting 10 of $100, against the dealer. */
const annAgainst = (cards: readonly Card[], dealer: readonly Card[], bet = 10): Scenario => ({
  players: [{ name: 'Ann', funds: 100, bet, cards }],
  dealer,
});

const deckArb: fc.Arbitrary<Card[]> = fc.shuffledSubarray([...NEW_DECK], { minLength: 52, maxLength: 52 });
const tableArb = fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 7 }).chain((names) =>
  fc.record({
    names: fc.constant(names),
    funds: fc.array(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 1000 })), {
      minLength: names.length,
      maxLength: names.length,
    }),
  }),
);

/** A bet as main() may pass it for funds: legal mostly, some above the funds or negative. */
const betArb = (funds: number): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: funds }) },
    { weight: 1, arbitrary: fc.integer({ min: funds + 1, max: funds + 50 }) },
    { weight: 1, arbitrary: fc.integer({ min: -50, max: -1 }) },
  );

const roundArb = (funds: readonly number[]): fc.Arbitrary<RoundPlan> =>
  fc.record({
    bets: fc.tuple(...funds.map(betArb)),
    deck: deckArb,
    hits: fc.array(fc.nat({ max: 4 }), { minLength: funds.length, maxLength: funds.length }),
  });

const betsArb = fc
  .record({ funds: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })), win: fc.boolean() })
  .chain(({ funds, win }) =>
    fc.record({
      funds: fc.constant(funds),
      win: fc.constant(win),
      legal: fc.oneof(fc.constant(funds), fc.constant(0), fc.integer({ min: 0, max: funds })),
      illegal: fc.oneof(
        fc.constant(funds + 1),
        fc.constant(-1),
        fc.integer({ min: funds + 1, max: funds + 1000 }),
        fc.integer({ min: -1000, max: -1 }),
      ),
    }),
  );

const roundsArb = tableArb.chain(({ names, funds }) =>
  fc.record({
    names: fc.constant(names),
    funds: fc.constant(funds),
    // The bets are drawn against the starting funds: some become illegal as the funds move.
    rounds: fc.array(roundArb(funds), { minLength: 1, maxLength: 3 }),
  }),
);

// In this order: the tests that never need the dealer to hold an Ace first, so that a dealer's turn that
// hangs on a soft hand (a common loop bug) costs only the tests that reach one.
export const blackjackTests: UnitTest[] = [
  {
    id: 'blackjack.players',
    name: 'The players: as many as named, their names in seat order, the funds each is given',
    file: FILE,
    run: (t) =>
      checkProperty(
        t,
        fc.record({
          names: fc.uniqueArray(fc.oneof(fc.constantFrom(...NAMES), fc.stringMatching(/^[!-~]{1,8}$/)), {
            minLength: 1,
            maxLength: 7,
          }),
          funds: fc.array(fc.nat({ max: 100_000 }), { minLength: 7, maxLength: 7 }),
        }),
        ({ names, funds }) => {
          const table = new TableScript(names, []);
          table.getNumPlayers();
          for (let p = 0; p < names.length; p++) table.getPlayerName(p);
          for (let p = 0; p < names.length; p++) table.setPlayerFunds(p, funds[p]!);
          for (let p = 0; p < names.length; p++) table.getPlayerFunds(p);
          return table.script;
        },
      ),
  },
  {
    id: 'blackjack.bets',
    name: "Bets: legal from 0 to the player's funds, all the funds too; above them or negative is illegal and changes nothing; betting moves no money",
    file: FILE,
    coverage: covers(betsArb, [
      {
        name: 'a bet of all the funds',
        floor: 10,
        reached: ({ funds, legal }) => legal === funds && funds > 0,
      },
      { name: 'a bet of 0', floor: 10, reached: ({ legal }) => legal === 0 },
      { name: 'a player with no funds', floor: 5, reached: ({ funds }) => funds === 0 },
      { name: 'one above the funds', floor: 10, reached: ({ funds, illegal }) => illegal === funds + 1 },
      { name: 'a bet of -1', floor: 10, reached: ({ illegal }) => illegal === -1 },
    ]),
    run: (t) =>
      checkProperty(t, betsArb, ({ funds, win, legal, illegal }) => {
        // Ann bets `legal`, then tries `illegal`: the legal bet stands, and the round settles it.
        const table = new TableScript(['Ann'], [funds]);
        table.setPlayerBet(0, legal, false);
        table.getPlayerFunds(0, 'betting moves no money: only settling does');
        table.setPlayerBet(0, illegal, false);
        table.getPlayerFunds(0, 'an illegal bet changes nothing');
        const ann = win ? [c('10', 'Clubs'), c('Queen', 'Hearts')] : [c('10', 'Clubs'), c('8', 'Hearts')];
        const dealer = win
          ? [c('10', 'Spades'), c('8', 'Diamonds')]
          : [c('10', 'Spades'), c('King', 'Diamonds')];
        table.stack(stackFor([ann], dealer));
        table.newDeal();
        table.dealerPlay();
        table.settlePlayerBet(0);
        return table.script;
      }),
  },
  {
    id: 'blackjack.deal',
    name: "The deal: a fresh deck; one card to each player in seat order, one to the dealer, then again; each hand printed as its cards, the dealer's with its second card hidden",
    file: FILE,
    run: (t) =>
      checkProperty(t, fc.record({ table: tableArb, deck: deckArb }), ({ table: { names, funds }, deck }) => {
        const table = new TableScript(names, funds);
        table.stack(deck);
        table.newDeal();
        for (let p = 0; p < names.length; p++) table.outputPlayerHand(p);
        table.outputDealerHand();
        return table.script;
      }),
  },
  {
    id: 'blackjack.hits',
    name: 'Hits: hitPlayer prints the card dealt on a line and says whether the hand went over 21; the hand then holds it (an Ace counts 11 unless that busts the hand)',
    file: FILE,
    run: (t) =>
      checkProperty(
        t,
        fc.record({
          table: tableArb,
          deck: deckArb,
          hits: fc.array(fc.nat({ max: 5 }), { minLength: 7, maxLength: 7 }),
        }),
        ({ table: { names, funds }, deck, hits }) => {
          const table = new TableScript(names, funds);
          table.stack(deck);
          table.newDeal();
          names.forEach((_, p) => {
            for (let hit = 0; hit < hits[p]!; hit++) if (table.hitPlayer(p)) break;
            table.outputPlayerHand(p);
          });
          return table.script;
        },
      ),
  },
  {
    id: 'blackjack.aces',
    name: 'Aces: an Ace counts 11 unless that busts the hand, then 1; at most one Ace counts 11',
    file: FILE,
    run: scenarios([
      annAgainst([c('Ace', 'Clubs'), c('Ace', 'Diamonds')], [c('10', 'Hearts'), c('7', 'Hearts')]),
      annAgainst(
        [c('Ace', 'Clubs'), c('Ace', 'Diamonds'), c('9', 'Clubs')],
        [c('10', 'Hearts'), c('7', 'Hearts')],
      ),
      annAgainst(
        [c('Ace', 'Clubs'), c('5', 'Clubs'), c('10', 'Diamonds')],
        [c('10', 'Hearts'), c('7', 'Hearts')],
      ),
      annAgainst(
        [c('Ace', 'Clubs'), c('6', 'Clubs'), c('Ace', 'Diamonds'), c('Ace', 'Spades')],
        [c('10', 'Hearts'), c('7', 'Hearts')],
      ),
      annAgainst(
        [c('9', 'Clubs'), c('Ace', 'Spades'), c('Ace', 'Diamonds')],
        [c('10', 'Hearts'), c('7', 'Hearts')],
      ),
      annAgainst(
        [c('Ace', 'Clubs'), c('Ace', 'Diamonds'), c('Ace', 'Hearts'), c('Ace', 'Spades'), c('7', 'Clubs')],
        [c('10', 'Hearts'), c('8', 'Hearts')],
      ),
    ]),
  },
  {
    id: 'blackjack.settle-totals',
    name: "Settling: the higher total wins, even money either way; the dealer's bust pays every player who did not bust",
    file: FILE,
    run: scenarios([
      annAgainst([c('10', 'Clubs'), c('Queen', 'Clubs')], [c('10', 'Hearts'), c('8', 'Hearts')]),
      annAgainst([c('10', 'Clubs'), c('8', 'Clubs')], [c('10', 'Hearts'), c('Queen', 'Hearts')]),
      annAgainst(
        [c('10', 'Clubs'), c('2', 'Clubs')],
        [c('10', 'Hearts'), c('6', 'Hearts'), c('9', 'Spades')],
        25,
      ),
      annAgainst(
        [c('5', 'Clubs'), c('2', 'Clubs'), c('4', 'Clubs'), c('King', 'Clubs')],
        [c('10', 'Hearts'), c('10', 'Spades')],
        37,
      ),
      annAgainst([c('9', 'Clubs'), c('8', 'Clubs')], [c('10', 'Hearts'), c('Queen', 'Hearts')], 100),
    ]),
  },
  {
    id: 'blackjack.settle-bust',
    name: 'Settling a bust: a player who busts loses the bet, even when the dealer busts too',
    file: FILE,
    run: scenarios([
      annAgainst(
        [c('10', 'Clubs'), c('6', 'Clubs'), c('King', 'Clubs')],
        [c('10', 'Hearts'), c('8', 'Hearts')],
      ),
      annAgainst(
        [c('10', 'Clubs'), c('6', 'Clubs'), c('King', 'Clubs')],
        [c('10', 'Hearts'), c('6', 'Hearts'), c('9', 'Spades')],
        40,
      ),
      {
        players: [
          {
            name: 'Ann',
            funds: 100,
            bet: 10,
            cards: [c('10', 'Clubs'), c('5', 'Clubs'), c('Queen', 'Clubs')],
          },
          { name: 'Bob', funds: 50, bet: 20, cards: [c('10', 'Diamonds'), c('7', 'Diamonds')] },
        ],
        dealer: [c('10', 'Hearts'), c('5', 'Hearts'), c('9', 'Spades')],
      },
    ]),
  },
  {
    id: 'blackjack.seats',
    name: 'Seven players: each settled on their own hand, in seat order, the funds of each moved by their own bet',
    file: FILE,
    run: scenarios([
      {
        players: [
          { name: 'A', funds: 10, bet: 1, cards: [c('10', 'Clubs'), c('9', 'Clubs')] },
          { name: 'B', funds: 20, bet: 2, cards: [c('Ace', 'Clubs'), c('Jack', 'Clubs')] },
          {
            name: 'C',
            funds: 30,
            bet: 3,
            cards: [c('10', 'Diamonds'), c('6', 'Diamonds'), c('King', 'Diamonds')],
          },
          { name: 'D', funds: 40, bet: 4, cards: [c('10', 'Hearts'), c('8', 'Hearts')] },
          { name: 'E', funds: 50, bet: 5, cards: [c('2', 'Clubs'), c('3', 'Clubs'), c('4', 'Clubs')] },
          { name: 'F', funds: 60, bet: 6, cards: [c('Ace', 'Diamonds'), c('7', 'Diamonds')] },
          { name: 'G', funds: 70, bet: 7, cards: [c('Queen', 'Hearts'), c('Ace', 'Hearts')] },
        ],
        dealer: [c('10', 'Spades'), c('8', 'Spades')],
      },
    ]),
  },
  {
    id: 'blackjack.dealer-17',
    name: "The dealer's turn: hits on 16 or less, stays on 17 or more, a soft 17 too; an Ace counts 11 unless that busts the hand; the dealer's blackjack, 21 and bust said as such",
    file: FILE,
    run: scenarios([
      // Hard 16 hits (and busts); hard 17 stays; a soft 17 (Ace, 6) stays; a soft 16 hits.
      annAgainst(
        [c('10', 'Clubs'), c('9', 'Clubs')],
        [c('10', 'Hearts'), c('6', 'Hearts'), c('King', 'Spades')],
      ),
      annAgainst([c('10', 'Clubs'), c('9', 'Clubs')], [c('10', 'Hearts'), c('7', 'Hearts')]),
      annAgainst([c('10', 'Clubs'), c('9', 'Clubs')], [c('Ace', 'Hearts'), c('6', 'Hearts')]),
      annAgainst([c('10', 'Clubs'), c('9', 'Clubs')], [c('6', 'Hearts'), c('Ace', 'Hearts')]),
      annAgainst(
        [c('10', 'Clubs'), c('9', 'Clubs')],
        [c('Ace', 'Hearts'), c('5', 'Hearts'), c('2', 'Spades')],
      ),
      // A soft 16 that must count its Ace as 1 after a hit: Ace, 5, 10 is 16, hit again.
      annAgainst(
        [c('10', 'Clubs'), c('9', 'Clubs')],
        [c('Ace', 'Hearts'), c('5', 'Hearts'), c('10', 'Spades'), c('4', 'Spades')],
      ),
      // Two Aces are 12; Ace, Ace, 9 is 21 with three cards.
      annAgainst(
        [c('10', 'Clubs'), c('9', 'Clubs')],
        [c('Ace', 'Hearts'), c('Ace', 'Spades'), c('9', 'Spades')],
      ),
      // The dealer's blackjack, and 2, 3 then five small cards.
      annAgainst([c('10', 'Clubs'), c('9', 'Clubs')], [c('Ace', 'Hearts'), c('King', 'Hearts')]),
      annAgainst(
        [c('10', 'Clubs'), c('9', 'Clubs')],
        [
          c('2', 'Hearts'),
          c('3', 'Hearts'),
          c('2', 'Spades'),
          c('3', 'Spades'),
          c('2', 'Diamonds'),
          c('4', 'Diamonds'),
          c('5', 'Diamonds'),
        ],
      ),
    ]),
  },
  {
    id: 'blackjack.settle-blackjack',
    name: "Settling a blackjack: two cards worth 21 beat any other 21 (even money); the dealer's blackjack beats a three-card 21",
    file: FILE,
    run: scenarios([
      annAgainst(
        [c('Ace', 'Clubs'), c('King', 'Clubs')],
        [c('7', 'Hearts'), c('4', 'Hearts'), c('10', 'Spades')],
      ),
      annAgainst([c('Queen', 'Clubs'), c('Ace', 'Clubs')], [c('10', 'Hearts'), c('9', 'Hearts')], 50),
      annAgainst(
        [c('7', 'Clubs'), c('4', 'Clubs'), c('10', 'Clubs')],
        [c('Ace', 'Hearts'), c('Jack', 'Hearts')],
      ),
      annAgainst(
        [c('Ace', 'Clubs'), c('5', 'Clubs'), c('5', 'Spades')],
        [c('10', 'Hearts'), c('Ace', 'Hearts')],
        30,
      ),
    ]),
  },
  {
    id: 'blackjack.settle-ties',
    name: 'Settling a tie: the same total, blackjack against blackjack included, moves no money',
    file: FILE,
    run: scenarios([
      annAgainst([c('10', 'Clubs'), c('8', 'Clubs')], [c('10', 'Hearts'), c('8', 'Hearts')]),
      annAgainst([c('Ace', 'Clubs'), c('King', 'Clubs')], [c('Ace', 'Hearts'), c('10', 'Hearts')]),
      annAgainst(
        [c('5', 'Clubs'), c('6', 'Clubs'), c('Jack', 'Clubs')],
        [c('10', 'Hearts'), c('4', 'Hearts'), c('7', 'Spades')],
      ),
      annAgainst([c('10', 'Clubs'), c('7', 'Clubs')], [c('Ace', 'Hearts'), c('6', 'Hearts')], 60),
    ]),
  },
  {
    id: 'blackjack.rounds',
    name: 'Whole games: rounds of random bets, decks and plays, each round on a fresh deck with fresh hands, the funds carried from round to round',
    file: FILE,
    coverage: covers(roundsArb, [
      { name: 'a full table (seven players)', floor: 5, reached: ({ names }) => names.length === 7 },
      { name: 'a lone player', floor: 5, reached: ({ names }) => names.length === 1 },
      { name: 'three rounds (funds carried twice)', floor: 20, reached: ({ rounds }) => rounds.length === 3 },
      {
        name: 'a bet above the funds it was drawn against',
        floor: 10,
        reached: ({ funds, rounds }) => rounds.some((round) => round.bets.some((bet, p) => bet > funds[p]!)),
      },
      {
        name: 'a negative bet',
        floor: 10,
        reached: ({ rounds }) => rounds.some((round) => round.bets.some((bet) => bet < 0)),
      },
    ]),
    run: (t) =>
      checkProperty(t, roundsArb, ({ names, funds, rounds }) => {
        const table = new TableScript(names, funds);
        for (const plan of rounds) table.round(plan);
        return table.script;
      }),
  },
];
