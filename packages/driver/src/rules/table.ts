// The CMSC 202 edition (SPEC section 8, handout seeds/004_...): one to seven named players at one
// table, each betting and playing by hand over stdin against a dealer who always plays. A round is
// the course's main(): bets, the deal, each player's turn, the dealer's, settling, the funds, and
// "Another round?". The cards and the hand are the table's own (deck's table-deck.ts, hand's
// table-hand.ts); the dealer's 17 is the engine's, as at every table.
import { type CardSource, Mt19937, shuffledDecks } from '@pitboss/deck';
import { TableHand } from '@pitboss/hand';
import { BLACKJACK, dealerHits, type GameResult, type Say } from '../engine.ts';
import { UsageError } from '../errors.ts';
import { type Standing, tableVoice, type Verdict } from '../voice.ts';
import type { Ask, Equipment, RuleSet } from './rule-set.ts';
import { playerName, readWholeNumber, wholeNumber } from './words.ts';

export const MAX_PLAYERS = 7;

/** A player as the command line brings them to the table. */
export interface TablePlayer {
  readonly name: string;
  /** Whole dollars; a bigint, so that no win, however large, rounds. */
  readonly funds: bigint;
}

/** What the table knows of a player during the game. */
interface SeatedPlayer {
  readonly name: string;
  funds: bigint;
  bet: bigint;
  readonly hand: TableHand;
}

// The players' words: only the first letter of a play or an answer counts.
const HITS = /^[hH]/;
const YES = /^[yY]/;

const voice = tableVoice;

/** A bet is legal when it is a whole number from 0 to the player's funds; the end of input is not one. */
export function legalBet(word: string | undefined, funds: bigint): bigint | undefined {
  const bet = word === undefined ? undefined : readWholeNumber(word);
  return bet !== undefined && bet <= funds ? bet : undefined;
}

export function standingOf(hand: TableHand): Standing {
  if (hand.isBusted()) return 'busted';
  if (hand.isBlackjack()) return 'blackjack';
  return hand.handValue().count;
}

/** A blackjack outranks any other 21. */
const rank = (standing: number | 'blackjack'): number =>
  standing === 'blackjack' ? BLACKJACK + 1 : standing;

/** Each player plays the dealer alone: a bust loses even to a dealer's bust; otherwise the higher hand wins. */
export function verdict(player: Standing, dealer: Standing): Verdict {
  if (player === 'busted') return 'dealerWins';
  if (dealer === 'busted') return 'dealerLoses';
  const difference = rank(player) - rank(dealer);
  return difference < 0 ? 'dealerWins' : difference > 0 ? 'dealerLoses' : 'tie';
}

/** What a settled bet does to the player's funds: even money both ways, a blackjack too. */
const PAYS: Readonly<Record<Verdict, (bet: bigint) => bigint>> = {
  dealerWins: (bet) => -bet,
  dealerLoses: (bet) => bet,
  tie: () => 0n,
};

/** Without a reader, every question meets the end of input: the game still plays through and ends. */
const noInput =
  (say: Say): Ask =>
  (prompt) => {
    say(prompt);
    return undefined;
  };

/**
 * Plays rounds until the answer to "Another round?" is not yes. The result counts rounds as hands and
 * the players' funds together as the bankroll.
 */
function playTable(players: readonly TablePlayer[], equipment: Equipment, say: Say): GameResult {
  const ask = equipment.ask ?? noInput(say);
  const openDeck = equipment.openDeck ?? shuffledDecks(new Mt19937(equipment.seed ?? 0));
  const seats: SeatedPlayer[] = players.map(({ name, funds }) => ({
    name,
    funds,
    bet: 0n,
    hand: new TableHand(),
  }));
  const dealer = new TableHand();

  say(voice.welcome());
  let rounds = 0;
  do {
    rounds++;
    say('');
    say(voice.round(rounds));
    // Every bet is placed before a card is dealt; betting moves no money.
    for (const seat of seats) {
      const bet = legalBet(ask(voice.askBet(seat.name)), seat.funds);
      if (bet === undefined) say(voice.illegalBet());
      seat.bet = bet ?? 0n;
    }
    const deck = openDeck();
    deal(seats, dealer, deck);
    say(voice.playersHands());
    for (const seat of seats) say(voice.playerHand(seat.name, seat.hand.cards()));
    say(voice.dealerShows(dealer.cards()[0]!));
    say('');
    for (const seat of seats) playTurn(seat, deck, ask, say);
    const dealerStanding = playDealer(dealer, deck, say);
    for (const seat of seats) {
      const standing = standingOf(seat.hand);
      const settled = verdict(standing, dealerStanding);
      say(voice.settled(seat.name, standing, settled));
      seat.funds += PAYS[settled](seat.bet);
    }
    say('');
    for (const seat of seats) say(voice.funds(seat.name, seat.funds));
    say('');
  } while (YES.test(ask(voice.askAnotherRound()) ?? ''));
  say('');
  say(voice.goodbye());
  const funds = seats.reduce((total, seat) => total + seat.funds, 0n);
  return { bankroll: Number(funds), handsPlayed: rounds };
}

/** One card to each player in seat order, one to the dealer, then the second round, the dealer's face down. */
function deal(seats: readonly SeatedPlayer[], dealer: TableHand, deck: CardSource): void {
  for (const seat of seats) seat.hand.discardAll();
  dealer.discardAll();
  for (let round = 0; round < 2; round++) {
    for (const seat of seats) seat.hand.addCard(deck.deal());
    dealer.addCard(deck.deal());
  }
}

/** The player is asked until they stay or bust, even holding 21 or a blackjack. */
function playTurn(seat: SeatedPlayer, deck: CardSource, ask: Ask, say: Say): void {
  say(voice.turn(seat.name));
  for (;;) {
    say(voice.hand(seat.hand.cards()));
    if (!HITS.test(ask(voice.askPlay(seat.name)) ?? '')) break;
    const card = deck.deal();
    seat.hand.addCard(card);
    say(voice.dealt(card));
    if (seat.hand.isBusted()) {
      say(voice.busted());
      break;
    }
  }
  say('');
}

/** The dealer always plays, even when every player has busted, and turns the hole card by showing the hand. */
function playDealer(dealer: TableHand, deck: CardSource, say: Say): Standing {
  say(voice.dealerTurn());
  for (;;) {
    say(voice.hand(dealer.cards()));
    const hits = dealerHits(dealer);
    say(voice.dealerPlays(hits));
    if (!hits) break;
    const card = deck.deal();
    dealer.addCard(card);
    say(voice.dealt(card));
    if (dealer.isBusted()) {
      say(voice.busted());
      break;
    }
  }
  say('');
  const standing = standingOf(dealer);
  say(voice.dealerHas(standing));
  return standing;
}

/**
 * `blackjack --rules table [--seed <n>] <name> <funds> [<name> <funds> ...]`: the players in seat
 * order, their words read from stdin. Without `--seed` the shuffles start from the clock.
 */
export const table: RuleSet<readonly TablePlayer[]> = {
  name: 'table',
  usage: '<name> <funds> [<name> <funds> ...]',
  // A real game at the table: another deal every time.
  defaultSeed: () => Date.now() >>> 0,
  parseWords(words) {
    if (words.length === 0 || words.length % 2 !== 0 || words.length > 2 * MAX_PLAYERS) {
      throw new UsageError(
        'ARG_COUNT',
        `expected a name and funds for each of 1 to ${MAX_PLAYERS} players, got ${words.length} words`,
      );
    }
    const players: TablePlayer[] = [];
    for (let i = 0; i < words.length; i += 2) {
      const name = playerName(words[i]!);
      players.push({ name, funds: wholeNumber(words[i + 1]!, `${name}'s funds`) });
    }
    return players;
  },
  play: playTable,
};
