// What a human types: the answer to "human or computer?" and the five commands of a turn. Input is read
// a word at a time (any whitespace separates words, as C++'s `cin >>` does), so `play 7S` may also be
// typed over two lines. The end of input is a word of its own kind: the game treats it as `quit`.
import { type Card, type Rank, RankLetters, type Suit, SuitLetters } from './card.ts';

/** A source of input words; `undefined` means the input has ended. */
export interface Words {
  next(): string | undefined;
}

/** What separates words: C++'s isspace (space, tab, newline, vertical tab, form feed, return). */
export const WORD_SEPARATOR = /[ \t\n\v\f\r]+/;

/** The words of a text, for tests and callers holding the whole input. */
export function wordsOf(text: string): Words {
  const words = text.split(WORD_SEPARATOR).filter((word) => word !== '');
  let index = 0;
  return { next: () => words[index++] };
}

export type Seat = 'human' | 'computer';

/**
 * `c` is a computer; any other word is a human, as in the course's program. (That program reads one
 * character, so its `computer` is a computer followed by the answer `omputer`; a whole word is read
 * here, and only `c` is a computer.)
 */
export function readSeat(words: Words): Seat | 'end' {
  const word = words.next();
  if (word === undefined) return 'end';
  return word === 'c' ? 'computer' : 'human';
}

export type Command =
  | { readonly kind: 'play' | 'discard'; readonly card: Card }
  | { readonly kind: 'deck' | 'quit' | 'ragequit' }
  /** `play` or `discard` with a word that is no card. */
  | { readonly kind: 'bad rank' | 'bad suit' }
  | { readonly kind: 'unknown'; readonly word: string }
  | { readonly kind: 'end' };

/** Reads one command: one word, or two for `play` and `discard`. */
export function readCommand(words: Words): Command {
  const word = words.next();
  if (word === undefined) return { kind: 'end' };
  switch (word) {
    case 'deck':
    case 'quit':
    case 'ragequit':
      return { kind: word };
    case 'play':
    case 'discard': {
      const cardWord = words.next();
      if (cardWord === undefined) return { kind: 'end' };
      const card = parseCard(cardWord);
      return typeof card === 'string' ? { kind: card } : { kind: word, card };
    }
    default:
      return { kind: 'unknown', word };
  }
}

/**
 * A card word as the handout writes cards: a rank letter (A 2..9 T J Q K) then a suit letter (C D H S),
 * upper case. The rank is judged first, as the course's program does; anything but exactly one suit
 * letter after the rank (`7`, `7h`, `7SS`) is a bad suit.
 */
export function parseCard(word: string): Card | 'bad rank' | 'bad suit' {
  const rank = RankLetters.indexOf(word.slice(0, 1));
  if (rank < 1) return 'bad rank';
  const suit = SuitLetters.indexOf(word.slice(1));
  if (suit < 0) return 'bad suit';
  return { rank: rank as Rank, suit: suit as Suit };
}
