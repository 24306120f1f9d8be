import { type Card, type CutSource, Deck, type DeckADT } from '@pitboss/deck';
import { Hand, type HandADT } from '@pitboss/hand';
import type { Player } from '@pitboss/player';
import type { Voice } from './voice.ts';

// The rules of the game that every rule set shares. A rule set changes the data (minimum, wording,
// first cuts) and never this file's flow; a rule needing a new hook gets one here.

/** A shuffle is seven riffles, each cut where the cut source says. */
export const CUTS_PER_SHUFFLE = 7;
/** At a hand's start, never during one, a deck with fewer cards left is reshuffled. */
export const RESHUFFLE_BELOW = 20;
/** The dealer hits below this total and stands on it, soft or hard. */
export const DEALER_STANDS_ON = 17;
export const BLACKJACK = 21;

export interface GameSetup {
  bankroll: number;
  minimum: number;
  /** The most hands to play; the game also ends when the bankroll falls below the minimum. */
  hands: number;
  player: Player;
  cuts: CutSource;
  /** Cuts for the first shuffle instead of seven from the cut source, which they do not advance. */
  initialCuts?: readonly number[] | undefined;
  /** The deck and hands to play with; the reference ones unless a grader links in a student's. */
  deck?: DeckADT | undefined;
  newHand?: (() => HandADT) | undefined;
}

export interface GameResult {
  bankroll: number;
  handsPlayed: number;
}

/** Where the transcript goes, one line at a time, without its line ending. */
export type Say = (line: string) => void;

/** A natural 21 pays 3 to 2, rounded down as the course's integer division does. */
const natural21Pays = (wager: number): number => Math.floor((3 * wager) / 2);

export function playGame(setup: GameSetup, voice: Voice, say: Say): GameResult {
  const { minimum, player, cuts } = setup;
  const deck = setup.deck ?? new Deck();
  const newHand = setup.newHand ?? (() => new Hand());
  const playerHand = newHand();
  const dealerHand = newHand();

  const shuffle = (cutList: readonly number[]): void => {
    say(voice.shuffling());
    for (const cut of cutList) {
      say(voice.cutAt(cut));
      deck.shuffle(cut);
    }
    player.shuffled();
  };
  const randomCuts = (): number[] => Array.from({ length: CUTS_PER_SHUFFLE }, () => cuts.nextCut());

  /** Deals a card face up to someone: it is printed and the player sees it. */
  const dealUp = (hand: HandADT, line: (card: Card) => string): Card => {
    const card = deck.deal();
    hand.addCard(card);
    say(line(card));
    player.expose(card);
    return card;
  };

  /** Plays one hand and returns the change to the bankroll. */
  const playHand = (wager: number): number => {
    playerHand.discardAll();
    dealerHand.discardAll();
    dealUp(playerHand, voice.playerDealt);
    const upCard = dealUp(dealerHand, voice.dealerDealt);
    dealUp(playerHand, voice.playerDealt);
    const holeCard = deck.deal();
    dealerHand.addCard(holeCard);

    if (playerHand.handValue().count === BLACKJACK) {
      say(voice.natural());
      return natural21Pays(wager);
    }

    while (playerHand.handValue().count <= BLACKJACK && player.draw(upCard, playerHand)) {
      dealUp(playerHand, voice.playerDealt);
    }
    const playerCount = playerHand.handValue().count;
    say(voice.playerTotal(playerCount));
    if (playerCount > BLACKJACK) {
      say(voice.playerBusts());
      return -wager;
    }

    say(voice.holeCard(holeCard));
    player.expose(holeCard);
    while (dealerHand.handValue().count < DEALER_STANDS_ON) {
      dealUp(dealerHand, voice.dealerDealt);
    }
    const dealerCount = dealerHand.handValue().count;
    say(voice.dealerTotal(dealerCount));
    if (dealerCount > BLACKJACK) {
      say(voice.dealerBusts());
      return wager;
    }
    if (dealerCount > playerCount) {
      say(voice.dealerWins());
      return -wager;
    }
    if (playerCount > dealerCount) {
      say(voice.playerWins());
      return wager;
    }
    say(voice.push());
    return 0;
  };

  let bankroll = setup.bankroll;
  let handsPlayed = 0;
  shuffle(setup.initialCuts ?? randomCuts());
  while (bankroll >= minimum && handsPlayed < setup.hands) {
    handsPlayed++;
    say(voice.hand(handsPlayed, bankroll));
    if (deck.cardsLeft() < RESHUFFLE_BELOW) shuffle(randomCuts());
    const wager = player.bet(bankroll, minimum);
    say(voice.bets(wager));
    bankroll += playHand(wager);
  }
  say(voice.finalBankroll(bankroll, handsPlayed));
  return { bankroll, handsPlayed };
}
