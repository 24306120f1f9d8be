// Every line the game prints, exactly as the course's transcripts have it (fixtures/compat/straights).
// Players are printed from 1 (`Player1`); seats are numbered from 0. Lists of cards start with a space
// and have no trailing space, so an empty list is just its label (`Legal plays:`).
import { type Card, cardName, RankLetters, SUITS, SuitNames } from './card.ts';
import type { Move } from './rules.ts';
import type { Table } from './table.ts';

const player = (seat: number): string => `Player${seat + 1}`;
const list = (words: readonly string[]): string => words.map((word) => ` ${word}`).join('');
const cards = (hand: readonly Card[]): string => list(hand.map(cardName));

/** The prompt for a command or before a computer's move: no space and no newline after it. */
export const PROMPT = '>';

export const askPlayerType = (seat: number): string =>
  `Is ${player(seat)} a human (h) or a computer (c)?\n${PROMPT}`;

export const roundBegins = (seat: number): string =>
  `A new round begins. It's ${player(seat)}'s turn to play.\n`;

/**
 * The block printed before every turn, a computer's too (the handout's example shows it so). Piles show
 * ranks only (`Spades: 7 8`), as the handout does.
 */
export function turnBlock(table: Table, hand: readonly Card[], legal: readonly Card[]): string {
  const piles = SUITS.map(
    (suit) => `${SuitNames[suit]}:${list(table[suit].map((rank) => RankLetters[rank]!))}\n`,
  );
  return `Cards on the table:\n${piles.join('')}Your hand:${cards(hand)}\nLegal plays:${cards(legal)}\n`;
}

export function moveLine(seat: number, move: Move): string {
  return 'play' in move
    ? `${player(seat)} plays ${cardName(move.play)}.\n`
    : `${player(seat)} discards ${cardName(move.discard)}.\n`;
}

/** `deck`: the round's whole shuffled order, 13 cards a line, with no leading or trailing space. */
export function deckLines(deck: readonly Card[]): string {
  const lines: string[] = [];
  for (let start = 0; start < deck.length; start += 13) {
    const line = deck.slice(start, start + 13).map(cardName);
    lines.push(`${line.join(' ')}\n`);
  }
  return lines.join('');
}

export const NOT_A_LEGAL_PLAY = 'This is not a legal play.\n';
export const MAY_NOT_DISCARD = 'You have a legal play. You may not discard.\n';
// Input the handout does not cover: the course program's own messages (compat README section 4).
export const INVALID_COMMAND = 'Invalid command entered. Try again.\n';
export const INVALID_RANK = 'Invalid card rank entered. Try again.\n';
export const INVALID_SUIT = 'Invalid card suit entered. Try again.\n';

export const ragequits = (seat: number): string =>
  `${player(seat)} ragequits. A computer will now take over.\n`;

export const discardsLine = (seat: number, discards: readonly Card[]): string =>
  `${player(seat)}'s discards:${cards(discards)}\n`;

export const scoreLine = (seat: number, before: number, gained: number): string =>
  `${player(seat)}'s score: ${before} + ${gained} = ${before + gained}\n`;

export const winsLine = (seat: number): string => `${player(seat)} wins!\n`;
