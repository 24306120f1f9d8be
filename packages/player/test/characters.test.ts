import { type Card, Spot, Suit } from '@pitboss/deck';
import { Hand } from '@pitboss/hand';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basicStrategyHits,
  CHARACTER_SHEETS,
  type Character,
  createRoster,
  getPlayer,
  MemberNames,
  otherTeam,
  PLAYER_TYPES,
  type PlayerType,
  TEAMS,
  type Team,
} from '../src/index.ts';

const card = (spot: Spot): Card => ({ spot, suit: Suit.HEARTS });
const LOW = card(Spot.FIVE);
const HIGH = card(Spot.KING);

/** What each character bets, from the handout, at a count reached by `count` exposures. */
const BETS: Record<string, (count: number, bankroll: number, minimum: number) => number> = {
  'Suzumiya Haruhi': (_c, _b, m) => 2 * m,
  'Nagato Yuki': (c, b, m) => (c >= 2 && b >= 2 * m ? 2 * m : m),
  'Asahina Mikuru': (c, b, m) => (c < -2 && b >= 2 * m ? 2 * m : m),
  Kyon: (_c, _b, m) => m,
  'Joseph Joestar': (c, b, m) => (c >= 2 && b >= 2 * m ? 2 * m : m),
  'Kujo Jotaro': (c, b, m) => (c >= 2 && b >= 2 * m ? 2 * m : m),
  'Jean Pierre Polnareff': (_c, _b, m) => m,
  'Kakyoin Noriaki': (c, b, m) => (c >= 4 && b >= 2 * m ? 2 * m : m),
};
const chosen = (type: PlayerType) => (c: number, b: number, m: number) =>
  type === 'counting' && c >= 2 && b >= 2 * m ? 2 * m : m;

/** Every character: the team that deals against it, its id, and the player type asked for. */
const cast = TEAMS.flatMap((team) =>
  [1, 2, 3, 4, 5].flatMap((id) =>
    PLAYER_TYPES.map((type) => ({
      team,
      dealers: otherTeam(team),
      id,
      type,
      name: MemberNames[team][id - 1]!,
    })),
  ),
);

function atCount(player: Character, count: number): Character {
  player.shuffled();
  for (let i = 0; i < Math.abs(count); i++) player.expose(count > 0 ? LOW : HIGH);
  return player;
}

describe('the crusaders roster', () => {
  it.each(cast)('$name ($type) bets by the handout at every count -6..6 and bankroll 5..21', (who) => {
    const rule = BETS[who.name] ?? chosen(who.type);
    for (let count = -6; count <= 6; count++) {
      for (let bankroll = 5; bankroll <= 21; bankroll++) {
        const player = atCount(createRoster()(who.dealers, who.type, who.id), count);
        expect(player.bet(bankroll, 5), `count ${count}, bankroll ${bankroll}`).toBe(
          rule(count, bankroll, 5),
        );
      }
    }
  });

  it('every character plays the basic strategy for every hand of two or three cards and every up card', () => {
    const hands: Card[][] = [];
    for (let a = 0; a < 13; a++) for (let b = a; b < 13; b++) hands.push([card(a as Spot), card(b as Spot)]);
    for (const who of cast) {
      const player = createRoster()(who.dealers, who.type, who.id);
      for (const cards of hands) {
        const hand = new Hand();
        for (const c of cards) hand.addCard(c);
        for (let up = 0; up < 13; up++) {
          expect(player.draw(card(up as Spot), hand)).toBe(basicStrategyHits(card(up as Spot), hand));
        }
      }
    }
  });

  it('a counting character counts +1 for Two..Six and -1 for Ten..Ace, and forgets on a shuffle', () => {
    const eventArb = fc.oneof(
      fc.integer({ min: 0, max: 12 }).map((spot) => card(spot as Spot)),
      fc.constant('shuffled' as const),
    );
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        const nagato = createRoster()('sc', 'simple', 2);
        let count = 0;
        for (const event of events) {
          if (event === 'shuffled') {
            nagato.shuffled();
            count = 0;
          } else {
            nagato.expose(event);
            count += event.spot <= Spot.SIX ? 1 : event.spot >= Spot.TEN ? -1 : 0;
          }
        }
        expect(nagato.bet(100, 5)).toBe(count >= 2 ? 10 : 5);
      }),
    );
  });

  it.each(cast)('$name answers to its name, id and team', (who) => {
    const player = createRoster()(who.dealers, who.type, who.id);
    expect([player.getName(), player.getID(), player.getTeam()]).toEqual([who.name, who.id, who.team]);
  });

  it('getPlayer hands out one instance per character, and another per type only for ids 5', () => {
    for (const dealers of TEAMS as readonly Team[]) {
      for (let id = 1; id <= 5; id++) {
        expect(getPlayer(dealers, 'simple', id)).toBe(getPlayer(dealers, 'simple', id));
        const sameForBothTypes = getPlayer(dealers, 'simple', id) === getPlayer(dealers, 'counting', id);
        expect(sameForBothTypes).toBe(id !== 5);
      }
    }
    expect(createRoster()('sc', 'simple', 1)).not.toBe(getPlayer('sc', 'simple', 1));
  });

  it('only Joseph Joestar starts with a doubled bankroll', () => {
    const rich = CHARACTER_SHEETS.filter((sheet) => sheet.bankrollTimes !== 1);
    expect(rich.map((sheet) => [sheet.team, sheet.id, sheet.bankrollTimes])).toEqual([['sc', 1, 2]]);
  });
});
