import { createCutSource } from '@pitboss/deck';
import { createPlayer } from '@pitboss/player';
import { type GameResult, playGame } from './engine.ts';
import type { RuleSet, WordsContext } from './rules/rule-set.ts';

export interface TranscriptOptions extends WordsContext {
  /** Where MT19937 starts; 0, the course's, unless asked otherwise. */
  seed?: number | undefined;
}

export interface Transcript extends GameResult {
  /** Every line printed, each ending in `\n`. */
  text: string;
}

/** Plays one whole game of a rule set, as one run of the CLI would, and returns its transcript. */
export function playTranscript(rules: RuleSet, words: readonly string[], options: TranscriptOptions): Transcript {
  const table = rules.parseWords(words, options);
  const lines: string[] = [];
  const result = playGame(
    {
      ...table,
      player: createPlayer(table.playerType),
      cuts: createCutSource(options.seed ?? 0),
    },
    rules.voice,
    (line) => lines.push(line),
  );
  lines.push('');
  return { ...result, text: lines.join('\n') };
}
