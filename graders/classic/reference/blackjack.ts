// The reference driver laid out as a submission: the kit's, playing the classic rule set.
import { playAsReference, simpleOrCounting } from '@pitboss/blackjack-kit/reference/play';
import { Deck } from './deck';
import { Hand } from './hand';
import { getCounting, getSimple } from './player';
import { getCut } from './rand';

playAsReference('classic', { Deck, Hand, getCut, player: simpleOrCounting(getSimple, getCounting) });
