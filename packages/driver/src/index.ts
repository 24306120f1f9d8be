export { type CliIo, EXIT_OK, EXIT_USAGE, runCli } from './cli.ts';
export {
  BLACKJACK,
  CUTS_PER_SHUFFLE,
  DEALER_STANDS_ON,
  type GameResult,
  type GameSetup,
  playGame,
  RESHUFFLE_BELOW,
  type Say,
} from './engine.ts';
export { UsageError, type UsageErrorCode } from './errors.ts';
export { findRuleSet, RULE_SETS } from './rules/index.ts';
export type { RuleSet, TableSetup, WordsContext } from './rules/rule-set.ts';
export { playTranscript, setUpGame, streamGame, type Transcript, type TranscriptOptions } from './table.ts';
export { classicVoice, type Voice, type VoiceLine, withPrefix } from './voice.ts';
