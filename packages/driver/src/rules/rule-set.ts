import type { CutSource, DeckADT } from '@pitboss/deck';
import type { HandADT } from '@pitboss/hand';
import type { GetPlayer, Player, PlayerType, Team } from '@pitboss/player';
import type { GameResult, Say } from '../engine.ts';

/** What a rule set reads from its command-line words. */
export interface TableSetup {
  bankroll: number;
  minimum: number;
  hands: number;
  playerType: PlayerType;
  /** Crusaders: the team that deals. */
  dealerTeam?: Team | undefined;
  initialCuts?: number[] | undefined;
}

/** What a game is played with: the reference's unless a grader links in a student's. */
export interface Equipment {
  cuts: CutSource;
  deck?: DeckADT | undefined;
  newHand?: (() => HandADT) | undefined;
  /** The one player of a classic game; a fresh one of the table's type by default. */
  player?: Player | undefined;
  /** The roster of a game with characters; a fresh roster by default. */
  getPlayer?: GetPlayer | undefined;
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
  /** Reads the words into a table; throws a UsageError naming the word at fault. */
  parseWords(words: readonly string[], context: WordsContext): TableSetup;
  /** Plays a whole game, saying each line of its transcript. */
  play(table: TableSetup, equipment: Equipment, say: Say): GameResult;
}
