import { readFileSync } from 'node:fs';
import { type Card, SpotNames, SuitNames } from './card';
import type { Player } from './contract';
import { Deck } from './deck';
import { Hand } from './hand';
import { getCounting, getSimple } from './player';
import { getCut } from './rand';

// blackjack <bankroll> <min-bet> <hands> <simple|counting> [<cuts-file>]
const [bankrollWord, minimumWord, handsWord, typeWord, cutsFile] = process.argv.slice(2);
const minimum = Number(minimumWord);
const handsToPlay = Number(handsWord);
const player: Player = typeWord === 'simple' ? getSimple() : getCounting();

const lines: string[] = [];
/** The lines the 2017 edition announces, marked with `# `. */
const announce = (line: string) => lines.push(`# ${line}`);
/** Cuts, cards, totals and the hole card: printed as they are. */
const show = (line: string) => lines.push(line);
const cardName = (card: Card) => `${SpotNames[card.spot]} of ${SuitNames[card.suit]}`;

const deck = new Deck();
const playerHand = new Hand();
const dealerHand = new Hand();

function randomCuts(): number[] {
  const cuts: number[] = [];
  for (let i = 0; i < 7; i++) cuts.push(getCut());
  return cuts;
}

function shuffle(cuts: readonly number[]): void {
  announce('Shuffling the deck');
  for (const cut of cuts) {
    show(`cut at ${cut}`);
    deck.shuffle(cut);
  }
  player.shuffled();
}

function dealUp(hand: Hand, who: string): Card {
  const card = deck.deal();
  hand.addCard(card);
  show(`${who} dealt ${cardName(card)}`);
  player.expose(card);
  return card;
}

/** Plays one hand and returns what the player wins (negative: loses). */
function playHand(wager: number): number {
  playerHand.discardAll();
  dealerHand.discardAll();
  dealUp(playerHand, 'Player');
  const up = dealUp(dealerHand, 'Dealer');
  dealUp(playerHand, 'Player');
  const hole = deck.deal();
  dealerHand.addCard(hole);
  if (playerHand.handValue().count === 21) {
    announce('Player dealt natural 21');
    return Math.floor((3 * wager) / 2);
  }
  while (playerHand.handValue().count <= 21 && player.draw(up, playerHand)) dealUp(playerHand, 'Player');
  const playerCount = playerHand.handValue().count;
  show(`Player's total is ${playerCount}`);
  if (playerCount > 21) {
    announce('Player busts');
    return -wager;
  }
  show(`Dealer's hole card is ${cardName(hole)}`);
  player.expose(hole);
  while (dealerHand.handValue().count < 17) dealUp(dealerHand, 'Dealer');
  const dealerCount = dealerHand.handValue().count;
  show(`Dealer's total is ${dealerCount}`);
  if (dealerCount > 21) {
    announce('Dealer busts');
    return wager;
  }
  if (dealerCount > playerCount) {
    announce('Dealer wins');
    return -wager;
  }
  if (playerCount > dealerCount) {
    announce('Player wins');
    return wager;
  }
  announce('Push');
  return 0;
}

// The cuts file, when given, holds the first shuffle's cuts; the random source is not touched for them.
const firstCuts =
  cutsFile === undefined ? randomCuts() : readFileSync(cutsFile, 'utf8').trim().split(/\s+/).map(Number);

let bankroll = Number(bankrollWord);
let played = 0;
shuffle(firstCuts);
while (bankroll >= minimum && played < handsToPlay) {
  played++;
  announce(`Hand ${played} bankroll ${bankroll}`);
  if (deck.cardsLeft() < 20) shuffle(randomCuts());
  const wager = player.bet(bankroll, minimum);
  announce(`Player bets ${wager}`);
  bankroll += playHand(wager);
}
announce(`Player has ${bankroll} after ${played} hands`);
process.stdout.write(`${lines.join('\n')}\n`);
