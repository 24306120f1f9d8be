import { type Card, cardName, tableCardName } from '@pitboss/deck';

/**
 * Every line a game prints, in the course's words. A rule set that words a line differently
 * supplies its own Voice instead of its own driver.
 */
export interface Voice {
  shuffling(): string;
  cutAt(cut: number): string;
  hand(handNumber: number, bankroll: number): string;
  bets(wager: number): string;
  playerDealt(card: Card): string;
  dealerDealt(card: Card): string;
  natural(): string;
  playerTotal(count: number): string;
  playerBusts(): string;
  holeCard(card: Card): string;
  dealerTotal(count: number): string;
  dealerBusts(): string;
  dealerWins(): string;
  playerWins(): string;
  push(): string;
  finalBankroll(bankroll: number, handsPlayed: number): string;
}

export type VoiceLine = keyof Voice;

export const classicVoice: Voice = {
  shuffling: () => 'Shuffling the deck',
  cutAt: (cut) => `cut at ${cut}`,
  hand: (handNumber, bankroll) => `Hand ${handNumber} bankroll ${bankroll}`,
  bets: (wager) => `Player bets ${wager}`,
  playerDealt: (card) => `Player dealt ${cardName(card)}`,
  dealerDealt: (card) => `Dealer dealt ${cardName(card)}`,
  natural: () => 'Player dealt natural 21',
  playerTotal: (count) => `Player's total is ${count}`,
  playerBusts: () => 'Player busts',
  holeCard: (card) => `Dealer's hole card is ${cardName(card)}`,
  dealerTotal: (count) => `Dealer's total is ${count}`,
  dealerBusts: () => 'Dealer busts',
  dealerWins: () => 'Dealer wins',
  playerWins: () => 'Player wins',
  push: () => 'Push',
  finalBankroll: (bankroll, handsPlayed) => `Player has ${bankroll} after ${handsPlayed} hands`,
};

/** The same voice with `prefix` before the named lines (minbet's `# ` announcements). */
export function withPrefix(voice: Voice, prefix: string, lines: readonly VoiceLine[]): Voice {
  const prefixed: Voice = { ...voice };
  for (const line of lines) {
    const say = voice[line] as (...args: never[]) => string;
    (prefixed[line] as (...args: never[]) => string) = (...args) => prefix + say(...args);
  }
  return prefixed;
}

/** The crusaders edition's voice for one round: each line says who, `Player: <name>` or `Dealer: <name>`. */
export function crusadersVoice(player: string, dealer: string): Voice {
  return {
    shuffling: () => 'Shuffling the deck',
    cutAt: (cut) => `cut at ${cut}`,
    hand: (handNumber, bankroll) => `Hand ${handNumber} bankroll ${bankroll}`,
    bets: (wager) => `Player: ${player} bets ${wager}`,
    playerDealt: (card) => `Player: ${player} dealt ${cardName(card)}`,
    dealerDealt: (card) => `Dealer: ${dealer} dealt ${cardName(card)}`,
    natural: () => `Player: ${player} dealt natural 21`,
    playerTotal: (count) => `Player: ${player}'s total is ${count}`,
    playerBusts: () => `Player: ${player} busts`,
    holeCard: (card) => `Dealer: ${dealer}'s hole card is ${cardName(card)}`,
    dealerTotal: (count) => `Dealer: ${dealer}'s total is ${count}`,
    dealerBusts: () => `Dealer: ${dealer} busts`,
    dealerWins: () => `Dealer: ${dealer} wins this hand`,
    playerWins: () => `Player: ${player} wins this hand`,
    push: () => 'Push',
    finalBankroll: (bankroll, handsPlayed) => `Player: ${player} has ${bankroll} after ${handsPlayed} hands`,
  };
}

/** Where a hand stands when bets are settled; `<who> has <standing>` prints it as it is. */
export type Standing = number | 'blackjack' | 'busted';

/** How a player's bet is settled, said from the dealer's side as the course did. */
export type Verdict = 'dealerWins' | 'dealerLoses' | 'tie';

/**
 * Every line the `table` rule set prints (SPEC section 8). Prompts keep their trailing space: the
 * word typed after them is not echoed, and the line ends when it has been read.
 */
export interface TableVoice {
  welcome(): string;
  round(round: number): string;
  askBet(name: string): string;
  illegalBet(): string;
  playersHands(): string;
  playerHand(name: string, cards: readonly Card[]): string;
  dealerShows(upCard: Card): string;
  turn(name: string): string;
  hand(cards: readonly Card[]): string;
  askPlay(name: string): string;
  dealt(card: Card): string;
  busted(): string;
  dealerTurn(): string;
  dealerPlays(hits: boolean): string;
  dealerHas(standing: Standing): string;
  settled(name: string, standing: Standing, verdict: Verdict): string;
  funds(name: string, funds: bigint): string;
  askAnotherRound(): string;
  goodbye(): string;
}

const cardList = (cards: readonly Card[]): string => cards.map(tableCardName).join(', ');

const VERDICTS: Readonly<Record<Verdict, string>> = {
  dealerWins: 'Dealer wins',
  dealerLoses: 'Dealer loses',
  tie: 'Tie',
};

export const tableVoice: TableVoice = {
  welcome: () => 'Welcome to CMSC 202 Blackjack!',
  round: (round) => `Round ${round}:`,
  askBet: (name) => `How much does ${name} bet? `,
  illegalBet: () => 'Illegal bet--changing to $0',
  playersHands: () => "The players' hands:",
  playerHand: (name, cards) => `${name}: ${cardList(cards)}`,
  dealerShows: (upCard) => `Dealer: ${tableCardName(upCard)}, [hidden card]`,
  turn: (name) => `>>${name}'s turn:`,
  hand: (cards) => `Hand: ${cardList(cards)}`,
  askPlay: (name) => `${name}'s play: `,
  dealt: (card) => tableCardName(card),
  busted: () => 'Busted!',
  dealerTurn: () => "Dealer's turn:",
  dealerPlays: (hits) => `Dealer's play: ${hits ? 'hit' : 'stay'}`,
  dealerHas: (standing) => `Dealer has ${standing}`,
  settled: (name, standing, verdict) => `${name} has ${standing}--${VERDICTS[verdict]}`,
  funds: (name, funds) => `${name} now has $${funds}`,
  askAnotherRound: () => 'Another round? ',
  goodbye: () => 'Goodbye!',
};
