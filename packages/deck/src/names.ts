import { type Card, SpotNames, SuitNames } from './card.ts';

/** A card as the transcripts print it: `Ace of Spades`. */
export function cardName(card: Card): string {
  return `${SpotNames[card.spot]} of ${SuitNames[card.suit]}`;
}
