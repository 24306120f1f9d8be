// The driver's transcript cases: the program run with these words, compared with the reference. The
// course's, edge and long cases are data (transcripts.txt); a word naming a file of cuts/ brings that
// file along, written beside the program for its run. The generated ones are drawn here, some with a
// cuts file of their own.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cutArb } from '@pitboss/blackjack-kit/arbitraries';
import { casesFrom, type Drawn, generated } from '@pitboss/blackjack-kit/transcripts';
import type { TranscriptCase } from '@pitboss/grader/kit';
import fc from 'fast-check';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The cuts files the cases may name, by name. */
const CUTS: ReadonlyMap<string, string> = new Map(
  readdirSync(here('./cuts')).map((name) => [name, readFileSync(here(`./cuts/${name}`), 'utf8')]),
);

/** A case with the cuts files its words name. */
function withFiles(transcriptCase: TranscriptCase): TranscriptCase {
  const named = transcriptCase.words.filter((word) => CUTS.has(word));
  if (named.length === 0) return transcriptCase;
  return { ...transcriptCase, files: Object.fromEntries(named.map((name) => [name, CUTS.get(name)!])) };
}

/** Argument sets drawn once from a fixed seed: small and large bankrolls, minimums and games, some with cuts. */
const GENERATED_SEED = 2017;
const argumentSets: fc.Arbitrary<Drawn> = fc
  .record({
    bankroll: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 2000 })),
    minimum: fc.oneof(fc.constantFrom(1, 5, 10, 25), fc.integer({ min: 1, max: 50 })),
    hands: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 300 })),
    type: fc.constantFrom('simple', 'counting'),
    cuts: fc.option(fc.array(cutArb, { minLength: 1, maxLength: 9 }), { freq: 2 }),
  })
  .map(({ bankroll, minimum, hands, type, cuts }) => {
    const words = [`${bankroll}`, `${minimum}`, `${hands}`, type];
    if (cuts === null) return { words };
    // Named by its cuts: two cases never share a file name with different contents.
    const name = `cuts_${cuts.join('-')}.txt`;
    return { words: [...words, name], files: { [name]: `${cuts.join(' ')}\n` } };
  });

export const transcriptCases: readonly TranscriptCase[] = [
  ...casesFrom(here('./transcripts.txt')).map(withFiles),
  ...generated(GENERATED_SEED, argumentSets),
];
