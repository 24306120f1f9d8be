import { type Card, SpotNames, SuitNames } from './card';
import type { Player } from './contract';
import { Deck } from './deck';
import { Hand } from './hand';
import { getCounting, getSimple } from './player';
import { getCut } from './rand';

const MINIMUM = 5;
const out: string[] = [];
const say = (line: string) => out.push(line);
const name = (card: Card) => `${SpotNames[card.spot]} of ${SuitNames[card.suit]}`;

const bankrollArg = Number(process.argv[2]);
const handsArg = Number(process.argv[3]);
const player: Player = process.argv[4] === 'simple' ? getSimple() : getCounting();

const deck = new Deck();
const playerHand = new Hand();
const dealerHand = new Hand();

function shuffle(): void {
  say('Shuffling the deck');
  for (let i = 0; i < 7; i++) {
    const cut = getCut();
    say(`cut at ${cut}`);
    deck.shuffle(cut);
  }
  player.shuffled();
}

function dealUp(hand: Hand, who: string): Card {
  const card = deck.deal();
  hand.addCard(card);
  say(`${who} dealt ${name(card)}`);
  player.expose(card);
  return card;
}

let bankroll = bankrollArg;
let hand = 0;
shuffle();
while (bankroll >= MINIMUM && hand < handsArg) {
  hand++;
  say(`Hand ${hand} bankroll ${bankroll}`);
  if (deck.cardsLeft() < 20) shuffle();
  const wager = player.bet(bankroll, MINIMUM);
  say(`Player bets ${wager}`);
  playerHand.discardAll();
  dealerHand.discardAll();
  dealUp(playerHand, 'Player');
  const up = dealUp(dealerHand, 'Dealer');
  dealUp(playerHand, 'Player');
  const hole = deck.deal();
  dealerHand.addCard(hole);

  if (playerHand.handValue().count === 21) {
    say('Player dealt natural 21');
    bankroll += Math.floor((3 * wager) / 2);
    continue;
  }
  while (playerHand.handValue().count <= 21 && player.draw(up, playerHand)) {
    dealUp(playerHand, 'Player');
  }
  const playerCount = playerHand.handValue().count;
  say(`Player's total is ${playerCount}`);
  if (playerCount > 21) {
    say('Player busts');
    bankroll -= wager;
    continue;
  }
  say(`Dealer's hole card is ${name(hole)}`);
  player.expose(hole);
  while (dealerHand.handValue().count < 17) dealUp(dealerHand, 'Dealer');
  const dealerCount = dealerHand.handValue().count;
  say(`Dealer's total is ${dealerCount}`);
  if (dealerCount > 21) {
    say('Dealer busts');
    bankroll += wager;
  } else if (dealerCount > playerCount) {
    say('Dealer wins');
    bankroll -= wager;
  } else if (playerCount > dealerCount) {
    say('Player wins');
    bankroll += wager;
  } else {
    say('Push');
  }
}
say(`Player has ${bankroll} after ${hand} hands`);
process.stdout.write(`${out.join('\n')}\n`);
