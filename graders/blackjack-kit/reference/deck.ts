// The reference laid out as a submission, for every edition: the packages behind the contract's names.
// An edition's reference/ folder (one file per student file, as grading stages it) re-exports these.
export { Deck } from '@pitboss/deck';
