import { createCutSource } from '@pitboss/deck';
import { createPlayer } from '@pitboss/player';
import { type GameResult, type GameSetup, playGame } from './engine.ts';
import type { RuleSet, WordsContext } from './rules/rule-set.ts';

export interface TranscriptOptions extends WordsContext {
  /** Where MT19937 starts; 0, the course's, unless asked otherwise. */
  seed?: number | undefined;
}

export interface Transcript extends GameResult {
  /** Every line printed, each ending in `\n`. */
  text: string;
}

/** Reads a rule set's words into a game ready to play; throws a UsageError before anything is played. */
export function setUpGame(rules: RuleSet, words: readonly string[], options: TranscriptOptions): GameSetup {
  const table = rules.parseWords(words, options);
  return { ...table, player: createPlayer(table.playerType), cuts: createCutSource(options.seed ?? 0) };
}

/** Plays a game, handing its transcript to `write` in chunks of about `chunkSize` characters. */
export function streamGame(
  rules: RuleSet,
  game: GameSetup,
  write: (chunk: string) => void,
  chunkSize = 1 << 16,
): GameResult {
  // Short-lived chunks keep a 100,000-line transcript from surviving into the old generation.
  let chunk = '';
  const result = playGame(game, rules.voice, (line) => {
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
