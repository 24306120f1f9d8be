// CS246's Straights (SPEC section 9, handout seeds/002_...): a second game in the same grader. The
// student writes straights.ts, the program, in modules of their own design, and rules.ts, whose two
// pure functions are tested alone against the reference (packages/straights); the program is graded
// by transcripts fed stdin. Provided: card.ts, rand.ts (libstdc++'s engine and shuffle) and table.ts
// (the Table type rules.ts works on), packages/straights' own files, unchanged.
import { fileURLToPath } from 'node:url';
import type { Assignment, Limits } from '@pitboss/grader/kit';
import { cppEdition } from './cpp.ts';
import { straightsEvents } from './events.ts';
import { starterFiles, stubs } from './starter.ts';
import { rulesTests } from './suites/rules.ts';
import { endAsTheCourse, expectedTranscript, transcriptCases } from './transcripts.ts';
import { describeValue } from './words.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** A game prints a few thousand lines and plays in well under a second. */
const limits: Limits = {
  testTimeoutMs: 20_000,
  programTimeoutMs: 10_000,
  heapMb: 512,
  outputBytes: 16 * 1024 * 1024,
  budgetMs: 600_000,
};

const typescript: Assignment = {
  name: 'straights',
  title: "Straights (CS246): the game's program in modules of your design, and rules.ts",
  version: '1',
  seed: 2462021,
  numRuns: 200,
  studentFiles: [
    { name: 'straights.ts', stub: stubs.straights },
    { name: 'rules.ts', stub: stubs.rules },
  ],
  providedFiles: [
    { name: 'card.ts', source: here('../../packages/straights/src/card.ts') },
    { name: 'rand.ts', source: here('../../packages/straights/src/rand.ts') },
    { name: 'table.ts', source: here('../../packages/straights/src/table.ts') },
  ],
  referenceDir: here('./reference'),
  solutionDir: here('./solution'),
  mutantsFile: here('./mutants.json'),
  // The handout's design is graded by hand; students' tests are about the rules, tested alone.
  studentTests: { folder: 'tests', suffix: '.test.ts', about: ['rules.ts'] },
  unitTests: rulesTests,
  transcripts: {
    program: 'straights.ts',
    cases: transcriptCases,
    expected: expectedTranscript,
    // A drawn game that differs is cut down to the fewest typed lines that still show it, ending as
    // every drawn game ends: with `quit` or the game over, never at a prompt.
    shrink: { groups: ['generated'], ending: endAsTheCourse },
    // The game apart from its format: moves, each round's totals, the winners (events.ts).
    events: straightsEvents,
  },
  rubricFile: here('./rubric.json'),
  limits,
  starterFiles,
  describeValue,
  wordsModule: here('./words.ts'),
  eventsModule: here('./events.ts'),
};

/** The TypeScript edition, and the C++ one: a student's whole program (cpp.ts). */
export const assignment: Assignment = { ...typescript, languages: { cpp: cppEdition(typescript) } };
