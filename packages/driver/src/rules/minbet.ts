import { UsageError } from '../errors.ts';
import { classicVoice, withPrefix } from '../voice.ts';
import { playOnePlayerGame } from './classic.ts';
import type { RuleSet } from './rule-set.ts';
import { parseCuts, playerType, positiveInteger } from './words.ts';

/** The lines minbet announces with `# `; cuts, cards, totals and the hole card keep no prefix. */
const ANNOUNCED = [
  'shuffling',
  'hand',
  'bets',
  'natural',
  'playerBusts',
  'dealerBusts',
  'dealerWins',
  'playerWins',
  'push',
  'finalBankroll',
] as const;

/**
 * The classic game with a chosen minimum and, optionally, a file of cuts for the first shuffle:
 * `blackjack <bankroll> <min-bet> <hands> <simple|counting> [<cuts-file>]`.
 */
const minbetVoice = withPrefix(classicVoice, '# ', ANNOUNCED);

export const minbet: RuleSet = {
  name: 'minbet',
  usage: '<bankroll> <min-bet> <hands> <simple|counting> [<cuts-file>]',
  play: playOnePlayerGame(minbetVoice),
  parseWords(words, context) {
    const [bankroll, minimum, hands, type, cutsPath] = words;
    if (
      words.length < 4 ||
      words.length > 5 ||
      bankroll === undefined ||
      minimum === undefined ||
      hands === undefined ||
      type === undefined
    ) {
      throw new UsageError('ARG_COUNT', `expected 4 or 5 words, got ${words.length}`);
    }
    const setup = {
      bankroll: positiveInteger(bankroll, 'bankroll'),
      minimum: positiveInteger(minimum, 'min-bet'),
      hands: positiveInteger(hands, 'hands'),
      playerType: playerType(type),
    };
    if (cutsPath === undefined) return setup;
    return { ...setup, initialCuts: parseCuts(readCutsFile(cutsPath, context.readFile), cutsPath) };
  },
};

function readCutsFile(path: string, readFile: (path: string) => string): string {
  try {
    return readFile(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UsageError('CUTS_FILE_UNREADABLE', `cannot read cuts file '${path}' (${reason})`);
  }
}
