// The classic assignment (SPEC sections 1-3 and 7): what a submission holds and how it is graded.
import { fileURLToPath } from 'node:url';
import { findRuleSet, playTranscript } from '@pitboss/driver';
import type { Assignment } from '@pitboss/grader/kit';
import { blackjackLimits } from './limits.ts';
import { starterFiles, stubs } from './starter.ts';
import { unitTests } from './suites/index.ts';
import { transcriptCases } from './transcripts.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const classic = findRuleSet('classic')!;

export const assignment: Assignment = {
  name: 'classic',
  title: 'Blackjack (classic): Deck, Hand, Player and the driver',
  version: '1',
  seed: 20261121,
  numRuns: 200,
  studentFiles: [
    { name: 'deck.ts', stub: stubs.deck },
    { name: 'hand.ts', stub: stubs.hand },
    { name: 'player.ts', stub: stubs.player },
    { name: 'blackjack.ts', stub: stubs.blackjack },
  ],
  providedFiles: [
    { name: 'card.ts', source: here('../../packages/deck/src/card.ts') },
    { name: 'rand.ts', source: here('../../packages/deck/src/rand.ts') },
    { name: 'contract.ts', source: here('./provided/contract.ts') },
  ],
  referenceDir: here('./reference'),
  solutionDir: here('./solution'),
  mutantsFile: here('./mutants.json'),
  // The handout asks for tests of the ADTs; the driver is graded by transcripts.
  studentTests: { folder: 'tests', suffix: '.test.ts', about: ['deck.ts', 'hand.ts', 'player.ts'] },
  unitTests,
  transcripts: {
    program: 'blackjack.ts',
    cases: transcriptCases,
    expected: (transcriptCase) => playTranscript(classic, transcriptCase.words, { readFile: () => '' }).text,
  },
  rubricFile: here('./rubric.json'),
  limits: blackjackLimits,
  starterFiles,
  wordsModule: here('./words-for-students.ts'),
  liveTestsModule: here('./live.ts'),
};
