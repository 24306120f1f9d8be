export { Hand, type HandADT, type HandValue, hardWorth } from './hand.ts';
