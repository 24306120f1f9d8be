import { type Card, DECK_SIZE, SpotNames, SuitNames } from './card.ts';

const SPOTS = SpotNames.length;
// Long transcripts name a card on most lines: name each of the 52 once.
const NAMES: readonly string[] = Array.from(
  { length: DECK_SIZE },
  (_, i) => `${SpotNames[i % SPOTS]} of ${SuitNames[Math.floor(i / SPOTS)]}`,
);

/** A card as the transcripts print it: `Ace of Spades`. */
export function cardName(card: Card): string {
  return NAMES[card.suit * SPOTS + card.spot]!;
}
