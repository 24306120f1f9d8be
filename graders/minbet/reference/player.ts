export { getCounting, getSimple } from '@pitboss/blackjack-kit/reference/player';
