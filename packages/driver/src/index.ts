export { type CliIo, EXIT_OK, EXIT_USAGE, runCli } from './cli.ts';
export {
  BLACKJACK,
  CUTS_PER_SHUFFLE,
  DEALER_STANDS_ON,
  dealerHits,
  type GameResult,
  type GameSetup,
  playGame,
  RESHUFFLE_BELOW,
  type Say,
} from './engine.ts';
export { UsageError, type UsageErrorCode } from './errors.ts';
export { splitWords, type WordSource, wordsFromFd, wordsIn } from './input.ts';
export {
  type LiveGame,
  type LiveOptions,
  type PlayLiveOptions,
  playLive,
  playTranscript,
  setUpLiveGame,
  type Transcript,
} from './play.ts';
export { findRuleSet, RULE_SETS, type RuleSetName } from './rules/index.ts';
export type { Ask, Equipment, RuleSet, TableSetup, WordsContext } from './rules/rule-set.ts';
export { legalBet, MAX_PLAYERS, standingOf, type TablePlayer, table, verdict } from './rules/table.ts';
export {
  classicVoice,
  type Standing,
  type TableVoice,
  tableVoice,
  type Verdict,
  type Voice,
  type VoiceLine,
  withPrefix,
} from './voice.ts';
