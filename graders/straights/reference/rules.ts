// The reference rules.ts, laid out as a submission's: packages/straights' own functions. Staged
// beside a student's straights.ts for the runs that judge the program alone ("linked").
export { computerMove, legalPlays } from '@pitboss/straights';
