// Straights in C++ as CS246 handed it in: the student's whole program, of their own design (any
// classes and files), built by its own Makefile or else by the course's flags (`g++ -std=c++14` on
// every source), and run as the course ran it, `./straights <seed> < input`. Only its transcripts can
// grade it (no fixed API): the same cases, drawn games and shrinking as the TypeScript edition, each
// run once with all its own files (there is no reference to link it with). The C++ reference
// (solution-cpp/) prints what packages/straights prints, byte for byte (test/cpp.test.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Assignment, NativeLanguage } from '@pitboss/grader/kit';

const own = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const starter = (name: string) => readFileSync(own(`./starter-cpp/${name}`), 'utf8');

/** The program's name, as the course's Makefile built it and ran it. */
export const PROGRAM = 'straights';

export const cppLanguage: NativeLanguage = {
  name: 'cpp',
  title: 'C++',
  standard: 'c++14',
  compiler: 'g++',
  install: 'install it with `sudo apt-get install g++ make` (Debian, Ubuntu) and run the command again',
  flags: ['-std=c++14'],
  // The course's handout (the shuffle's engine, as the handout shows it): `pitboss init` writes it.
  providedDir: own('./handout-cpp'),
  providedSources: [],
  encodeArgument: () => {
    throw new Error('a whole Straights program has no unit tests to pass arguments to');
  },
  wholeProgram: { program: PROGRAM, flags: ['-std=c++14'], floorMs: 1000 },
  // The student tool builds and runs it as the grader does, from these fields and the handout.
  studentTool: 'whole-program',
};

/** The Straights assignment's C++ edition: the student's whole program, graded by the transcripts. */
export function cppEdition(base: Assignment): Assignment {
  return {
    ...base,
    title:
      "Straights (CS246) in C++: your whole program, of your own design, graded by the course's transcripts",
    studentFiles: [],
    providedFiles: [],
    solutionDir: own('./solution-cpp'),
    mutantsFile: own('./mutants-cpp.json'),
    rubricFile: own('./rubric-cpp.json'),
    studentTests: { folder: 'tests', suffix: '.cc', about: [] },
    unitTests: [],
    transcripts: { ...base.transcripts, program: PROGRAM, calls: undefined, linkings: ['own'] },
    starterFiles: {
      Makefile: starter('Makefile'),
      'main.cc': starter('main.cc'),
      'pitboss.json': `${JSON.stringify({ assignment: 'straights', language: 'cpp' }, null, 2)}\n`,
    },
    native: cppLanguage,
    languages: undefined,
  };
}
