import { DECK_SIZE } from '@pitboss/deck';
import { isPlayerType, type PlayerType } from '@pitboss/player';
import { UsageError } from '../errors.ts';

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
