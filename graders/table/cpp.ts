// The table game in C++ as CMSC 202 graded it (SPEC section 8, "CMSC 202's own C++ contract"): a
// student hands in Blackjack.h (the course's skeleton, private members their own), Blackjack.cpp,
// their own classes (Player, Hand, any files) and a Makefile making Proj2.out. The grader puts its
// own Card, Deck and Proj2.cpp (course-cpp/) over any copy the student included, builds with the
// student's Makefile (else g++ -std=gnu++98 on every source) and runs the course's command line,
// `./Proj2.out Joe 100 Sally 200`: a case's `--seed <n>` reaches the grader's Deck as the
// environment's PITBOSS_SEED, so the real program deals the reference's game. The transcripts are the
// TypeScript edition's cases (the same ids); the Blackjack class's public methods are unit-tested by
// harness-cpp/harness.cpp on a stacked deck (cpp-units.ts). The C++ reference (solution-cpp/) prints
// every golden transcript byte for byte (test/cpp.test.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Assignment, NativeLanguage } from '@pitboss/grader/kit';
import { isUnitCase, unitCases, unitExpected } from './cpp-units.ts';

const own = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const handout = (name: string) => readFileSync(own(`./handout-cpp/${name}`), 'utf8');

/** The program's name, as the course's Makefile built it. */
export const PROGRAM = 'Proj2.out';

/** The unit-test harness's program, built beside it. */
export const HARNESS = 'blackjack-harness';

/** Where the case's seed reaches the grader's Deck.cpp. */
export const SEED_VARIABLE = 'PITBOSS_SEED';

export const cppLanguage: NativeLanguage = {
  name: 'cpp',
  title: 'C++',
  compiler: 'g++',
  install: 'install it with `sudo apt-get install g++ make` (Debian, Ubuntu) and run the command again',
  flags: ['-std=gnu++98', '-Wall'],
  // g++ 4.x's default, which the course built with (`cout << cout` compiles there).
  standard: 'gnu++98',
  // The course's Card, Deck and main (`pitboss init` writes them; grading puts its own copies back).
  providedDir: own('./course-cpp'),
  providedSources: [],
  encodeArgument: () => {
    throw new Error('the table C++ edition sends its unit tests as scripts to its harness');
  },
  wholeProgram: {
    program: PROGRAM,
    flags: ['-std=gnu++98', '-Wall'],
    floorMs: 1000,
    courseFiles: own('./course-cpp'),
    // The course's command line: its players, the seed in the environment; a unit case to the harness.
    seedInEnvironment: { option: '--seed', variable: SEED_VARIABLE },
    runLine: `./${PROGRAM} Joe 100 Sally 200`,
    harness: {
      source: own('./harness-cpp/harness.cpp'),
      program: HARNESS,
      without: ['Proj2.cpp'],
      word: 'unit',
    },
  },
  // The student tool builds and runs it as the grader does, from these fields and the handout.
  studentTool: 'whole-program',
};

/** The table assignment's C++ edition: CMSC 202's own contract. */
export function cppEdition(base: Assignment): Assignment {
  const { transcripts } = base;
  return {
    ...base,
    title:
      "CMSC 202 Blackjack at a table in C++: your Blackjack class (and Player, Hand) with the course's Card, Deck and Proj2.cpp, graded by the transcripts and unit tests of Blackjack's methods",
    studentFiles: [],
    providedFiles: [],
    solutionDir: own('./solution-cpp'),
    mutantsFile: own('./mutants-cpp.json'),
    rubricFile: own('./rubric-cpp.json'),
    studentTests: { folder: 'tests', suffix: '.cpp', about: [] },
    unitTests: [],
    transcripts: {
      ...transcripts,
      program: PROGRAM,
      cases: [...transcripts.cases, ...unitCases],
      expected: (each) => (isUnitCase(each) ? unitExpected(each) : transcripts.expected(each)),
      reads: (each) => (isUnitCase(each) ? [] : (transcripts.reads?.(each) ?? [])),
      calls: undefined,
      linkings: ['own'],
    },
    starterFiles: {
      'Blackjack.h': handout('Blackjack.h'),
      'Blackjack.cpp': handout('Blackjack.cpp'),
      Makefile: handout('Makefile'),
      'README.md': handout('README.md'),
      'pitboss.json': `${JSON.stringify({ assignment: 'table', language: 'cpp' }, null, 2)}\n`,
    },
    native: cppLanguage,
    languages: undefined,
  };
}
