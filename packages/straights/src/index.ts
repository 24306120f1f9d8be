export {
  type Card,
  cardName,
  DECK_SIZE,
  RANKS,
  Rank,
  RankLetters,
  SEVEN_OF_SPADES,
  SUITS,
  Suit,
  SuitLetters,
  SuitNames,
  sameCard,
} from './card.ts';
export {
  type CliIo,
  EXIT_INTERNAL,
  EXIT_NOT_A_NUMBER,
  EXIT_OK,
  EXIT_OUT_OF_RANGE,
  EXIT_USAGE,
  parseSeed,
  runCli,
  USAGE,
} from './cli.ts';
export {
  type Command,
  parseCard,
  readCommand,
  readSeat,
  type Seat,
  type Words,
  wordsOf,
} from './commands.ts';
export { Deck, HAND_SIZE, newDeckOrder, PLAYERS } from './deck.ts';
export { type GameOptions, type GameResult, playGame } from './game.ts';
export { type Engine, MinstdRand0, shuffle, shuffleSwaps, uniformInt } from './rand.ts';
export { isRoundOver, makeMove, openingSeat, type Round, startRound } from './round.ts';
export { computerMove, isLegalPlay, legalPlays, type Move, type Refusal, refusal } from './rules.ts';
export { discardPoints, GAME_OVER_SCORE, isGameOver, winners } from './score.ts';
export { EMPTY_TABLE, isTableEmpty, type Pile, pileOf, placeCard, type Table, tableOf } from './table.ts';
