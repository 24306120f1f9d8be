// The reference roster: one shared instance per character, as the contract asks.
export { getPlayer } from '@pitboss/player';
