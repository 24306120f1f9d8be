// The reference driver of any edition, laid out as a submission: the shared engine's rule set, playing
// with whatever deck.ts, hand.ts and player.ts sit beside the edition's reference blackjack.ts (the
// student's or the reference's) and the provided getCut(), which that file hands in.
import { readFileSync } from 'node:fs';
import type { DeckADT } from '@pitboss/deck';
import { findRuleSet, type RuleSet, type RuleSetName, type TableSetup } from '@pitboss/driver';
import type { HandADT } from '@pitboss/hand';
import type { GetPlayer, Player } from '@pitboss/player';

export interface Links {
  Deck: new () => DeckADT;
  Hand: new () => HandADT;
  getCut: () => number;
  /** The one player of the table, for a one-player edition. */
  player?: ((table: TableSetup) => Player) | undefined;
  /** The roster, for an edition of characters. */
  getPlayer?: GetPlayer | undefined;
}

/** The one-player editions' choice: getSimple() or getCounting(), as the table's player type says. */
export const simpleOrCounting =
  (getSimple: () => Player, getCounting: () => Player) =>
  (table: TableSetup): Player =>
    table.playerType === 'simple' ? getSimple() : getCounting();

/** Plays the command line's game by `rules` and prints its transcript. */
export function playAsReference(rules: Exclude<RuleSetName, 'table'>, links: Links): void {
  const ruleSet: RuleSet = findRuleSet(rules);
  const table = ruleSet.parseWords(process.argv.slice(2), { readFile: (path) => readFileSync(path, 'utf8') });
  let transcript = '';
  ruleSet.play(
    table,
    {
      cuts: { nextCut: links.getCut },
      deck: new links.Deck(),
      newHand: () => new links.Hand(),
      player: links.player?.(table),
      getPlayer: links.getPlayer,
    },
    (line) => {
      transcript += `${line}\n`;
    },
  );
  process.stdout.write(transcript);
}
