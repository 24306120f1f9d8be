// The oracle of the Blackjack class's suites: the reference's table (its hand, its settling rules and
// its words, from packages/hand and packages/driver) played method by method, as main() calls the
// student's class, on a stacked deck. It runs only in the grader's process: each method says what the
// student's should print and return, and the suites judge the student's answers against it.
import { type Card, tableCardName } from '@pitboss/deck';
import { dealerHits, type Standing, standingOf, verdict, tableVoice as voice } from '@pitboss/driver';
import { TableHand } from '@pitboss/hand';

/** The cards of a hand as the table prints them: `9 of Clubs, Ace of Hearts`. */
export const cardList = (cards: readonly Card[]): string => cards.map(tableCardName).join(', ');

interface Seat {
  readonly name: string;
  funds: number;
  bet: number;
  readonly hand: TableHand;
}

/** The table of the reference: what each of the Blackjack class's methods prints and returns. */
export class TableOracle {
  readonly #seats: Seat[];
  readonly #dealer = new TableHand();
  #deck: readonly Card[] = [];
  #next = 0;

  constructor(names: readonly string[]) {
    this.#seats = names.map((name) => ({ name, funds: 0, bet: 0, hand: new TableHand() }));
  }

  get players(): number {
    return this.#seats.length;
  }

  name(p: number): string {
    return this.#seats[p]!.name;
  }

  funds(p: number): number {
    return this.#seats[p]!.funds;
  }

  bet(p: number): number {
    return this.#seats[p]!.bet;
  }

  setFunds(p: number, funds: number): void {
    this.#seats[p]!.funds = funds;
  }

  /** A bet is legal when it is a whole number from 0 to the player's funds; an illegal one changes nothing. */
  setBet(p: number, bet: number): boolean {
    const seat = this.#seats[p]!;
    if (!Number.isInteger(bet) || bet < 0 || bet > seat.funds) return false;
    seat.bet = bet;
    return true;
  }

  /** The deck every Deck opened for the next round deals from, top first. */
  stack(cards: readonly Card[]): void {
    this.#deck = cards;
  }

  #deal(): Card {
    const card = this.#deck[this.#next++];
    if (card === undefined) throw new Error('the stacked deck ran out: the suite stacked too few cards');
    return card;
  }

  /** A fresh deck: one card to each player in seat order, one to the dealer, and again. Prints nothing. */
  newDeal(): void {
    this.#next = 0;
    for (const seat of this.#seats) seat.hand.discardAll();
    this.#dealer.discardAll();
    for (let round = 0; round < 2; round++) {
      for (const seat of this.#seats) seat.hand.addCard(this.#deal());
      this.#dealer.addCard(this.#deal());
    }
  }

  hand(p: number): readonly Card[] {
    return this.#seats[p]!.hand.cards();
  }

  dealerCards(): readonly Card[] {
    return this.#dealer.cards();
  }

  /** outputPlayerHand: the cards, no line ending. */
  outputPlayerHand(p: number): string {
    return cardList(this.hand(p));
  }

  /** outputDealerHand: the up card and the hidden one, no line ending. */
  outputDealerHand(): string {
    return voice.dealerShows(this.#dealer.cards()[0]!).slice('Dealer: '.length);
  }

  /** hitPlayer: the card dealt, on a line; busted or not. */
  hitPlayer(p: number): { text: string; busted: boolean; card: Card } {
    const hand = this.#seats[p]!.hand;
    const card = this.#deal();
    hand.addCard(card);
    return { text: `${voice.dealt(card)}\n`, busted: hand.isBusted(), card };
  }

  /** dealerPlay: the dealer's turn after its header, to `Dealer has ...`. */
  dealerPlay(): string {
    const lines: string[] = [];
    for (;;) {
      lines.push(voice.hand(this.#dealer.cards()));
      const hits = dealerHits(this.#dealer);
      lines.push(voice.dealerPlays(hits));
      if (!hits) break;
      const card = this.#deal();
      this.#dealer.addCard(card);
      lines.push(voice.dealt(card));
      if (this.#dealer.isBusted()) {
        lines.push(voice.busted());
        break;
      }
    }
    lines.push('', voice.dealerHas(standingOf(this.#dealer)));
    return `${lines.join('\n')}\n`;
  }

  standing(p: number): Standing {
    return standingOf(this.#seats[p]!.hand);
  }

  dealerStanding(): Standing {
    return standingOf(this.#dealer);
  }

  /** settlePlayerBet: one line, and the funds moved by the bet (even money either way, 0 on a tie). */
  settle(p: number): string {
    const seat = this.#seats[p]!;
    const standing = standingOf(seat.hand);
    const settled = verdict(standing, standingOf(this.#dealer));
    seat.funds += settled === 'dealerWins' ? -seat.bet : settled === 'dealerLoses' ? seat.bet : 0;
    return `${voice.settled(seat.name, standing, settled)}\n`;
  }
}
