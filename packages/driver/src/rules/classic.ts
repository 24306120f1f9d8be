import { createPlayer } from '@pitboss/player';
import { playGame } from '../engine.ts';
import { UsageError } from '../errors.ts';
import { classicVoice, type Voice } from '../voice.ts';
import type { RuleSet } from './rule-set.ts';
import { playerType, positiveInteger } from './words.ts';

export const CLASSIC_MINIMUM = 5;

/** One player, one round, in `voice`: how the classic game and its variants are played. */
export const playOnePlayerGame =
  (voice: Voice): RuleSet['play'] =>
  (table, equipment, say) =>
    playGame(
      { ...table, ...equipment, player: equipment.player ?? createPlayer(table.playerType) },
      voice,
      say,
    );

/** The course's game: `blackjack <bankroll> <hands> <simple|counting>`, minimum bet 5. */
export const classic: RuleSet = {
  name: 'classic',
  usage: '<bankroll> <hands> <simple|counting>',
  parseWords(words) {
    const [bankroll, hands, type] = words;
    if (words.length !== 3 || bankroll === undefined || hands === undefined || type === undefined) {
      throw new UsageError('ARG_COUNT', `expected 3 words, got ${words.length}`);
    }
    return {
      bankroll: positiveInteger(bankroll, 'bankroll'),
      minimum: CLASSIC_MINIMUM,
      hands: positiveInteger(hands, 'hands'),
      playerType: playerType(type),
    };
  },
  play: playOnePlayerGame(classicVoice),
};
