// The driver's transcript cases: the program run with these words, compared with the reference. The
// course's pretests, one case per special rule, the edge and long cases are data (transcripts.txt);
// the generated ones are drawn here.
import { fileURLToPath } from 'node:url';
import { casesFrom, gameWordArbs, generated } from '@pitboss/blackjack-kit/transcripts';
import type { TranscriptCase } from '@pitboss/grader/kit';
import fc from 'fast-check';

/** Argument sets drawn once from a fixed seed: small and large bankrolls, either team dealing. */
const GENERATED_SEED = 2021;
const argumentSets = fc
  .record({
    ...gameWordArbs({ bankroll: [25, 2000], hands: [10, 300] }),
    dealers: fc.constantFrom('sc', 'sos'),
  })
  .map(({ bankroll, hands, type, dealers }) => [`${bankroll}`, `${hands}`, type, dealers]);

export const transcriptCases: readonly TranscriptCase[] = [
  ...casesFrom(fileURLToPath(new URL('./transcripts.txt', import.meta.url))),
  ...generated(GENERATED_SEED, argumentSets),
];
