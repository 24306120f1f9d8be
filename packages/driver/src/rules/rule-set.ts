import type { PlayerType } from '@pitboss/player';
import type { Voice } from '../voice.ts';

/** What a rule set reads from its command-line words. */
export interface TableSetup {
  bankroll: number;
  minimum: number;
  hands: number;
  playerType: PlayerType;
  initialCuts?: number[] | undefined;
}

/** How a rule set may touch the outside world while it reads its words (a cuts file). */
export interface WordsContext {
  readFile(path: string): string;
}

/** One rule set: data and small hooks over the shared engine, never a driver of its own. */
export interface RuleSet {
  readonly name: string;
  /** The words after the options, as the usage line shows them. */
  readonly usage: string;
  readonly voice: Voice;
  /** Reads the words into a table; throws a UsageError naming the word at fault. */
  parseWords(words: readonly string[], context: WordsContext): TableSetup;
}
