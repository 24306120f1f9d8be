// The driver's transcript cases: the program run with these words, compared with the reference. The
// course's, edge and long cases are data (transcripts.txt); the generated ones are drawn here.
import { fileURLToPath } from 'node:url';
import { casesFrom, gameWordArbs, generated } from '@pitboss/blackjack-kit/transcripts';
import type { TranscriptCase } from '@pitboss/grader/kit';
import fc from 'fast-check';

/**
 * Argument sets drawn once from a fixed seed: small and large bankrolls and games. Small ones long
 * enough to reach the situations index.ts names (a bankroll of 1 to 20 for up to 10 hands dealt no
 * natural in 12 games).
 */
const GENERATED_SEED = 281;
const argumentSets = fc
  .record(gameWordArbs({ bankroll: [60, 2000], hands: [40, 600] }))
  .map(({ bankroll, hands, type }) => [`${bankroll}`, `${hands}`, type]);

export const transcriptCases: readonly TranscriptCase[] = [
  ...casesFrom(fileURLToPath(new URL('./transcripts.txt', import.meta.url))),
  ...generated(GENERATED_SEED, argumentSets),
];
