// What one assignment (a folder under graders/) tells the grader. Nothing here knows a card game:
// files, tests, transcripts of a program, a rubric, limits and a starter kit.
import type { WireArg } from '../3-sandbox/children/executor/calls.ts';
import type { Situation } from './coverage.ts';
import type { UnitTest } from './unit-test.ts';

export interface StudentFile {
  /** Its name in the contract, e.g. `deck.ts`. */
  name: string;
  /** What `pitboss init` writes for it: compiles, and throws "not implemented" when used. */
  stub: string;
  /**
   * The student file whose unit tests test this one too, when the file's design is the student's own
   * and no test calls it directly: a problem loading it fails those tests, and a mutant of it counts
   * as caught by them. None by default.
   */
  testedThrough?: string | undefined;
}

export interface ProvidedFile {
  name: string;
  /** Where the pristine copy lives; it replaces whatever the submission holds under `name`. */
  source: string;
  /**
   * A module the unit tests stage under `name` instead: a test double, which a test sets up through
   * its own exports (a script's `function` step). Programs and the students' own tests still get
   * `source`. None by default.
   */
  unitTestSource?: string | undefined;
}

export interface TranscriptCase {
  /** Groups cases for the rubric and the report: `course`, `edge`, `generated`... */
  group: string;
  /** The program's command-line words. */
  words: readonly string[];
  /** Text fed to the program's stdin (interactive rule sets); none by default. */
  stdin?: string;
  /**
   * The name the stdin goes by, as a shell would redirect it (`spec_example.in`): shown after the
   * words (`< spec_example.in`) and part of the test's id, so that cases with the same words and
   * another stdin are told apart. None by default.
   */
  input?: string | undefined;
  /**
   * Files the words name (a file the program reads), by plain file name: written beside the program
   * in the run's own stage, readable by it. `expected` computes the reference's output from the same
   * text. None by default.
   */
  files?: Readonly<Record<string, string>> | undefined;
  /**
   * The stdin ends where the reference asks for more (an end-of-input case): a program that asks
   * again for ever there is not taken to hang, and the rest of its cases still run. False by default.
   */
  endsAtPrompt?: boolean | undefined;
}

export interface TranscriptSuite {
  /** The student file that is the program, run as `node <program> <words...>`. */
  program: string;
  cases: readonly TranscriptCase[];
  /** What the reference prints for a case: computed in the grader's own process. */
  expected(transcriptCase: TranscriptCase): string;
  /** How the program is linked for its runs: both by default (see plan.ts); `own` alone without a reference. */
  linkings?: readonly ('linked' | 'own')[] | undefined;
  /**
   * Where the reference read its stdin, for a case that has one: each read, in order, with the line of
   * `expected` it was read on (the line a prompt left open). A report then shows what was typed where,
   * since a program's output does not hold its input. None by default.
   */
  reads?: ((transcriptCase: TranscriptCase) => readonly StdinRead[]) | undefined;
  /**
   * What the program tells the reference's other files, checked in its linked runs: a deviation the
   * transcript may not show (a player told of a shuffle before its cuts). None by default.
   */
  calls?: CallsCheck | undefined;
  /**
   * Groups of cases (drawn ones, with a stdin) whose failure is cut down to the shortest stdin, in
   * lines, that still shows a difference (4-phases/shrink-lines.ts): the first failing case of these groups in
   * each linking. None by default.
   */
  shrink?:
    | {
        groups: readonly string[];
        /**
         * How a cut stdin is ended, as the group's cases end (Straights: `quit` typed where the
         * reference would ask for more): each candidate is run as this returns it. As cut by default.
         */
        ending?: ((stdin: string, transcriptCase: TranscriptCase) => string) | undefined;
      }
    | undefined;
  /**
   * Situations the cases of a group (drawn ones) must reach, each with a floor: `pitboss mutants`
   * classifies the group's cases with them (the reference played in the grader's process). None by
   * default.
   */
  situations?: Readonly<Record<string, readonly Situation<TranscriptCase>[]>> | undefined;
  /**
   * How the program's output reads as the game's events (its moves, deals, scores...), apart from its
   * format: a case's game part passes when its events equal the reference's, its format part when the
   * bytes do (the rubric weighs the two). None: the whole transcript is the format, as before.
   */
  events?: GameEvents | undefined;
}

/** Who did what an event tells: the student's program or the course's (the reference). */
export type Teller = 'you' | 'the course';

/**
 * One event of a game as an output tells it. `key` is what is compared: two outputs play the same game
 * when their keys are equal, in order, whatever their layout.
 */
export interface GameEvent {
  /** The game's own round (or hand) the event belongs to, from 1. */
  round: number;
  /** The output's line it was read from, from 1. */
  line: number;
  key: string;
  /** The event in the game's words, told as `who` doing it: `you deal Player1 the Four of Hearts`. */
  say(who: Teller): string;
}

/** The first place two event lists part: either side may have ended. */
export interface EventDifference {
  /** 0-based index into both lists. */
  index: number;
  yours: GameEvent | undefined;
  course: GameEvent | undefined;
  /** Both whole lists, for a hint that reads what came before. */
  yoursAll: readonly GameEvent[];
  courseAll: readonly GameEvent[];
}

/**
 * What reading an output may spend: a reader calls `line()` once for each line it reads, which throws
 * (the grader's ReadingStopped) once the submission's budget is spent. Every reader reads in time
 * linear in its output: no pattern that can backtrack over a line.
 */
export interface ReadAllowance {
  line(): void;
}

export interface GameEvents {
  /**
   * The events an output tells, in order. Must never throw, whatever the text, but for what
   * `allowance.line()` throws. A function of the text alone: the course's output is read once a
   * process, its events kept by text (4-phases/game-events.ts, courseEvents).
   */
  read(output: string, allowance?: ReadAllowance): GameEvent[];
  /**
   * A program's prompts, removed from an output (Straights' `>`): two outputs equal but for them differ
   * in their prompts only. None: the game has no prompts.
   */
  withoutPrompts?: ((output: string) => string) | undefined;
  /** A question pointing at a likely cause of a difference (`is your shuffle re-seeded each round?`). */
  hint?: ((difference: EventDifference) => string | undefined) | undefined;
}

/** `you deal` / `the course deals`: a verb in the teller's person. */
export function tell(who: Teller, verb: string): string {
  if (who === 'you') return `you ${verb}`;
  const third =
    verb === 'have'
      ? 'has'
      : /(s|sh|ch|x|z)$/.test(verb)
        ? `${verb}es`
        : /[^aeiou]y$/.test(verb)
          ? `${verb.slice(0, -1)}ies`
          : `${verb}s`;
  return `the course ${third}`;
}

/**
 * The calls a program makes to the reference's other files. In a linked run, each file named in
 * `recorders` is replaced by its recorder: a module that is the reference file and also writes each call
 * it is given, as one line of text, with `recordCall` (kit/calls.ts). The grader compares those lines
 * with `expected`, computed in its own process, and names the first call missing, extra or out of order.
 */
export interface CallsCheck {
  /** A student file's name (`player.ts`) and the source of its recorder. */
  recorders: Readonly<Record<string, string>>;
  /** The calls the reference program makes in a case, in order, each written as its recorder writes it. */
  expected(transcriptCase: TranscriptCase): readonly ExpectedCall[];
}

export interface ExpectedCall {
  /** The call as a recorder writes it: `player.bet(100, 5)`. */
  call: string;
  /** How many lines of the transcript the reference had printed when it made the call. */
  line: number;
}

/** One read of a program's stdin: what it took (a word; null once the input had ended) and on which line. */
export interface StdinRead {
  /** 1-based, a line of the expected output. */
  line: number;
  word: string | null;
}

export interface Limits {
  /** Wall time for one unit test (all its property runs), in milliseconds. */
  testTimeoutMs: number;
  /** Wall time for one run of the program, in milliseconds. */
  programTimeoutMs: number;
  /** V8's old-space limit for student processes, in MiB. */
  heapMb: number;
  /** The most a program may print to stdout, in bytes. */
  outputBytes: number;
  /**
   * Wall time for all of one submission's tests together, in milliseconds: what is left when it is
   * spent is not run, and says so. A backstop: each run's own limit is scaled from its work (a hang
   * costs seconds, not the whole limit), so honest submissions never come near it.
   */
  budgetMs?: number | undefined;
}

/**
 * A compiled language's edition of an assignment (C++): how a submission is built and how the unit
 * tests' calls reach its code. Its student files are sources (`deck.cpp`); every process built from
 * them runs as a native program in the sandbox, without Node's permission model.
 */
export interface NativeLanguage {
  /** As pitboss.json's `language` and `--language` name it: `cpp`. */
  name: string;
  /** Its name in a report's words: `C++`. */
  title: string;
  /** The compiler, looked up on PATH (`g++`), and how to install it where it is missing. */
  compiler: string;
  install: string;
  /** Flags of every compile, warnings included (`-std=c++17 -O2 -Wall -Wextra`). */
  flags: readonly string[];
  /**
   * The C++ standard the course's compiler used (`gnu++98`, `c++14`): a whole program's build names it
   * before its own flags (a `-std=` of its Makefile's, later on the line, still decides), and a build
   * that fails says which it used. The instructor names another here. Absent: the compiler's default.
   */
  standard?: string | undefined;
  /**
   * The provided headers and sources, a folder: a submission is built with these and no other files
   * of their names (any copy it holds is ignored).
   */
  providedDir: string;
  /** The provided sources linked into every program (`card.cpp`), by name in providedDir. */
  providedSources: readonly string[];
  /**
   * The unit tests' harness, a source with its own `main`: linked with the one file under test and
   * the reference of the others, it makes the calls it is sent (3-sandbox/native/calls.ts) and nothing else.
   * None for a whole program (wholeProgram), which has no unit tests.
   */
  harness?: string | undefined;
  /** A call's argument as one word of the harness's line (no space, no newline). */
  encodeArgument(argument: WireArg): string;
  /**
   * Stand-ins for the student files a unit test does not test (a folder of sources named as they are):
   * what the student tool, which holds no reference, links a file's tests with in place of the
   * reference's other files. They hold no rule of the game. None in the grader.
   */
  standIns?: string | undefined;
  /**
   * How the student tool checks this edition (export-student-tool): `module` exports `language`, this
   * language as the tool builds with it (its stand-ins); `ship` lists the files and folders that module
   * needs, each copied into the tool at its place beside the assignment's folder. `'whole-program'`: a
   * whole program (wholeProgram), which links nothing of the course's, is checked as the grader builds
   * and runs it, from this language's fields and its providedDir (a public handout), with no module.
   * Absent: the tool says it cannot check the edition (Assignment.languagesNotHere).
   */
  studentTool?: { module: string; ship: readonly string[] } | 'whole-program' | undefined;
  /**
   * Set when a submission is the student's whole program, of their own design (CS246's Straights): any
   * classes and files, built by its own Makefile or else by the course's flags, and graded by its
   * transcripts alone (no unit tests, no reference linked in). providedDir then holds the course's
   * handout files, which `pitboss init` writes and which a submission may hold as its own.
   */
  wholeProgram?: WholeProgram | undefined;
}

/** How a whole program is built and run (NativeLanguage.wholeProgram). */
export interface WholeProgram {
  /** The program the build makes, by the name the course ran it (`straights`): the transcripts' program. */
  program: string;
  /** The flags the course compiled a folder without a Makefile with, every source given (`-std=c++14`). */
  flags: readonly string[];
  /**
   * The least time a transcript run gets, in milliseconds: a compiled game plays in milliseconds, so a
   * program that spins at the end of its input costs this on that case, not the seconds a Node run gets.
   */
  floorMs: number;
  /**
   * The course's own files (a folder: CMSC 202's Card, Deck and main), written over any copy a
   * submission holds, at the top of its folder, before the build, as the course replaced them. None:
   * the submission's files are all its own.
   */
  courseFiles?: string | undefined;
  /**
   * Where the course's command line has no seed (CMSC 202's main takes none): a case's leading
   * `<option> <n>` is taken off its words into the environment's `variable`, which the course's files
   * (courseFiles: the grader's Deck) read. Data, not a function, so the student tool records it.
   */
  seedInEnvironment?: { option: string; variable: string } | undefined;
  /** The run line `pitboss init` prints (`./Proj2.out Joe 100 Sally 200`). None: `./<program> <seed> < input`. */
  runLine?: string | undefined;
  /**
   * A unit-test harness, built beside the program from the submission's sources but `without` (the
   * course's main), the course's files and `source` (its own main), by `flags`, into `program`: the
   * cases whose first word is `word` run it, testing the student's classes through their public methods.
   */
  harness?: { source: string; program: string; without: readonly string[]; word: string } | undefined;
}

/**
 * How a case's words reach a whole program (WholeProgram): a case whose first word is the harness's
 * runs the harness, with no words; else the seed goes to the environment where the course's command
 * line has none; else the words as they are, to the program.
 */
export function wholeProgramRun(whole: WholeProgram, words: readonly string[]): WholeProgramRun {
  if (whole.harness !== undefined && words[0] === whole.harness.word)
    return { words: [], program: whole.harness.program };
  const seed = whole.seedInEnvironment;
  if (seed !== undefined && words[0] === seed.option)
    return { words: words.slice(2), env: { [seed.variable]: words[1] ?? '' } };
  return { words };
}

/** A whole program's run of a case (wholeProgramRun). */
export interface WholeProgramRun {
  words: readonly string[];
  env?: Readonly<Record<string, string>> | undefined;
  /** The program run: the harness's name for its cases. None: WholeProgram.program. */
  program?: string | undefined;
}

export interface Assignment {
  /** The rule set's name, as `--rules` takes it and as graders/<name>/ is named. */
  name: string;
  title: string;
  /** Bump when a test changes: results are keyed by it. */
  version: string;
  /** The fixed seed every property run derives its own from; printed in every report. */
  seed: number;
  /** Runs per property. */
  numRuns: number;
  studentFiles: readonly StudentFile[];
  providedFiles: readonly ProvidedFile[];
  /**
   * A folder holding the reference laid out as a submission: one file per student file. Absent in
   * the student tool, which holds no reference (its unit tests are recorded, its transcripts run only
   * with all the student's files).
   */
  referenceDir?: string | undefined;
  /**
   * The reference as a standalone submission (it imports only the provided files): students' own
   * tests must pass on it, and every mutant is one edit of one of its files.
   */
  solutionDir?: string | undefined;
  /** The public part of the mutant catalogue (ships with the student tool). */
  mutantsFile: string;
  /**
   * Students' own tests: where they live in a submission, how their files end, and which files they
   * are about (only mutants of those files are held against them).
   */
  studentTests: { folder: string; suffix: string; about: readonly string[] };
  unitTests: readonly UnitTest[];
  transcripts: TranscriptSuite;
  /** rubric.json: points and visibility per test id (or id prefix ending in `*`). */
  rubricFile: string;
  limits: Limits;
  /** Extra files `pitboss init` writes besides the provided files and the stubs (path -> text). */
  starterFiles: Readonly<Record<string, string>>;
  /** Words for a value in a recorded test's message (card names, say); the grader's own otherwise. */
  describeValue?: ((value: unknown) => string | undefined) | undefined;
  /**
   * A self-contained module exporting `describeValue` (those words), copied as it is into the student
   * tool, whose recorded tests tell values with it.
   */
  wordsModule?: string | undefined;
  /**
   * A self-contained module exporting `liveTests` (UnitTest[], ids beginning with `live.`): properties
   * that need no oracle, copied into the student tool, which runs them live for 0 points.
   */
  liveTestsModule?: string | undefined;
  /**
   * A self-contained module exporting `events` (TranscriptSuite.events), copied as it is into the student
   * tool, whose transcripts are then judged in the same two parts as when graded. None: byte-exact only.
   */
  eventsModule?: string | undefined;
  /** Set on a compiled language's edition (languages below): how it is built and driven. */
  native?: NativeLanguage | undefined;
  /**
   * The same assignment in other languages, by language name (`cpp`): the same tests (the same ids,
   * rubric and seed), other student files. A submission holding their files is graded by that
   * edition (submission.ts, `editionFor`), so that a class may mix them in one gradebook.
   */
  languages?: Readonly<Record<string, Assignment>> | undefined;
  /**
   * The student tool's: the editions the course grades that the tool cannot check (it records the
   * visible tests in the assignment's own language only), by language, with their words and files, so
   * that it says so in one line instead of "no edition" or "not a submission".
   */
  languagesNotHere?: Readonly<Record<string, LanguageNotHere>> | undefined;
  /**
   * The student tool's: the parts of the course's visible tests it cannot check (they need the
   * reference or the mutants), each with its points, so that a report says what its maximum leaves out.
   */
  partsNotHere?: readonly PartNotHere[] | undefined;
}

/** An edition the course grades that the student tool does not hold. */
export interface LanguageNotHere {
  /** `C++`. */
  title: string;
  /** Its student files (`deck.cpp`...): a folder holding one is a submission in that language. */
  files: readonly string[];
}

/** What the student tool says of an edition it does not hold. */
/**
 * A part of the course's visible tests the student tool does not check: a file's linked transcripts
 * (run with the reference's other files) or the student's tests against the mutants.
 */
export interface PartNotHere {
  /** The part, as a report's `parts` name it: a student file, or `your tests`. */
  file: string;
  maxScore: number;
  reason: 'linked-transcripts' | 'mutants';
}

export const notHere = (assignment: Pick<Assignment, 'name'>, edition: LanguageNotHere): string =>
  `this student tool checks ${assignment.name} in TypeScript only, not in ${edition.title}: a ${edition.title} submission is checked when the course grades it`;

/**
 * The provided files a unit test's process loads (every one, before the calls, so that a throw is told
 * as an instance of a provided class): all but a provided program, the transcripts' own given to
 * students whole, which runs when it is loaded and would read that process's stdin.
 */
export function providedModules(assignment: Assignment): string[] {
  return assignment.providedFiles
    .map((file) => file.name)
    .filter((name) => name !== assignment.transcripts.program);
}
