// The reference driver laid out as a submission: the kit's, playing the minbet rule set (its cuts file
// read from the run's folder, where grading writes a case's files).
import { playAsReference, simpleOrCounting } from '@pitboss/blackjack-kit/reference/play';
import { Deck } from './deck';
import { Hand } from './hand';
import { getCounting, getSimple } from './player';
import { getCut } from './rand';

playAsReference('minbet', { Deck, Hand, getCut, player: simpleOrCounting(getSimple, getCounting) });
