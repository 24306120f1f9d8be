export { type Card, DECK_SIZE, DeckEmpty, Spot, SpotNames, Suit, SuitNames } from './card.ts';
export { Deck, type DeckADT, NEW_DECK_ORDER } from './deck.ts';
export { cardName } from './names.ts';
export { type CutSource, createCutSource, getCut, Mt19937 } from './rand.ts';
export {
  type CardSource,
  type RandomSource,
  shuffledDecks,
  TABLE_DECK_ORDER,
  TableDeck,
  TableRankNames,
  tableCardName,
} from './table-deck.ts';
