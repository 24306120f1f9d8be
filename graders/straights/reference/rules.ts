// The reference rules.ts, laid out as a submission's: packages/straights' own functions. Staged beside
// a student's straights.ts for the runs that judge the program alone ("linked"), and one of the
// correct implementations students' tests must pass on. It imports the rules module alone (not the
// package's index, whose CLI reads stdin with node:fs): students' tests run where only node:test,
// node:assert and node:util may be imported, and so must every implementation they run on.
export { computerMove, legalPlays } from '@pitboss/straights/rules';
