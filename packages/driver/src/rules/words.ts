import { DECK_SIZE } from '@pitboss/deck';
import { isPlayerType, type PlayerType } from '@pitboss/player';
import { UsageError } from '../errors.ts';
import { isOneWord } from '../input.ts';

// How a rule set reads its command-line words. Each reader throws a UsageError naming the word.

export function positiveInteger(word: string, what: string): number {
  if (!/^[+-]?\d+$/.test(word))
    throw new UsageError('NOT_AN_INTEGER', `${what} must be an integer, got '${word}'`);
  const value = Number(word);
  if (value <= 0) throw new UsageError('NOT_POSITIVE', `${what} must be positive, got ${word}`);
  if (!Number.isSafeInteger(value)) throw new UsageError('TOO_LARGE', `${what} is too large: ${word}`);
  return value;
}

export function playerType(word: string): PlayerType {
  if (!isPlayerType(word)) {
    throw new UsageError('UNKNOWN_PLAYER', `unknown player type '${word}' (expected simple or counting)`);
  }
  return word;
}

/** A cuts file: whitespace-separated integers, each 0..52, at least one. */
export function parseCuts(text: string, path: string): number[] {
  const tokens = text.split(/\s+/).filter((token) => token !== '');
  if (tokens.length === 0) throw new UsageError('CUTS_FILE_EMPTY', `cuts file '${path}' holds no cut`);
  return tokens.map((token, i) => {
    const cut = /^[+-]?\d+$/.test(token) ? Number(token) : Number.NaN;
    if (!(cut >= 0 && cut <= DECK_SIZE)) {
      throw new UsageError(
        'BAD_CUT',
        `cuts file '${path}': cut ${i + 1} is '${token}', not an integer from 0 to ${DECK_SIZE}`,
      );
    }
    return cut;
  });
}

/** A word as a message shows it: in quotes, escaped if it holds a control character (the message stays one line). */
export function quoted(word: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  return /[\u0000-\u001f\u007f]/.test(word) ? JSON.stringify(word) : `'${word}'`;
}

/** A whole number, 0 or more, as the table reads funds and bets: digits, an optional `+`, no size limit. */
export function readWholeNumber(word: string): bigint | undefined {
  return /^\+?\d+$/.test(word) ? BigInt(word) : undefined;
}

export function wholeNumber(word: string, what: string): bigint {
  const value = readWholeNumber(word);
  if (value !== undefined) return value;
  if (/^-\d+$/.test(word)) throw new UsageError('NEGATIVE', `${what} must be 0 or more, got ${word}`);
  throw new UsageError('NOT_AN_INTEGER', `${what} must be a whole number, got ${quoted(word)}`);
}

/** A player's name: any one word (not empty, no whitespace), printed as given. */
export function playerName(word: string): string {
  if (!isOneWord(word)) {
    throw new UsageError('BAD_NAME', `a player's name must be one word, got ${quoted(word)}`);
  }
  return word;
}
