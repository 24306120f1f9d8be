export { Hand, type HandADT, type HandValue, hardWorth } from './hand.ts';
export { TableHand } from './table-hand.ts';
