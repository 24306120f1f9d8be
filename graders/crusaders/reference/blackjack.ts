// The reference driver laid out as a submission: the kit's, playing the crusaders rule set with the
// roster of whatever player.ts sits beside it.
import { playAsReference } from '@pitboss/blackjack-kit/reference/play';
import { Deck } from './deck';
import { Hand } from './hand';
import { getPlayer } from './player';
import { getCut } from './rand';

playAsReference('crusaders', { Deck, Hand, getCut, getPlayer });
