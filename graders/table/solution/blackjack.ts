// The table: the players and the dealer, one fresh deck a round. main() calls these methods in the
// order of a round; each prints only through `write`.
import { cardName } from './card';
import { Deck } from './deck';
import { Hand } from './hand';
import { Player } from './player';

/** The dealer hits on 16 or less and stays on 17 or more (a soft 17 too). */
const DEALER_STAYS = 17;

export class Blackjack {
  private readonly players: Player[];
  private readonly dealer = new Hand();
  private deck = new Deck();
  private readonly write: (text: string) => void;

  constructor(names: readonly string[], write?: (text: string) => void) {
    this.players = names.map((name) => new Player(name));
    this.write = write ?? ((text) => process.stdout.write(text));
  }

  getNumPlayers(): number {
    return this.players.length;
  }

  getPlayerName(p: number): string {
    return this.players[p]!.getName();
  }

  setPlayerFunds(p: number, funds: number): void {
    this.players[p]!.setFunds(funds);
  }

  getPlayerFunds(p: number): number {
    return this.players[p]!.getFunds();
  }

  /** False, and the bet unchanged, when it is not a whole number from 0 to the player's funds. */
  setPlayerBet(p: number, bet: number): boolean {
    return this.players[p]!.placeBet(bet);
  }

  /** A fresh deck, shuffled; one card to each player in seat order, one to the dealer, and again. */
  newDeal(): void {
    this.deck = new Deck();
    this.deck.shuffle();
    for (const player of this.players) player.getHand().clear();
    this.dealer.clear();
    for (let round = 0; round < 2; round++) {
      for (const player of this.players) player.getHand().add(this.deck.deal());
      this.dealer.add(this.deck.deal());
    }
  }

  /** The player's cards, `2 of Hearts, 4 of Clubs` (no line ending). */
  outputPlayerHand(p: number): void {
    this.write(this.players[p]!.getHand().toString());
  }

  /** The dealer's up card and the hidden one (no line ending). */
  outputDealerHand(): void {
    this.write(`${cardName(this.dealer.card(0))}, [hidden card]`);
  }

  /** Deals the player a card and prints it on a line; true when the hand is now over 21. */
  hitPlayer(p: number): boolean {
    const hand = this.players[p]!.getHand();
    const card = this.deck.deal();
    hand.add(card);
    this.write(`${cardName(card)}\n`);
    return hand.isBusted();
  }

  /** The dealer's turn after its header: hits on 16 or less, then says what it has. */
  dealerPlay(): void {
    for (;;) {
      this.write(`Hand: ${this.dealer.toString()}\n`);
      if (this.dealer.value() >= DEALER_STAYS) {
        this.write("Dealer's play: stay\n");
        break;
      }
      const card = this.deck.deal();
      this.dealer.add(card);
      this.write(`Dealer's play: hit\n${cardName(card)}\n`);
      if (this.dealer.isBusted()) {
        this.write('Busted!\n');
        break;
      }
    }
    this.write(`\nDealer has ${standing(this.dealer)}\n`);
  }

  /** One line saying how the player's bet is settled, and the funds moved: even money either way. */
  settlePlayerBet(p: number): void {
    const player = this.players[p]!;
    const hand = player.getHand();
    // -1 the dealer wins, 1 the player does, 0 a tie. A bust loses even when the dealer busts too.
    let outcome: number;
    if (hand.isBusted()) outcome = -1;
    else if (this.dealer.isBusted()) outcome = 1;
    else outcome = Math.sign(rank(hand) - rank(this.dealer));
    const verdict = outcome < 0 ? 'Dealer wins' : outcome > 0 ? 'Dealer loses' : 'Tie';
    this.write(`${player.getName()} has ${standing(hand)}--${verdict}\n`);
    player.collect(outcome * player.getBet());
  }
}

/** How a hand stands when bets are settled: busted, blackjack, or its value. */
function standing(hand: Hand): string {
  if (hand.isBusted()) return 'busted';
  if (hand.isBlackjack()) return 'blackjack';
  return String(hand.value());
}

/** A blackjack beats any other 21. */
function rank(hand: Hand): number {
  return hand.isBlackjack() ? 22 : hand.value();
}
