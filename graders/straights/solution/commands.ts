// A human's commands, read from the input a word at a time.
import { type Card, type Rank, RankLetters, type Suit, SuitLetters } from './card';
import type { WordReader } from './input';

export type Command =
  | { kind: 'play'; card: Card }
  | { kind: 'discard'; card: Card }
  | { kind: 'deck' }
  | { kind: 'quit' }
  | { kind: 'ragequit' }
  | { kind: 'bad-rank' }
  | { kind: 'bad-suit' }
  | { kind: 'invalid' }
  | { kind: 'end' };

function readCard(word: string): Card | 'bad-rank' | 'bad-suit' {
  const rank = RankLetters.indexOf(word.charAt(0));
  if (rank < 1) return 'bad-rank';
  const suit = SuitLetters.indexOf(word.slice(1));
  if (suit < 0) return 'bad-suit';
  return { rank: rank as Rank, suit: suit as Suit };
}

export function readCommand(input: WordReader): Command {
  const word = input.next();
  if (word === undefined) return { kind: 'end' };
  if (word === 'deck' || word === 'quit' || word === 'ragequit') return { kind: word };
  if (word === 'play' || word === 'discard') {
    const cardWord = input.next();
    if (cardWord === undefined) return { kind: 'end' };
    const card = readCard(cardWord);
    if (card === 'bad-rank' || card === 'bad-suit') return { kind: card };
    return { kind: word, card };
  }
  return { kind: 'invalid' };
}
