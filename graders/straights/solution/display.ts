// Every line the game prints.
import { type Card, cardName, RankLetters, SUITS, SuitNames } from './card';
import type { Table } from './table';

const out = (text: string) => process.stdout.write(text);
const list = (cards: readonly Card[]) => cards.map((card) => ` ${cardName(card)}`).join('');

export const prompt = () => out('>');
export const askType = (name: string) => out(`Is ${name} a human (h) or a computer (c)?\n>`);
export const newRound = (name: string) => out(`A new round begins. It's ${name}'s turn to play.\n`);

export function turn(table: Table, hand: readonly Card[], legal: readonly Card[]): void {
  let text = 'Cards on the table:\n';
  for (const suit of SUITS) {
    text += `${SuitNames[suit]}:${table[suit].map((rank) => ` ${RankLetters[rank]}`).join('')}\n`;
  }
  text += `Your hand:${list(hand)}\nLegal plays:${list(legal)}\n`;
  out(text);
}

export const plays = (name: string, card: Card) => out(`${name} plays ${cardName(card)}.\n`);
export const discards = (name: string, card: Card) => out(`${name} discards ${cardName(card)}.\n`);

export function deck(cards: readonly Card[]): void {
  for (let i = 0; i < cards.length; i += 13)
    out(
      `${cards
        .slice(i, i + 13)
        .map(cardName)
        .join(' ')}\n`,
    );
}

export const notLegal = () => out('This is not a legal play.\n');
export const mayNotDiscard = () => out('You have a legal play. You may not discard.\n');
export const invalidCommand = () => out('Invalid command entered. Try again.\n');
export const invalidRank = () => out('Invalid card rank entered. Try again.\n');
export const invalidSuit = () => out('Invalid card suit entered. Try again.\n');
export const ragequits = (name: string) => out(`${name} ragequits. A computer will now take over.\n`);

export function roundScore(name: string, discarded: readonly Card[], before: number, gained: number): void {
  out(`${name}'s discards:${list(discarded)}\n`);
  out(`${name}'s score: ${before} + ${gained} = ${before + gained}\n`);
}

export const wins = (name: string) => out(`${name} wins!\n`);
