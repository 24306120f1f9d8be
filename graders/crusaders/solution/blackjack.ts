import { type Card, DeckEmpty, SpotNames, SuitNames } from './card';
import type { Character, PlayerType } from './characters';
import { Deck } from './deck';
import { Hand } from './hand';
import { getPlayer } from './player';
import { getCut } from './rand';
import type { Team } from './team';

// The command line: <bankroll> <hands> <simple|counting> <sc|sos>, the last word naming the dealers.
const [bankrollWord, handsWord, typeWord, dealersWord] = process.argv.slice(2);
const bankrollArg = Number(bankrollWord);
const handsArg = Number(handsWord);
const playerType = typeWord as PlayerType;
const dealerTeam = dealersWord as Team;
const playerTeam: Team = dealerTeam === 'sc' ? 'sos' : 'sc';

const MINIMUM = 5;
let transcript = '';
function say(line: string): void {
  transcript += `${line}\n`;
}
const cardName = (card: Card) => `${SpotNames[card.spot]} of ${SuitNames[card.suit]}`;

const isJoseph = (who: Character) => who.getTeam() === 'sc' && who.getID() === 1;
const isJotaro = (who: Character) => who.getTeam() === 'sc' && who.getID() === 2;
const isKakyoin = (who: Character) => who.getTeam() === 'sc' && who.getID() === 4;

const deck = new Deck();
const playerHand = new Hand();
const dealerHand = new Hand();

/** Seven riffles, each at a cut from the course's random source, then the player starts counting again. */
function shuffle(player: Character): void {
  say('Shuffling the deck');
  let riffles = 7;
  while (riffles-- > 0) {
    const at = getCut();
    deck.shuffle(at);
    say(`cut at ${at}`);
  }
  player.shuffled();
}

/**
 * Deals a face-up card to `who` (role 'Player' or 'Dealer'), whose hand then holds `held` cards.
 * Kujo Jotaro, about to bust, stops time: he throws his whole hand away and takes as many cards
 * again, unseen, until he does not bust; only the last card is announced.
 */
function dealUp(hand: Hand, role: string, who: Character, held: number, player: Character): Card {
  let card = deck.deal();
  hand.addCard(card);
  if (!isJotaro(who) || hand.handValue().count <= 21) {
    say(`${role}: ${who.getName()} dealt ${cardName(card)}`);
    player.expose(card);
    return card;
  }
  // Jotaro as player sees every card he is dealt while time stands still, the busting one too.
  if (role === 'Player') player.expose(card);
  while (hand.handValue().count > 21) {
    say(`${role}: ${who.getName()}: "Star Platinum, Za Warudo"`);
    hand.discardAll();
    for (let i = 0; i < held; i++) {
      card = deck.deal();
      hand.addCard(card);
      if (role === 'Player') player.expose(card);
    }
  }
  say(`${role}: ${who.getName()} dealt ${cardName(card)}`);
  // Jotaro as dealer: the player sees only the card announced.
  if (role === 'Dealer') player.expose(card);
  return card;
}

/** Plays one hand; returns what the player wins (negative: loses). Throws DeckEmpty when the cards run out. */
function playHand(player: Character, dealer: Character, wager: number): number {
  const p = player.getName();
  const d = dealer.getName();
  playerHand.discardAll();
  dealerHand.discardAll();
  dealUp(playerHand, 'Player', player, 1, player);
  const up = dealUp(dealerHand, 'Dealer', dealer, 1, player);
  dealUp(playerHand, 'Player', player, 2, player);
  const hole = deck.deal();
  dealerHand.addCard(hole);

  if (playerHand.handValue().count === 21) {
    say(`Player: ${p} dealt natural 21`);
    return Math.floor((3 * wager) / 2);
  }
  let playerCards = 2;
  while (playerHand.handValue().count <= 21 && player.draw(up, playerHand)) {
    playerCards++;
    dealUp(playerHand, 'Player', player, playerCards, player);
  }
  const playerCount = playerHand.handValue().count;
  say(`Player: ${p}'s total is ${playerCount}`);
  if (playerCount > 21) {
    say(`Player: ${p} busts`);
    return -wager;
  }

  say(`Dealer: ${d}'s hole card is ${cardName(hole)}`);
  player.expose(hole);
  let dealerCards = 2;
  while (dealerHand.handValue().count < 17) {
    dealerCards++;
    dealUp(dealerHand, 'Dealer', dealer, dealerCards, player);
  }
  const dealerCount = dealerHand.handValue().count;
  say(`Dealer: ${d}'s total is ${dealerCount}`);
  if (dealerCount > 21) {
    say(`Dealer: ${d} busts`);
    return wager;
  }
  if (dealerCount > playerCount) {
    say(`Dealer: ${d} wins this hand`);
    return -wager;
  }
  if (playerCount > dealerCount) {
    say(`Player: ${p} wins this hand`);
    return wager;
  }
  say('Push');
  return 0;
}

interface Round {
  bankroll: number;
  hands: number;
  escaped: boolean;
}

/** One player against one dealer, until the player's hands are played or the bankroll is below the minimum. */
function playRound(player: Character, dealer: Character, bankroll: number): Round {
  shuffle(player);
  let hand = 0;
  while (bankroll >= MINIMUM && hand < handsArg) {
    hand++;
    let done = false;
    while (!done) {
      say(`Hand ${hand} bankroll ${bankroll}`);
      if (deck.cardsLeft() < 20) shuffle(player);
      const wager = player.bet(bankroll, MINIMUM);
      say(`Player: ${player.getName()} bets ${wager}`);
      try {
        bankroll += playHand(player, dealer, wager);
        done = true;
      } catch (error) {
        if (!(error instanceof DeckEmpty)) throw error;
        // The cards are used up: nobody pays, and the same hand starts again on a fresh shuffle.
        say(`Hand ${hand} card used up, this hand will start again`);
        shuffle(player);
      }
    }
    // Joseph Joestar fears being poor: below half the bankroll argument, he escapes.
    if (isJoseph(player) && bankroll < Math.floor(bankrollArg / 2)) {
      return { bankroll, hands: hand, escaped: true };
    }
  }
  return { bankroll, hands: hand, escaped: false };
}

/** Joseph Joestar and Kakyoin Noriaki cheer when they win a round, as player or as dealer. */
function cheer(role: string, who: Character): void {
  if (isJoseph(who)) say(`${role}: ${who.getName()}: "Nice!"`);
  if (isKakyoin(who)) say(`${role}: ${who.getName()}: "rerorerorero rerorerorero"`);
}

let playerId = 1;
let dealerId = 1;
// The player who wins a round keeps their bankroll against the next dealer.
let carried: number | undefined;
while (playerId <= 5 && dealerId <= 5) {
  const player = getPlayer(dealerTeam, playerType, playerId);
  const dealer = getPlayer(playerTeam, playerType, dealerId);
  const p = player.getName();
  const d = dealer.getName();
  // Everyone enters with the bankroll argument; Joseph Joestar is rich and enters with twice it.
  const entering = carried ?? (isJoseph(player) ? 2 * bankrollArg : bankrollArg);
  const round = playRound(player, dealer, entering);
  say(`Player: ${p} has ${round.bankroll} after ${round.hands} hands`);
  if (round.escaped) say(`Player: ${p}: "Ni Ge Run Da Yo"`);
  if (round.escaped || round.bankroll < MINIMUM) {
    say(`Player: ${p} has been kicked out. The winner of this round is ${d}.`);
    cheer('Dealer', dealer);
    playerId++;
    carried = undefined;
  } else {
    say(`Dealer: ${d} has been kicked out. The winner of this round is ${p}.`);
    cheer('Player', player);
    dealerId++;
    carried = round.bankroll;
  }
}
// The team whose five members were all kicked out loses.
const winner: Team = playerId > 5 ? dealerTeam : playerTeam;
if (winner === 'sc') {
  say(
    'Game over. The winner is Stardust Crusaders. SOS Brigade will return the computer to Joseph Joestar and Suzumiya Haruhi will become a member of Stardust Crusaders',
  );
} else {
  say(
    'Game over. The winner is SOS Brigade. SOS Brigade got four computers and Stardust Crusaders become an affiliate group of SOS Brigade',
  );
}
process.stdout.write(transcript);
