import type { CardSource, CutSource, DeckADT } from '@pitboss/deck';
import type { HandADT } from '@pitboss/hand';
import type { GetPlayer, Player, PlayerType, Team } from '@pitboss/player';
import type { GameResult, Say } from '../engine.ts';

/** What a one-player rule set (classic, minbet, crusaders) reads from its command-line words. */
export interface TableSetup {
  bankroll: number;
  minimum: number;
  hands: number;
  playerType: PlayerType;
  /** Crusaders: the team that deals. */
  dealerTeam?: Team | undefined;
  initialCuts?: number[] | undefined;
}

/**
 * Writes a prompt, waits for the player's next word (undefined once the input has ended), then ends
 * the line: the input is not echoed, so the transcript shows the prompt and a newline.
 */
export type Ask = (prompt: string) => string | undefined;

/** What a game is played with: the reference's unless a grader links in a student's or a test stacks it. */
export interface Equipment {
  cuts: CutSource;
  deck?: DeckADT | undefined;
  newHand?: (() => HandADT) | undefined;
  /** The one player of a classic game; a fresh one of the table's type by default. */
  player?: Player | undefined;
  /** The roster of a game with characters; a fresh roster by default. */
  getPlayer?: GetPlayer | undefined;
  /** Where MT19937 starts, for a rule set that draws from it itself (table's shuffle); 0 by default. */
  seed?: number | undefined;
  /** Table: the deck a round deals from, opened once a round; a fresh seeded shuffle by default. */
  openDeck?: (() => CardSource) | undefined;
  /** Table: the players' words; without it the input has ended before the game starts. */
  ask?: Ask | undefined;
}

/** How a rule set may touch the outside world while it reads its words (a cuts file). */
export interface WordsContext {
  readFile(path: string): string;
}

/** One rule set: data and small hooks over the shared engine, never a driver of its own. */
export interface RuleSet<Setup = TableSetup> {
  readonly name: string;
  /** The words after the options, as the usage line shows them. */
  readonly usage: string;
  /** Where MT19937 starts when no `--seed` is given: the course's 0 unless the rule set says otherwise. */
  defaultSeed?(): number;
  /** Reads the words into a setup; throws a UsageError naming the word at fault. */
  parseWords(words: readonly string[], context: WordsContext): Setup;
  /** Plays a whole game, saying each line of its transcript. */
  play(setup: Setup, equipment: Equipment, say: Say): GameResult;
}
