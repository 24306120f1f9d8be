// The classic assignment in C++, as VE280 and EECS 280 students write it: deck.cpp, hand.cpp,
// player.cpp and blackjack.cpp against the provided headers (provided-cpp/). The same tests as the
// TypeScript edition (ids, rubric, seed, oracle): the unit tests' calls reach the compiled ADTs through
// harness-cpp/harness.cpp, and the transcripts run the compiled driver.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Assignment, NativeLanguage, WireArg } from '@pitboss/grader/kit';

const own = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const starter = (name: string) => readFileSync(own(`./starter-cpp/${name}`), 'utf8');

interface CardData {
  spot: number;
  suit: number;
}

const isCard = (value: unknown): value is CardData =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as CardData).spot) &&
  Number.isInteger((value as CardData).suit);

/** The Spot whose blackjack value is `value` (2 to 10; 11 is the Ace). */
const spotWorth = (value: number) => (value === 11 ? 12 : value - 2);

/**
 * A hand of real cards with the value a test's view gives (a player sees a hand only through
 * handValue()): soft is an Ace and one more card; hard is tens and what is left, never an Ace.
 */
export function cardsWithValue(count: number, soft: boolean): CardData[] {
  const spots: number[] = [];
  if (soft) spots.push(12, count - 11 === 1 ? 12 : spotWorth(count - 11));
  else {
    let left = count;
    while (left > 11) {
      spots.push(spotWorth(10));
      left -= 10;
    }
    if (left === 11) spots.push(spotWorth(9), spotWorth(2));
    else if (left >= 2) spots.push(spotWorth(left));
  }
  // Counted again (an Ace as 1, then as 11 if that does not go over 21): a view no hand has cannot be sent as one.
  const worth = spots.reduce((sum, spot) => sum + (spot === 12 ? 1 : Math.min(10, spot + 2)), 0);
  const aceAsEleven = spots.includes(12) && worth + 10 <= 21;
  if ((aceAsEleven ? worth + 10 : worth) !== count || aceAsEleven !== soft)
    throw new Error(`no hand of cards has the value ${soft ? 'soft' : 'hard'} ${count}`);
  return spots.map((spot) => ({ spot, suit: 0 }));
}

/** A call's argument as one word of the harness's line (harness.cpp says how it reads them back). */
export function encodeArgument(argument: WireArg): string {
  if ('ref' in argument) return `r${argument.ref}`;
  if ('view' in argument) {
    const value = argument.view.handValue as { count?: unknown; soft?: unknown } | undefined;
    if (typeof value?.count !== 'number' || typeof value.soft !== 'boolean')
      throw new Error('a C++ test can pass only a hand (a view with handValue) as an object');
    return `h${cardsWithValue(value.count, value.soft)
      .map((card) => `${card.spot}.${card.suit}`)
      .join(',')}`;
  }
  const { data } = argument;
  if (typeof data === 'number' && Number.isSafeInteger(data)) return `i${data}`;
  if (isCard(data)) return `c${data.spot}.${data.suit}`;
  throw new Error(`a C++ test cannot pass ${JSON.stringify(data)}`);
}

export const cppLanguage: NativeLanguage = {
  name: 'cpp',
  title: 'C++',
  standard: 'c++17',
  compiler: 'g++',
  install: 'install it with `sudo apt-get install g++` (Debian, Ubuntu) and run the command again',
  flags: ['-std=c++17', '-O2', '-Wall', '-Wextra'],
  providedDir: own('./provided-cpp'),
  providedSources: ['card.cpp', 'rand.cpp'],
  harness: own('./harness-cpp/harness.cpp'),
  encodeArgument,
  // The student tool's C++ edition: these files and no reference (cpp-student-tool.ts says how).
  studentTool: {
    module: own('./cpp-student-tool.ts'),
    ship: [
      own('./cpp.ts'),
      own('./cpp-student-tool.ts'),
      own('./provided-cpp'),
      own('./harness-cpp'),
      own('./stand-ins-cpp'),
    ],
  },
};

const CPP_NAMES: Readonly<Record<string, string>> = {
  'deck.ts': 'deck.cpp',
  'hand.ts': 'hand.cpp',
  'player.ts': 'player.cpp',
  'blackjack.ts': 'blackjack.cpp',
};
const cppName = (name: string) => CPP_NAMES[name] ?? name;

/** The classic assignment's C++ edition: the same tests, the C++ files, the C++ reference. */
export function cppEdition(base: Assignment): Assignment {
  return {
    ...base,
    title: `${base.title} (C++)`,
    studentFiles: base.studentFiles.map((file) => ({
      name: cppName(file.name),
      stub: starter(cppName(file.name)),
    })),
    // The provided headers and sources are the language's (providedDir), never a submission's copy.
    providedFiles: [],
    referenceDir: own('./solution-cpp'),
    solutionDir: own('./solution-cpp'),
    mutantsFile: own('./mutants-cpp.json'),
    studentTests: { folder: 'tests', suffix: '.cpp', about: ['deck.cpp', 'hand.cpp', 'player.cpp'] },
    unitTests: base.unitTests.map((test) => ({ ...test, file: cppName(test.file) })),
    transcripts: {
      ...base.transcripts,
      program: 'blackjack.cpp',
      // The call check's recorders are TypeScript modules; a C++ driver is judged by its transcripts.
      calls: undefined,
    },
    starterFiles: {
      Makefile: starter('Makefile'),
      'tests/deck_shuffle_returns_dealt_card.cpp': starter('tests/deck_shuffle_returns_dealt_card.cpp'),
      'README.md': starter('README.md'),
      'pitboss.json': `${JSON.stringify({ assignment: 'classic', language: 'cpp' }, null, 2)}\n`,
    },
    native: cppLanguage,
    languages: undefined,
  };
}
