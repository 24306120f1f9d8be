// The table assignment (SPEC sections 8 and 7, CMSC 202 Project 2): several named players at one table,
// betting and playing by hand over stdin. The course gave students main(), Card and Deck; they wrote the
// Blackjack class (its public methods fixed), and Player and Hand, whose design is their own. So the
// unit tests drive Blackjack alone, on a stacked deck (stand-ins/deck.ts in the provided deck's place),
// and reach Hand and Player through it; the transcripts run the provided main.ts with all the student's
// files, fed each case's stdin.
import { fileURLToPath } from 'node:url';
import { blackjackLimits } from '@pitboss/blackjack-kit/limits';
import type { Assignment } from '@pitboss/grader/kit';
import { cppEdition } from './cpp.ts';
import { tableEvents } from './events.ts';
import { starterFiles, stubs } from './starter.ts';
import { blackjackTests } from './suites/blackjack.ts';
import { referenceOf, transcriptCases } from './transcripts.ts';

const own = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const typescript: Assignment = {
  name: 'table',
  title:
    'Blackjack at the table (CMSC 202): the Blackjack class, Hand and Player, played over stdin by main()',
  version: '1',
  seed: 20250202,
  numRuns: 100,
  studentFiles: [
    { name: 'hand.ts', stub: stubs.hand, testedThrough: 'blackjack.ts' },
    { name: 'player.ts', stub: stubs.player, testedThrough: 'blackjack.ts' },
    { name: 'blackjack.ts', stub: stubs.blackjack },
  ],
  providedFiles: [
    { name: 'card.ts', source: own('./provided/card.ts') },
    { name: 'deck.ts', source: own('./provided/deck.ts'), unitTestSource: own('./stand-ins/deck.ts') },
    { name: 'main.ts', source: own('./provided/main.ts') },
  ],
  // The solution is the reference laid out as a submission: it imports only the provided files.
  referenceDir: own('./solution'),
  solutionDir: own('./solution'),
  mutantsFile: own('./mutants.json'),
  studentTests: { folder: 'tests', suffix: '.test.ts', about: ['blackjack.ts'] },
  unitTests: blackjackTests,
  transcripts: {
    program: 'main.ts',
    cases: transcriptCases,
    expected: (transcriptCase) => referenceOf(transcriptCase).text,
    reads: (transcriptCase) => referenceOf(transcriptCase).reads,
    // Hand and Player are of the student's design: no reference of theirs fits a student's Blackjack.
    linkings: ['own'],
    // A drawn game that differs is cut down to the fewest typed lines that still show it.
    shrink: { groups: ['generated'] },
    // The game apart from its format: each round's bets, cards, settling and funds (events.ts).
    events: tableEvents,
  },
  rubricFile: own('./rubric.json'),
  limits: blackjackLimits,
  starterFiles,
  eventsModule: own('./events.ts'),
};

/** The TypeScript edition, and the C++ one: a student's whole program around Card and Deck (cpp.ts). */
export const assignment: Assignment = { ...typescript, languages: { cpp: cppEdition(typescript) } };
