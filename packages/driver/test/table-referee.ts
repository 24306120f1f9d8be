// A referee for `table` transcripts, written from SPEC section 8 alone: given the command line's
// players, the words typed and the transcript, it walks the transcript line by line, saying what
// each line must be, and keeps its own score (cards, totals, bets, verdicts, funds). It shares no
// code with the reference beyond the test's imports of nothing from src/.
import { expect } from 'vitest';

// Section 8's output grammar, one regex a line kind.
const RANK = '(?:[2-9]|10|Jack|Queen|King|Ace)';
const SUIT = '(?:Clubs|Diamonds|Hearts|Spades)';
const CARD = `${RANK} of ${SUIT}`;
export const GRAMMAR = {
  welcome: /^Welcome to CMSC 202 Blackjack!$/,
  blank: /^$/,
  round: /^Round [1-9]\d*:$/,
  askBet: /^How much does \S+ bet\? $/,
  illegalBet: /^Illegal bet--changing to \$0$/,
  playersHands: /^The players' hands:$/,
  playerHand: new RegExp(`^\\S+: ${CARD}, ${CARD}$`),
  dealerShows: new RegExp(`^Dealer: ${CARD}, \\[hidden card\\]$`),
  turn: /^>>\S+'s turn:$/,
  hand: new RegExp(`^Hand: ${CARD}(?:, ${CARD})+$`),
  askPlay: /^\S+'s play: $/,
  card: new RegExp(`^${CARD}$`),
  busted: /^Busted!$/,
  dealerTurn: /^Dealer's turn:$/,
  dealerPlays: /^Dealer's play: (?:hit|stay)$/,
  dealerHas: /^Dealer has (?:1[7-9]|2[01]|blackjack|busted)$/,
  settled: /^\S+ has (?:[4-9]|1\d|2[01]|blackjack|busted)--(?:Dealer wins|Dealer loses|Tie)$/,
  funds: /^\S+ now has \$\d+$/,
  askAnotherRound: /^Another round\? $/,
  goodbye: /^Goodbye!$/,
} as const;

/** The kinds of line `line` can be (empty when it matches none). */
export const lineKinds = (line: string): string[] =>
  Object.entries(GRAMMAR)
    .filter(([, pattern]) => pattern.test(line))
    .map(([kind]) => kind);

/** Section 8's values: 2..10 their rank, faces 10, an Ace 11 unless that busts, then 1. */
export function worth(cards: readonly string[]): number {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const rank = card.split(' of ')[0]!;
    if (rank === 'Ace') aces++;
    else total += /^\d+$/.test(rank) ? Number(rank) : 10;
  }
  total += aces;
  return aces > 0 && total + 10 <= 21 ? total + 10 : total;
}

const isBlackjack = (cards: readonly string[]) => cards.length === 2 && worth(cards) === 21;
const standingOf = (cards: readonly string[]): string =>
  worth(cards) > 21 ? 'busted' : isBlackjack(cards) ? 'blackjack' : `${worth(cards)}`;

export type Outcome =
  | 'busted'
  | 'dealerWins'
  | 'dealerLoses'
  | 'tie'
  | 'blackjackBeats21'
  | 'bustLosesToDealerBust'
  | 'blackjackTie'
  | 'dealerBlackjack'
  | 'dealerBusts';

export interface RoundRecord {
  bets: bigint[];
  illegal: boolean[];
  /** The dealer's net, from the settle lines: + each bet the dealer wins, - each it loses. */
  dealerNet: bigint;
  /** The players' net, from the funds lines: each player's funds less their funds before. */
  playersNet: bigint;
  fundsAfter: bigint[];
  /** Every card dealt, in the order dealt. */
  dealt: string[];
}

export interface Report {
  rounds: RoundRecord[];
  outcomes: Set<Outcome>;
  /** The words the game read, in order. */
  wordsRead: number;
  endedByInput: boolean;
}

export interface RefereeOptions {
  /** Each round's deck, top card first: the referee then checks the deal order too. */
  nextDeck?: () => readonly string[];
}

/**
 * Walks a whole transcript; fails (vitest expect) at the first line that is not what section 8 says.
 * `players` are the command line's, `words` what was typed.
 */
export function referee(
  text: string,
  players: readonly { name: string; funds: bigint }[],
  words: readonly string[],
  options: RefereeOptions = {},
): Report {
  const lines = text.split('\n');
  expect(lines.pop(), 'the transcript ends with a newline').toBe('');
  let at = 0;
  const where = () => `line ${at + 1}`;
  const next = (expected: string): void => {
    expect(lines[at], where()).toBe(expected);
    at++;
  };
  const take = (): string => {
    const line = lines[at];
    expect(line, `${where()}: the transcript ended early`).toBeDefined();
    at++;
    return line!;
  };
  let read = 0;
  const nextWord = (): string | undefined => {
    const word = words[read];
    if (word !== undefined) read++;
    return word;
  };

  const funds = players.map((p) => p.funds);
  const report: Report = { rounds: [], outcomes: new Set(), wordsRead: 0, endedByInput: false };

  next('Welcome to CMSC 202 Blackjack!');
  for (let round = 1; ; round++) {
    next('');
    next(`Round ${round}:`);
    const deck = options.nextDeck?.();
    const dealt: string[] = [];
    const deal = (card: string): string => {
      if (deck !== undefined)
        expect(card, `${where()}: card ${dealt.length + 1} of round ${round}`).toBe(deck[dealt.length]);
      expect(GRAMMAR.card.test(card), `${where()}: ${card} is a card`).toBe(true);
      dealt.push(card);
      return card;
    };

    const bets: bigint[] = [];
    const illegal: boolean[] = [];
    players.forEach((player, p) => {
      // The prompt and the newline after the word read share one line: input is not echoed.
      next(`How much does ${player.name} bet? `);
      const word = nextWord();
      const legal = word !== undefined && /^\+?\d+$/.test(word) && BigInt(word) <= funds[p]!;
      if (!legal) next('Illegal bet--changing to $0');
      bets.push(legal ? BigInt(word) : 0n);
      illegal.push(!legal);
    });

    next("The players' hands:");
    const hands: string[][] = players.map(() => []);
    const cardsOf = (line: string, prefix: string): string[] => {
      expect(
        line.startsWith(prefix),
        `${where()}: ${JSON.stringify(line)} starts ${JSON.stringify(prefix)}`,
      ).toBe(true);
      return line.slice(prefix.length).split(', ');
    };
    players.forEach((player, p) => {
      const cards = cardsOf(take(), `${player.name}: `);
      expect(cards, where()).toHaveLength(2);
      hands[p] = cards;
    });
    const shows = take();
    expect(shows, where()).toMatch(GRAMMAR.dealerShows);
    const upCard = shows.slice('Dealer: '.length, -', [hidden card]'.length);
    next('');

    players.forEach((player, p) => {
      next(`>>${player.name}'s turn:`);
      for (;;) {
        next(`Hand: ${hands[p]!.join(', ')}`);
        next(`${player.name}'s play: `);
        const word = nextWord();
        if (word === undefined || !/^[hH]/.test(word)) break;
        hands[p]!.push(take());
        if (worth(hands[p]!) > 21) {
          next('Busted!');
          break;
        }
      }
      next('');
    });

    next("Dealer's turn:");
    // The first Hand line turns the hole card; the dealer hits below 17 and stands on 17 or more.
    const dealer = cardsOf(take(), 'Hand: ');
    expect(dealer, where()).toHaveLength(2);
    expect(dealer[0], where()).toBe(upCard);
    const holeCard = dealer[1]!;
    for (;;) {
      if (worth(dealer) >= 17) {
        next("Dealer's play: stay");
        break;
      }
      next("Dealer's play: hit");
      dealer.push(take());
      if (worth(dealer) > 21) {
        next('Busted!');
        break;
      }
      next(`Hand: ${dealer.join(', ')}`);
    }
    next('');
    const dealerStanding = standingOf(dealer);
    next(`Dealer has ${dealerStanding}`);
    if (dealerStanding === 'blackjack') report.outcomes.add('dealerBlackjack');
    if (dealerStanding === 'busted') report.outcomes.add('dealerBusts');

    // The deal order: a card to each player, the dealer's up card, a second round, the hole card; then the hits in turn.
    for (const hand of hands) deal(hand[0]!);
    deal(upCard);
    for (const hand of hands) deal(hand[1]!);
    deal(holeCard);
    for (const hand of hands) for (const card of hand.slice(2)) deal(card);
    for (const card of dealer.slice(2)) deal(card);
    expect(new Set(dealt).size, `round ${round}: a card was dealt twice`).toBe(dealt.length);

    let dealerNet = 0n;
    const before = [...funds];
    players.forEach((player, p) => {
      const line = take();
      expect(line, where()).toMatch(GRAMMAR.settled);
      const mine = standingOf(hands[p]!);
      const rank = (s: string) => (s === 'blackjack' ? 22 : Number(s));
      const verdict =
        mine === 'busted'
          ? 'Dealer wins'
          : dealerStanding === 'busted'
            ? 'Dealer loses'
            : rank(mine) < rank(dealerStanding)
              ? 'Dealer wins'
              : rank(mine) > rank(dealerStanding)
                ? 'Dealer loses'
                : 'Tie';
      expect(line, where()).toBe(`${player.name} has ${mine}--${verdict}`);
      const verdictSaid = line.slice(line.lastIndexOf('--') + 2);
      if (verdictSaid === 'Dealer wins') dealerNet += bets[p]!;
      if (verdictSaid === 'Dealer loses') dealerNet -= bets[p]!;
      if (mine === 'busted') report.outcomes.add('busted');
      if (mine === 'busted' && dealerStanding === 'busted') report.outcomes.add('bustLosesToDealerBust');
      if (mine === 'blackjack' && dealerStanding === '21') report.outcomes.add('blackjackBeats21');
      if (mine === 'blackjack' && dealerStanding === 'blackjack') report.outcomes.add('blackjackTie');
      report.outcomes.add(
        verdict === 'Dealer wins' ? 'dealerWins' : verdict === 'Dealer loses' ? 'dealerLoses' : 'tie',
      );
      // The referee's own book: even money, either way.
      funds[p] =
        funds[p]! + (verdict === 'Dealer wins' ? -bets[p]! : verdict === 'Dealer loses' ? bets[p]! : 0n);
    });
    next('');
    let playersNet = 0n;
    players.forEach((player, p) => {
      const line = take();
      const said = /^(.*) now has \$(-?\d+)$/.exec(line);
      expect(said?.[1], where()).toBe(player.name);
      const now = BigInt(said![2]!);
      expect(now, `${where()}: ${player.name}'s funds`).toBe(funds[p]);
      playersNet += now - before[p]!;
    });
    next('');
    report.rounds.push({ bets, illegal, dealerNet, playersNet, fundsAfter: [...funds], dealt });

    next('Another round? ');
    const answer = nextWord();
    if (answer === undefined) report.endedByInput = true;
    if (answer === undefined || !/^[yY]/.test(answer)) break;
  }
  next('');
  next('Goodbye!');
  expect(at, 'nothing follows Goodbye!').toBe(lines.length);
  report.wordsRead = read;
  return report;
}
