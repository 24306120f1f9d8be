export { Hand } from '@pitboss/hand';
