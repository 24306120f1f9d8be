// The table game in C++ as CMSC 202 handed it in: the student's whole program around the course's Card
// and Deck (handout 004), of their own design, built by its own Makefile or else by g++ on every source,
// and run as `./blackjack --seed <n> <name> <funds> ... < input`. Only its transcripts grade it: the
// same cases and drawn games as the TypeScript edition, each run once with all its own files. The C++
// reference (solution-cpp/) prints the golden transcripts byte for byte (test/cpp.test.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Assignment, NativeLanguage } from '@pitboss/grader/kit';

const own = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const starter = (name: string) => readFileSync(own(`./starter-cpp/${name}`), 'utf8');

/** The program's name, as the course's Makefile built it. */
export const PROGRAM = 'blackjack';

export const cppLanguage: NativeLanguage = {
  name: 'cpp',
  title: 'C++',
  standard: 'gnu++98',
  compiler: 'g++',
  install: 'install it with `sudo apt-get install g++ make` (Debian, Ubuntu) and run the command again',
  flags: ['-Wall'],
  // The course's Card and Deck (the seeded shuffle): `pitboss init` writes them.
  providedDir: own('./handout-cpp'),
  providedSources: [],
  encodeArgument: () => {
    throw new Error('a whole table program has no unit tests to pass arguments to');
  },
  wholeProgram: { program: PROGRAM, flags: ['-Wall'], floorMs: 1000 },
};

/** The table assignment's C++ edition: the student's whole program, graded by the transcripts. */
export function cppEdition(base: Assignment): Assignment {
  return {
    ...base,
    title:
      'CMSC 202 Blackjack at a table in C++: your whole program around Card and Deck, graded by the transcripts',
    studentFiles: [],
    providedFiles: [],
    solutionDir: own('./solution-cpp'),
    mutantsFile: own('./mutants-cpp.json'),
    rubricFile: own('./rubric-cpp.json'),
    studentTests: { folder: 'tests', suffix: '.cpp', about: [] },
    unitTests: [],
    transcripts: { ...base.transcripts, program: PROGRAM, calls: undefined, linkings: ['own'] },
    starterFiles: {
      Makefile: starter('Makefile'),
      'blackjack.cpp': starter('blackjack.cpp'),
      'pitboss.json': `${JSON.stringify({ assignment: 'table', language: 'cpp' }, null, 2)}\n`,
    },
    native: cppLanguage,
    languages: undefined,
  };
}
