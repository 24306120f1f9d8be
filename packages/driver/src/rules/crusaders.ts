// The 2021 edition, SOS Brigade vs Stardust Crusaders (SPEC section 6; the rules are those of
// compat/crusaders/README.md). Rounds of one player against one dealer; a round ends with one of
// them kicked out; the game ends when a whole team is out. Every special rule of the edition is here
// or in packages/player/src/characters.ts (who plays how).
import {
  characterName,
  characterSheet,
  createRoster,
  otherTeam,
  TEAM_SIZE,
  type Team,
  TeamNames,
} from '@pitboss/player';
import { type GameResult, type HouseRules, playRound, type Say, type Seat, Table } from '../engine.ts';
import { UsageError } from '../errors.ts';
import { crusadersVoice } from '../voice.ts';
import type { RuleSet } from './rule-set.ts';
import { playerType, positiveInteger } from './words.ts';

export const CRUSADERS_MINIMUM = 5;

/** Joseph Joestar escapes when poor (only as player); Kujo Jotaro stops time (as player and as dealer). */
const isJoseph = (team: Team, id: number) => team === 'sc' && id === 1;
const isJotaro = (team: Team, id: number) => team === 'sc' && id === 2;

/** What characters shout, each line `<role>: <name>: "<shout>"`. */
export const SHOUTS = {
  timeStop: 'Star Platinum, Za Warudo',
  escape: 'Ni Ge Run Da Yo',
} as const;

/** The cheers of the characters who cheer when they win a round, as player or as dealer. */
const CHEERS: readonly { team: Team; id: number; cheer: string }[] = [
  { team: 'sc', id: 1, cheer: 'Nice!' },
  { team: 'sc', id: 4, cheer: 'rerorerorero rerorerorero' },
];

const GAME_OVER: Readonly<Record<Team, string>> = {
  sc: 'Game over. The winner is Stardust Crusaders. SOS Brigade will return the computer to Joseph Joestar and Suzumiya Haruhi will become a member of Stardust Crusaders',
  sos: 'Game over. The winner is SOS Brigade. SOS Brigade got four computers and Stardust Crusaders become an affiliate group of SOS Brigade',
};

const ROLE: Readonly<Record<Seat, string>> = { player: 'Player', dealer: 'Dealer' };

export const shoutLine = (seat: Seat, name: string, shout: string) => `${ROLE[seat]}: ${name}: "${shout}"`;

export const kickedOutLine = (seat: Seat, name: string, winner: string) =>
  `${ROLE[seat]}: ${name} has been kicked out. The winner of this round is ${winner}.`;

export const cardUsedUpLine = (handNumber: number) =>
  `Hand ${handNumber} card used up, this hand will start again`;

/**
 * `blackjack --rules crusaders <bankroll> <hands> <simple|counting> <sc|sos>`, the last word naming
 * the dealers' team.
 */
export const crusaders: RuleSet = {
  name: 'crusaders',
  usage: '<bankroll> <hands> <simple|counting> <sc|sos>',
  parseWords(words) {
    const [bankroll, hands, type, team] = words;
    if (
      words.length !== 4 ||
      bankroll === undefined ||
      hands === undefined ||
      type === undefined ||
      team === undefined
    ) {
      throw new UsageError('ARG_COUNT', `expected 4 words, got ${words.length}`);
    }
    return {
      bankroll: positiveInteger(bankroll, 'bankroll'),
      minimum: CRUSADERS_MINIMUM,
      hands: positiveInteger(hands, 'hands'),
      playerType: playerType(type),
      dealerTeam: dealerTeam(team),
    };
  },
  play(table, equipment, say): GameResult {
    const dealers = table.dealerTeam ?? 'sc';
    const players = otherTeam(dealers);
    const getPlayer = equipment.getPlayer ?? createRoster();
    const seats = new Table(equipment);
    let playerId = 1;
    let dealerId = 1;
    // A player enters with the bankroll argument (times their sheet's multiple) and keeps what they
    // have while they keep winning rounds.
    let carried: number | undefined;
    let handsPlayed = 0;
    let bankroll = 0;
    while (playerId <= TEAM_SIZE && dealerId <= TEAM_SIZE) {
      const player = getPlayer(dealers, table.playerType, playerId);
      const playerName = characterName(players, playerId);
      const dealerName = characterName(dealers, dealerId);
      const voice = crusadersVoice(playerName, dealerName);
      const escapes = isJoseph(players, playerId);
      const house: HouseRules = {
        timeStop: {
          ...(isJotaro(players, playerId) && {
            player: { shout: () => shoutLine('player', playerName, SHOUTS.timeStop) },
          }),
          ...(isJotaro(dealers, dealerId) && {
            dealer: { shout: () => shoutLine('dealer', dealerName, SHOUTS.timeStop) },
          }),
        },
        restartWhenDeckEmpty: { line: cardUsedUpLine },
        // Joseph fears being poor: below half the bankroll argument (not of his doubled one), he runs.
        ...(escapes && { leavesAfterHand: (now: number) => now < Math.floor(table.bankroll / 2) }),
      };
      const entering = carried ?? table.bankroll * characterSheet(players, playerId).bankrollTimes;
      const round = playRound(
        seats,
        { bankroll: entering, minimum: table.minimum, hands: table.hands, player, house },
        voice,
        say,
      );
      handsPlayed += round.handsPlayed;
      bankroll = round.bankroll;
      say(voice.finalBankroll(round.bankroll, round.handsPlayed));
      if (round.left) say(shoutLine('player', playerName, SHOUTS.escape));
      if (round.left || round.bankroll < table.minimum) {
        say(kickedOutLine('player', playerName, dealerName));
        // Nobody cheers an escape (and the one who escapes never deals).
        if (!round.left) cheer('dealer', dealers, dealerId, dealerName, say);
        playerId++;
        carried = undefined;
      } else {
        say(kickedOutLine('dealer', dealerName, playerName));
        cheer('player', players, playerId, playerName, say);
        dealerId++;
        carried = round.bankroll;
      }
    }
    say(GAME_OVER[playerId > TEAM_SIZE ? dealers : players]);
    return { bankroll, handsPlayed };
  },
};

function cheer(seat: Seat, team: Team, id: number, name: string, say: Say): void {
  const cheering = CHEERS.find((c) => c.team === team && c.id === id);
  if (cheering !== undefined) say(shoutLine(seat, name, cheering.cheer));
}

function dealerTeam(word: string): Team {
  if (word !== 'sc' && word !== 'sos') {
    throw new UsageError(
      'UNKNOWN_TEAM',
      `unknown dealer team '${word}' (expected sc for ${TeamNames.sc} or sos for ${TeamNames.sos})`,
    );
  }
  return word;
}
