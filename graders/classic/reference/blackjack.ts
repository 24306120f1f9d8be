// The reference driver laid out as a submission: the shared engine, playing with whatever deck.ts,
// hand.ts and player.ts sit beside it (the student's or the reference's) and the provided getCut().
import { findRuleSet } from '@pitboss/driver';
import { Deck } from './deck';
import { Hand } from './hand';
import { getCounting, getSimple } from './player';
import { getCut } from './rand';

const classic = findRuleSet('classic')!;
const table = classic.parseWords(process.argv.slice(2), { readFile: () => '' });
let transcript = '';
classic.play(
  table,
  {
    cuts: { nextCut: getCut },
    deck: new Deck(),
    newHand: () => new Hand(),
    player: table.playerType === 'simple' ? getSimple() : getCounting(),
  },
  (line) => {
    transcript += `${line}\n`;
  },
);
process.stdout.write(transcript);
