// deck.ts in a linked run that checks calls: the reference deck, its shuffles and resets recorded.
// (Package paths, not relative ones: a recorder's relative imports name the stage's other files.)
import { recordingDeckClass } from '@pitboss/blackjack-kit/calls';
import { Deck as ReferenceDeck } from '@pitboss/blackjack-kit/reference/deck';
import { recordCall } from '@pitboss/grader/kit/calls';

export const Deck = recordingDeckClass(ReferenceDeck, recordCall);
