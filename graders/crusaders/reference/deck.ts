// The reference laid out as a submission: the packages behind the contract's names.
export { Deck } from '@pitboss/deck';
