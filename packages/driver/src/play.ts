// A game as the CLI plays it, for every rule set: its transcript handed to a writer as it goes and,
// for a rule set whose players type their moves (table), each prompt handed over before the word
// that answers it is read, so a person at a terminal sees the question. Tests play the same way with
// the input as a string and the writer collecting text.
import { createCutSource } from '@pitboss/deck';
import type { GameResult, Say } from './engine.ts';
import { type WordSource, wordsIn } from './input.ts';
import type { Ask, Equipment, RuleSet, WordsContext } from './rules/rule-set.ts';

/** A rule set's words read into its setup, and where MT19937 starts. */
export interface LiveGame<Setup = unknown> {
  rules: RuleSet<Setup>;
  setup: Setup;
  seed: number;
}

export interface LiveOptions extends WordsContext {
  /** `--seed`; without it, the rule set's default (the course's 0, or the clock at the table). */
  seed?: number | undefined;
}

/** Reads a rule set's words; throws a UsageError before anything is played. */
export function setUpLiveGame<Setup>(
  rules: RuleSet<Setup>,
  words: readonly string[],
  options: LiveOptions,
): LiveGame<Setup> {
  return {
    rules,
    setup: rules.parseWords(words, options),
    seed: options.seed ?? rules.defaultSeed?.() ?? 0,
  };
}

export interface PlayLiveOptions {
  /** Text is handed to the writer in chunks of about this many characters, and before every read. */
  chunkSize?: number | undefined;
  /** Equipment in place of the reference's (a stacked deck). */
  equipment?: Partial<Equipment> | undefined;
}

/** Plays a whole game, reading the players' words from `input` and writing the transcript to `write`. */
export function playLive<Setup>(
  game: LiveGame<Setup>,
  write: (text: string) => void,
  input: WordSource,
  options: PlayLiveOptions = {},
): GameResult {
  const chunkSize = options.chunkSize ?? 1 << 16;
  // Short-lived chunks keep a 100,000-line transcript from surviving into the old generation.
  let chunk = '';
  const say: Say = (line) => {
    chunk += `${line}\n`;
    if (chunk.length >= chunkSize) {
      write(chunk);
      chunk = '';
    }
  };
  const ask: Ask = (prompt) => {
    write(chunk + prompt);
    chunk = '';
    const word = input.nextWord();
    chunk = '\n';
    return word;
  };
  const result = game.rules.play(
    game.setup,
    { cuts: createCutSource(game.seed), seed: game.seed, ask, ...options.equipment },
    say,
  );
  write(chunk);
  return result;
}

export interface Transcript extends GameResult {
  /** Every character printed. */
  text: string;
}

/** Plays one whole game in-process as a run of the CLI would, its stdin given as a text (or a source). */
export function playTranscript<Setup>(
  rules: RuleSet<Setup>,
  words: readonly string[],
  options: Partial<LiveOptions> & PlayLiveOptions & { input?: string | WordSource | undefined },
): Transcript {
  const { input = '', readFile = () => '', ...rest } = options;
  const chunks: string[] = [];
  const result = playLive(
    setUpLiveGame(rules, words, { ...rest, readFile }),
    (text) => chunks.push(text),
    typeof input === 'string' ? wordsIn(input) : input,
    rest,
  );
  return { ...result, text: chunks.join('') };
}
