import { type Card, type CutSource, Deck, type DeckADT, DeckEmpty } from '@pitboss/deck';
import { Hand, type HandADT } from '@pitboss/hand';
import type { Player } from '@pitboss/player';
import type { Voice } from './voice.ts';

// The rules of the game that every rule set shares: the shuffle, one hand, and a round of hands.
// A rule set changes the data (minimum, wording, first cuts) and the house rules below, never this
// file's flow; a rule needing a new hook gets one here, named for what it does at the table.

/** A shuffle is seven riffles, each cut where the cut source says. */
export const CUTS_PER_SHUFFLE = 7;
/** At a hand's start, never during one, a deck with fewer cards left is reshuffled. */
export const RESHUFFLE_BELOW = 20;
/** The dealer hits below this total and stands on it, soft or hard. */
export const DEALER_STANDS_ON = 17;
export const BLACKJACK = 21;

/** The dealer's one rule, at every table: hit below 17, stand on 17 or more, soft or hard. */
export const dealerHits = (hand: HandADT): boolean => hand.handValue().count < DEALER_STANDS_ON;

/** Where the transcript goes, one line at a time, without its line ending. */
export type Say = (line: string) => void;

export type Seat = 'player' | 'dealer';

/** The hooks by which a rule set changes how hands and rounds go (crusaders uses all three). */
export interface HouseRules {
  /**
   * A seat whose new card would bust it stops time instead: it shouts `shout()`, its whole hand is
   * dealt again card for card, unseen, until it does not bust, and only the last card is announced.
   */
  timeStop?: Partial<Record<Seat, { shout: () => string }>>;
  /** The deck running out mid-hand restarts the hand after a fresh shuffle, with this line first. */
  restartWhenDeckEmpty?: { line: (handNumber: number) => string };
  /** Asked after every hand: true ends the round at once (the player leaves the table). */
  leavesAfterHand?: (bankroll: number) => boolean;
}

export interface RoundResult {
  bankroll: number;
  handsPlayed: number;
  /** The player left because `leavesAfterHand` said so. */
  left: boolean;
}

export interface GameResult {
  bankroll: number;
  handsPlayed: number;
}

/** A natural 21 pays 3 to 2, rounded down as the course's integer division does. */
const natural21Pays = (wager: number): number => Math.floor((3 * wager) / 2);

/** The course's DeckEmpty, or a submission's copy of it (another module instance, same name). */
const isDeckEmpty = (error: unknown): boolean =>
  error instanceof DeckEmpty || (error instanceof Error && error.name === 'DeckEmpty');

/** The deck, the cut source and the two hands: what every round at one table shares. */
export class Table {
  readonly deck: DeckADT;
  readonly playerHand: HandADT;
  readonly dealerHand: HandADT;
  readonly #cuts: CutSource;

  constructor(equipment: {
    cuts: CutSource;
    deck?: DeckADT | undefined;
    newHand?: (() => HandADT) | undefined;
  }) {
    const newHand = equipment.newHand ?? (() => new Hand());
    this.deck = equipment.deck ?? new Deck();
    this.playerHand = newHand();
    this.dealerHand = newHand();
    this.#cuts = equipment.cuts;
  }

  /** Riffles the deck's current order at each cut (never a reset), then tells the player. */
  shuffle(voice: Voice, say: Say, player: Player, cuts: readonly number[] = this.randomCuts()): void {
    say(voice.shuffling());
    for (const cut of cuts) {
      say(voice.cutAt(cut));
      this.deck.shuffle(cut);
    }
    player.shuffled();
  }

  randomCuts(): number[] {
    return Array.from({ length: CUTS_PER_SHUFFLE }, () => this.#cuts.nextCut());
  }
}

export interface RoundSetup {
  bankroll: number;
  minimum: number;
  /** The most hands to play; the round also ends when the bankroll falls below the minimum. */
  hands: number;
  player: Player;
  /** Cuts for the round's first shuffle instead of seven from the cut source, which they do not advance. */
  initialCuts?: readonly number[] | undefined;
  house?: HouseRules | undefined;
}

/**
 * One player against one dealer: the round's shuffle, then hands while the bankroll covers the
 * minimum and hands remain. The closing line is the caller's: rule sets word it differently.
 */
export function playRound(table: Table, round: RoundSetup, voice: Voice, say: Say): RoundResult {
  const { deck, playerHand, dealerHand } = table;
  const { minimum, player, house = {} } = round;

  /** Deals the next card to a seat; a seat that stops time never busts on it. */
  const dealTo = (seat: Seat, hand: HandADT, held: number, line: (card: Card) => string): Card => {
    const card = deck.deal();
    hand.addCard(card);
    const timeStop = house.timeStop?.[seat];
    if (timeStop === undefined || hand.handValue().count <= BLACKJACK) {
      say(line(card));
      player.expose(card);
      return card;
    }
    // The player sees what his own hand is dealt while time stands still; a dealer's, he never sees.
    const sees = seat === 'player';
    if (sees) player.expose(card);
    let last = card;
    while (hand.handValue().count > BLACKJACK) {
      say(timeStop.shout());
      hand.discardAll();
      for (let i = 0; i < held; i++) {
        last = deck.deal();
        hand.addCard(last);
        if (sees) player.expose(last);
      }
    }
    say(line(last));
    if (!sees) player.expose(last);
    return last;
  };

  /** Plays one hand and returns the change to the bankroll. */
  const playHand = (wager: number): number => {
    playerHand.discardAll();
    dealerHand.discardAll();
    dealTo('player', playerHand, 1, voice.playerDealt);
    const upCard = dealTo('dealer', dealerHand, 1, voice.dealerDealt);
    dealTo('player', playerHand, 2, voice.playerDealt);
    const holeCard = deck.deal();
    dealerHand.addCard(holeCard);

    if (playerHand.handValue().count === BLACKJACK) {
      say(voice.natural());
      return natural21Pays(wager);
    }

    // The hand keeps only its value, so the cards held are counted here (a time stop re-deals them all).
    let playerHeld = 2;
    while (playerHand.handValue().count <= BLACKJACK && player.draw(upCard, playerHand)) {
      dealTo('player', playerHand, ++playerHeld, voice.playerDealt);
    }
    const playerCount = playerHand.handValue().count;
    say(voice.playerTotal(playerCount));
    if (playerCount > BLACKJACK) {
      say(voice.playerBusts());
      return -wager;
    }

    say(voice.holeCard(holeCard));
    player.expose(holeCard);
    let dealerHeld = 2;
    while (dealerHits(dealerHand)) {
      dealTo('dealer', dealerHand, ++dealerHeld, voice.dealerDealt);
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

  let bankroll = round.bankroll;
  let handsPlayed = 0;
  table.shuffle(voice, say, player, round.initialCuts ?? table.randomCuts());
  while (bankroll >= minimum && handsPlayed < round.hands) {
    handsPlayed++;
    for (;;) {
      say(voice.hand(handsPlayed, bankroll));
      if (deck.cardsLeft() < RESHUFFLE_BELOW) table.shuffle(voice, say, player);
      const wager = player.bet(bankroll, minimum);
      say(voice.bets(wager));
      try {
        bankroll += playHand(wager);
        break;
      } catch (error) {
        const restart = house.restartWhenDeckEmpty;
        if (restart === undefined || !isDeckEmpty(error)) throw error;
        // No bet is settled; the same hand starts again on a fresh shuffle.
        say(restart.line(handsPlayed));
        table.shuffle(voice, say, player);
      }
    }
    if (house.leavesAfterHand?.(bankroll)) return { bankroll, handsPlayed, left: true };
  }
  return { bankroll, handsPlayed, left: false };
}

export interface GameSetup extends Omit<RoundSetup, 'house'> {
  cuts: CutSource;
  /** The deck and hands to play with; the reference ones unless a grader links in a student's. */
  deck?: DeckADT | undefined;
  newHand?: (() => HandADT) | undefined;
}

/** The classic game: one round, then the player's closing line. */
export function playGame(setup: GameSetup, voice: Voice, say: Say): GameResult {
  const { bankroll, handsPlayed } = playRound(new Table(setup), setup, voice, say);
  say(voice.finalBankroll(bankroll, handsPlayed));
  return { bankroll, handsPlayed };
}
