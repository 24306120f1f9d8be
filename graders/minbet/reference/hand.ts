export { Hand } from '@pitboss/blackjack-kit/reference/hand';
