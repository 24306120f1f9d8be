// The one-player editions' reference players (classic, minbet): one shared instance each.
export { getCounting, getSimple } from '@pitboss/player';
