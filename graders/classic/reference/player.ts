export { getCounting, getSimple } from '@pitboss/player';
