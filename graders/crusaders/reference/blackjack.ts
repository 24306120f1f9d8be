// The reference driver laid out as a submission: the shared engine's crusaders rules, playing with
// whatever deck.ts, hand.ts and player.ts sit beside it (the student's or the reference's) and the
// provided getCut().
import { findRuleSet } from '@pitboss/driver';
import { Deck } from './deck';
import { Hand } from './hand';
import { getPlayer } from './player';
import { getCut } from './rand';

const crusaders = findRuleSet('crusaders')!;
const table = crusaders.parseWords(process.argv.slice(2), { readFile: () => '' });
let transcript = '';
crusaders.play(
  table,
  { cuts: { nextCut: getCut }, deck: new Deck(), newHand: () => new Hand(), getPlayer },
  (line) => {
    transcript += `${line}\n`;
  },
);
process.stdout.write(transcript);
