import { type Card, cardName } from '@pitboss/deck';

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
