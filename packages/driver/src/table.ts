import { createCutSource } from '@pitboss/deck';
import type { GameResult } from './engine.ts';
import type { RuleSet, TableSetup, WordsContext } from './rules/rule-set.ts';

export interface TranscriptOptions extends WordsContext {
  /** Where MT19937 starts; 0, the course's, unless asked otherwise. */
  seed?: number | undefined;
}

export interface Transcript extends GameResult {
  /** Every line printed, each ending in `\n`. */
  text: string;
}

/** A rule set's words read into a table, and the cut source to play it with. */
export interface GameWords {
  table: TableSetup;
  seed: number;
}

/** Reads a rule set's words; throws a UsageError before anything is played. */
export function setUpGame(rules: RuleSet, words: readonly string[], options: TranscriptOptions): GameWords {
  return { table: rules.parseWords(words, options), seed: options.seed ?? 0 };
}

/** Plays a game with the reference's equipment, handing its transcript to `write` in chunks of about `chunkSize` characters. */
export function streamGame(
  rules: RuleSet,
  game: GameWords,
  write: (chunk: string) => void,
  chunkSize = 1 << 16,
): GameResult {
  // Short-lived chunks keep a 100,000-line transcript from surviving into the old generation.
  let chunk = '';
  const result = rules.play(game.table, { cuts: createCutSource(game.seed) }, (line) => {
    chunk += `${line}\n`;
    if (chunk.length >= chunkSize) {
      write(chunk);
      chunk = '';
    }
  });
  write(chunk);
  return result;
}

/** Plays one whole game of a rule set, as one run of the CLI would, and returns its transcript. */
export function playTranscript(
  rules: RuleSet,
  words: readonly string[],
  options: TranscriptOptions,
): Transcript {
  const chunks: string[] = [];
  const result = streamGame(rules, setUpGame(rules, words, options), (chunk) => chunks.push(chunk));
  return { ...result, text: chunks.join('') };
}
