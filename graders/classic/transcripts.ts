// The driver's transcript cases: the program run with these words, compared with the reference. The
// course's, edge and long cases are data (transcripts.txt); the generated ones are drawn here.
import { fileURLToPath } from 'node:url';
import { casesFrom, gameWordArbs, generated } from '@pitboss/blackjack-kit/transcripts';
import type { TranscriptCase } from '@pitboss/grader/kit';
import fc from 'fast-check';

/** Argument sets drawn once from a fixed seed: small and large bankrolls and games. */
const GENERATED_SEED = 280;
const argumentSets = fc
  .record(gameWordArbs({ bankroll: [20, 2000], hands: [10, 600] }))
  .map(({ bankroll, hands, type }) => [`${bankroll}`, `${hands}`, type]);

export const transcriptCases: readonly TranscriptCase[] = [
  ...casesFrom(fileURLToPath(new URL('./transcripts.txt', import.meta.url))),
  ...generated(GENERATED_SEED, argumentSets),
];
