// The Blackjack class's unit tests in the C++ edition: each a script of calls of its public methods on
// a stacked deck, run by the grader's harness (harness-cpp/harness.cpp) linked with the student's
// classes, and judged by the harness's whole output against the oracle's (oracle.ts) played on the same
// script. The harness only makes the calls and prints what they printed and returned; the expected
// text is computed here, in the grader's process.
import { type Card, Spot } from '@pitboss/deck';
import type { GameEvent, GameEvents, TranscriptCase } from '@pitboss/grader/kit';
import { TableOracle } from './oracle.ts';
import { c, deckWith, stackFor } from './suites/table.ts';

/** The group of the harness's cases: `transcript.unit.own:unit_<name>.calls`. */
export const UNIT_GROUP = 'unit';

/** A card as the harness reads it: the course's Rank (Ace 1 .. King 13) and Suit numbers. */
const courseCard = (card: Card) => `${card.spot === Spot.ACE ? 1 : card.spot + 2}.${card.suit}`;

interface Seat {
  name: string;
  funds: number;
  bet: number;
  cards: readonly Card[];
}

/** One round on a stacked deck: bets, the deal, the hands shown, each player's hits, the dealer. */
function round(seats: readonly Seat[], dealer: readonly Card[], after: readonly string[]): string[] {
  // The deck is stacked before the table is made: a Deck the class holds from its constructor is stacked too.
  return [
    `deck ${stackFor(
      seats.map((seat) => seat.cards),
      dealer,
    )
      .map(courseCard)
      .join(' ')}`,
    `players ${seats.map((seat) => `${seat.name} ${seat.funds}`).join(' ')}`,
    ...seats.map((seat, p) => `bet ${p} ${seat.bet}`),
    'deal',
    ...seats.map((_, p) => `hand ${p}`),
    'dealer',
    ...seats.flatMap((seat, p) => Array.from({ length: seat.cards.length - 2 }, () => `hit ${p}`)),
    ...after,
  ];
}

const settleAll = (seats: readonly Seat[]) => [
  'dealerplay',
  ...seats.flatMap((_, p) => [`settle ${p}`, `funds ${p}`]),
];

const seat = (name: string, funds: number, bet: number, ...cards: Card[]): Seat => ({
  name,
  funds,
  bet,
  cards,
});

/** The unit tests: what each tests, and its script. */
export const UNIT_SCRIPTS: readonly { name: string; about: string; lines: readonly string[] }[] = [
  {
    name: 'set-player-bet',
    about:
      'SetPlayerBet refuses a bet above the funds and keeps the bet placed before; all the funds and $0 are legal',
    lines: (() => {
      const seats = [
        seat('Ann', 50, 20, c('10', 'Hearts'), c('9', 'Hearts')),
        seat('Bob', 0, 0, c('5', 'Clubs'), c('6', 'Clubs')),
      ];
      return round(
        seats,
        [c('10', 'Spades'), c('7', 'Spades')],
        ['bet 0 51', 'bet 1 1', 'bet 0 50', 'bet 0 20', 'bet 0 60', 'bet 1 0', ...settleAll(seats)],
      );
    })(),
  },
  {
    name: 'hit-player-bust',
    about:
      'HitPlayer prints the card dealt and says whether the hand went over 21 (an Ace counts 1 when 11 busts)',
    lines: (() => {
      const seats = [
        seat('Ann', 100, 10, c('10', 'Hearts'), c('6', 'Hearts'), c('King', 'Clubs')),
        seat('Bob', 100, 10, c('Ace', 'Clubs'), c('6', 'Clubs'), c('9', 'Diamonds'), c('5', 'Spades')),
      ];
      return round(seats, [c('10', 'Spades'), c('8', 'Spades')], ['hand 0', 'hand 1']);
    })(),
  },
  {
    name: 'hit-player-already-bust',
    about: 'HitPlayer on a player already over 21 deals no card and says the hand is bust',
    lines: (() => {
      const seats = [seat('Ann', 100, 10, c('10', 'Hearts'), c('6', 'Hearts'), c('Queen', 'Clubs'))];
      return round(seats, [c('10', 'Spades'), c('8', 'Spades')], ['hit 0', 'hand 0', ...settleAll(seats)]);
    })(),
  },
  {
    name: 'settle-player-bet',
    about:
      "SettlePlayerBet moves the funds: a higher total wins the bet, a lower one loses it, the same total ties whatever the cards' count, a blackjack and a 21 of three cards win",
    lines: (() => {
      const seats = [
        seat('Ann', 100, 10, c('10', 'Hearts'), c('9', 'Hearts')),
        seat('Bob', 100, 20, c('10', 'Clubs'), c('5', 'Clubs')),
        seat('Cy', 100, 30, c('5', 'Diamonds'), c('4', 'Diamonds'), c('9', 'Diamonds')),
        seat('Dee', 100, 40, c('Ace', 'Hearts'), c('King', 'Hearts')),
        seat('Eve', 100, 50, c('7', 'Clubs'), c('7', 'Hearts'), c('7', 'Spades')),
      ];
      return round(seats, [c('10', 'Spades'), c('8', 'Spades')], settleAll(seats));
    })(),
  },
  {
    name: 'settle-bust-when-dealer-busts',
    about:
      'SettlePlayerBet: a player over 21 loses the bet even when the dealer busts too; one who stayed wins',
    lines: (() => {
      const seats = [
        seat('Ann', 100, 10, c('10', 'Hearts'), c('6', 'Hearts'), c('9', 'Clubs')),
        seat('Bob', 100, 20, c('10', 'Clubs'), c('2', 'Clubs')),
      ];
      return round(seats, [c('10', 'Spades'), c('6', 'Spades'), c('King', 'Diamonds')], settleAll(seats));
    })(),
  },
  {
    name: 'settle-blackjack-tie',
    about:
      "SettlePlayerBet: a blackjack against the dealer's blackjack is a tie; a 21 of three cards loses to it",
    lines: (() => {
      const seats = [
        seat('Ann', 100, 10, c('Ace', 'Hearts'), c('Jack', 'Hearts')),
        seat('Bob', 100, 20, c('7', 'Clubs'), c('7', 'Hearts'), c('7', 'Diamonds')),
      ];
      return round(seats, [c('Ace', 'Spades'), c('Queen', 'Spades')], settleAll(seats));
    })(),
  },
  {
    name: 'new-deal-order',
    about:
      'NewDeal deals one card to each player in seat order, one to the dealer, then again; a second deal starts a fresh deck',
    lines: (() => {
      const seats = [
        seat('Ann', 100, 0, c('2', 'Hearts'), c('3', 'Hearts')),
        seat('Bob', 100, 0, c('4', 'Clubs'), c('5', 'Clubs')),
        seat('Cy', 100, 0, c('6', 'Diamonds'), c('7', 'Diamonds')),
      ];
      return round(
        seats,
        [c('King', 'Spades'), c('Queen', 'Spades')],
        ['deal', 'hand 0', 'hand 2', 'dealer'],
      );
    })(),
  },
  {
    name: 'dealer-play',
    about:
      'DealerPlay hits at 16 or less and stays at 17 or more, a soft 17 too, printing each card and the total',
    lines: (() => {
      const seats = [seat('Ann', 100, 10, c('10', 'Hearts'), c('8', 'Hearts'))];
      return round(
        seats,
        [c('2', 'Spades'), c('3', 'Spades'), c('Ace', 'Diamonds'), c('Ace', 'Clubs')],
        settleAll(seats),
      );
    })(),
  },
];

/** The harness's cases: the word `unit` (cpp.ts runs them by the harness) and the script on its stdin. */
export const unitCases: readonly TranscriptCase[] = UNIT_SCRIPTS.map((script) => ({
  group: UNIT_GROUP,
  words: ['unit'],
  input: `${script.name}.calls`,
  stdin: `${script.lines.join('\n')}\n`,
}));

export const isUnitCase = (transcriptCase: TranscriptCase) => transcriptCase.group === UNIT_GROUP;

const NUMBERS_OF_CARDS: readonly Card[] = deckWith([]);

/** A card from the harness's words `<rank>.<suit>`. */
function cardOf(word: string): Card {
  const [rank, suit] = word.split('.').map(Number) as [number, number];
  const spot = rank === 1 ? Spot.ACE : ((rank - 2) as Spot);
  const card = NUMBERS_OF_CARDS.find((each) => each.spot === spot && each.suit === suit);
  if (card === undefined) throw new Error(`a unit script names no card: ${word}`);
  return card;
}

/** What the harness prints for a script when the class is the reference's: the oracle, call by call. */
export function unitExpected(transcriptCase: TranscriptCase): string {
  let table: TableOracle | undefined;
  let stacked: readonly Card[] = [];
  let text = '';
  for (const line of (transcriptCase.stdin ?? '').split('\n')) {
    const [call, ...args] = line.split(' ');
    if (call === undefined || call === '') continue;
    text += `> ${line}\n`;
    const p = Number(args[0]);
    if (call === 'players') {
      const names = args.filter((_, i) => i % 2 === 0);
      table = new TableOracle(names);
      for (const [i] of names.entries()) table.setFunds(i, Number(args[2 * i + 1]));
      table.stack(stacked);
    } else if (call === 'deck') {
      stacked = args.map(cardOf);
      table?.stack(stacked);
    } else if (call === 'bet') text += `= ${table!.setBet(p, Number(args[1]))}\n`;
    else if (call === 'deal') table!.newDeal();
    else if (call === 'hand') text += `${table!.outputPlayerHand(p)}\n`;
    else if (call === 'dealer') text += `${table!.outputDealerHand()}\n`;
    else if (call === 'hit') {
      // The handout's precondition: a hand already over 21 is dealt nothing.
      if (table!.standing(p) === 'busted') text += '= true\n';
      else {
        const hit = table!.hitPlayer(p);
        text += `${hit.text}= ${hit.busted}\n`;
      }
    } else if (call === 'dealerplay') text += table!.dealerPlay();
    else if (call === 'settle') text += table!.settle(p);
    else if (call === 'funds') text += `= ${table!.funds(p)}\n`;
  }
  return `${text}end\n`;
}
