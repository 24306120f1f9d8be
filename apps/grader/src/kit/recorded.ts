// Unit tests as recorded cases, for the student tool, which holds no reference. At export, each
// visible test runs against the reference in the instructor's process and every call it makes is
// kept with what the reference answered; in the student's tool the same calls go to the student's
// code and each answer is judged against the recorded one. The cases are the ones the properties
// draw with a fixed seed of the tool's own, not the graded one (edge cases included); a failure is
// told as the smallest recorded case that fails, in the same words as the grader's.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Encoded, WireOutcome, WireStep } from '../3-sandbox/children/executor/calls.ts';
import { type ExecutorOptions, makeExecutor } from '../3-sandbox/children/executor/executor-core.ts';
import { PitbossError } from '../plumbing/errors.ts';
import type {
  Assignment,
  GameEvents,
  LanguageNotHere,
  NativeLanguage,
  PartNotHere,
  StdinRead,
  TranscriptCase,
  TranscriptSuite,
  WholeProgram,
} from './assignment.ts';
import { decodeResults, decodeValue, isOpaque, type Outcome } from './decode.ts';
import type { Calls, Script } from './script.ts';
import {
  LoadFailure,
  loadProblem,
  type Problem,
  show,
  type TestContext,
  TestFailure,
  threw,
  type UnitTest,
} from './unit-test.ts';

/** What the reference did at a step, as far as the test judged it. */
export type Expectation =
  /** The test judged nothing but that the call returns (a void method, a constructor). */
  | { returns: true }
  /** The test judged the value: the student's must match the reference's. */
  | { value: Encoded }
  /** The reference threw (DeckEmpty after 52 deals): the student's code must throw the same. */
  | { throws: { provided?: string | undefined; name: string } };

export interface RecordedStep {
  wire: WireStep;
  /** The step's words, as a counterexample tells them. */
  text: string;
  expect: Expectation;
}

export interface RecordedTest {
  id: string;
  name: string;
  file: string;
  scripts: RecordedStep[][];
}

/** Runs a test against trusted modules in this process, keeping every call and the reference's answer. */
export async function recordTest(
  test: UnitTest,
  context: { seed: number; numRuns: number; replayPath?: string | undefined },
  modules: ExecutorOptions,
): Promise<RecordedTest> {
  const run = makeExecutor(modules);
  const scripts: RecordedStep[][] = [];
  const exec: TestContext['exec'] = async (batch) => {
    const results: WireOutcome[][] = await run({ id: 0, scripts: batch.map((script) => script.wire()) });
    for (const [i, script] of batch.entries()) scripts.push(recordScript(script as Script, results[i]!));
    // Through the same text a student's process sends: the test judges exactly what it would.
    return decodeResults(
      JSON.parse(JSON.stringify(results)),
      batch.map((script) => script.steps.length),
    );
  };
  // With a replay path, a property draws just that counterexample: its calls and the reference's answers.
  await test.run({ exec, seed: context.seed, numRuns: context.numRuns, replayPath: context.replayPath });
  return { id: test.id, name: test.name, file: test.file, scripts };
}

function recordScript(script: Script, outcomes: readonly WireOutcome[]): RecordedStep[] {
  return script.steps.map((step, i) => {
    const outcome = outcomes[i];
    if (outcome === undefined || 'l' in outcome)
      throw new Error(`the reference gave no answer at "${step.text}": it must pass every test it records`);
    let expect: Expectation;
    if ('t' in outcome) expect = { throws: { provided: outcome.t.provided, name: outcome.t.name } };
    else if (step.check === undefined) expect = { returns: true };
    else expect = { value: outcome.v };
    return { wire: step.wire, text: step.text, expect };
  });
}

/** Whether the student's value is the reference's: the same primitives, every field the reference has. */
export function matches(expected: unknown, got: unknown): boolean {
  if (typeof expected === 'number' && typeof got === 'number')
    return expected === got || (Number.isNaN(expected) && Number.isNaN(got));
  if (expected === null || typeof expected !== 'object') return expected === got;
  if (isOpaque(expected)) return isOpaque(got) && got.kind === expected.kind;
  if (Array.isArray(expected))
    return (
      Array.isArray(got) &&
      got.length === expected.length &&
      expected.every((item, i) => matches(item, got[i]))
    );
  if (typeof got !== 'object' || got === null || isOpaque(got) || Array.isArray(got)) return false;
  return Object.entries(expected).every(([name, value]) =>
    matches(value, (got as Record<string, unknown>)[name]),
  );
}

/** Words for a value in a message: the assignment's (card names, say), else the grader's own. */
export type Describe = (value: unknown) => string | undefined;

function judgeStep(step: RecordedStep, outcome: Outcome, describe: Describe): Problem | undefined {
  const words = (value: unknown) => describe(value) ?? show(value);
  if ('load' in outcome) return loadProblem(step.wire.op, outcome);
  const { expect } = step;
  if ('throws' in expect) {
    const what = expect.throws.provided ?? expect.throws.name;
    if ('value' in outcome)
      return {
        message: `${step.text} returned ${words(outcome.value)}; expected it to throw ${what}`,
        status: 'failed',
      };
    const same =
      expect.throws.provided !== undefined
        ? outcome.thrown.provided === expect.throws.provided || outcome.thrown.name === expect.throws.provided
        : outcome.thrown.name === expect.throws.name;
    return same
      ? undefined
      : { message: `${step.text} ${threw(outcome.thrown)}; expected ${what}`, status: 'runtime-error' };
  }
  if ('thrown' in outcome)
    return { message: `${step.text} ${threw(outcome.thrown)}`, status: 'runtime-error' };
  if ('returns' in expect) return undefined;
  const wanted = decodeValue(expect.value);
  if (matches(wanted, outcome.value)) return undefined;
  return {
    message: `${step.text} returned ${words(outcome.value)}; expected ${words(wanted)}`,
    status: 'failed',
  };
}

/** Steps a request holds at most, as the grader's own tests send them. */
const STEPS_PER_REQUEST = 20_000;

/**
 * A recorded test as a unit test of the student tool: every recorded case, smallest first, judged
 * against the reference's recorded answers; the first that fails is the smallest counterexample.
 */
export function replayTest(recorded: RecordedTest, describe: Describe): UnitTest {
  const cases = recorded.scripts
    .map((steps, order) => ({ steps, order }))
    .sort((a, b) => a.steps.length - b.steps.length || a.order - b.order);
  // A case's replay path is its place in the recording: what `--replay` runs alone.
  const replayable = (path: string) => /^\d+$/.test(path) && Number(path) < recorded.scripts.length;
  return {
    id: recorded.id,
    name: recorded.name,
    file: recorded.file,
    replayable,
    async run(t) {
      const chosen =
        t.replayPath === undefined
          ? cases
          : replayable(t.replayPath)
            ? cases.filter((c) => c.order === Number(t.replayPath))
            : [];
      if (t.replayPath !== undefined && chosen.length === 0)
        throw new Error(`${recorded.id} holds no case ${t.replayPath}`);
      for (let start = 0; start < chosen.length; ) {
        let end = start;
        for (
          let steps = 0;
          end < chosen.length && (end === start || steps + chosen[end]!.steps.length <= STEPS_PER_REQUEST);
          end++
        )
          steps += chosen[end]!.steps.length;
        const batch = chosen.slice(start, end);
        const calls: Calls[] = batch.map((c) => ({
          wire: () => c.steps.map((step) => step.wire),
          steps: c.steps,
        }));
        const outcomes = await t.exec(calls);
        for (const [i, c] of batch.entries()) {
          const got = outcomes[i]!;
          for (const [s, step] of c.steps.entries()) {
            const outcome = got[s];
            if (outcome === undefined) break;
            const problem = judgeStep(step, outcome, describe);
            if (problem === undefined) continue;
            if (problem.load === true) throw new LoadFailure(problem.message);
            // The failing case, up to the step that failed: what `check --keep` writes as a test.
            // Its replay id names the recorded case by its place, with this test's seed.
            const replay = { seed: t.seed, path: String(c.order) };
            throw Object.assign(new TestFailure(problem.message, replay, problem.status), {
              kept: c.steps.slice(0, s + 1),
            });
          }
        }
        start = end;
      }
    },
  };
}

/** An assignment as the student tool holds it: every test recorded, no reference, nothing hidden. */
export interface RecordedAssignment {
  pitboss: 'student-tool';
  format: 1;
  name: string;
  title: string;
  version: string;
  seed: number;
  numRuns: number;
  studentFiles: { name: string; stub: string }[];
  /** The provided files, by name: the tool keeps them in `provided/` beside the recording. */
  provided: string[];
  /** Those the unit tests stage another module for (ProvidedFile.unitTestSource), kept in `unit-tests/`. */
  unitTestProvided?: string[] | undefined;
  studentTests: { folder: string; suffix: string; about: string[] };
  limits: Assignment['limits'];
  starterFiles: Record<string, string>;
  transcripts: {
    program: string;
    /**
     * The visible cases, each with the reference's output as the course published it, and where it
     * read its stdin (TranscriptSuite.reads) when it has one.
     */
    cases: (TranscriptCase & { expected: string; reads?: StdinRead[] | undefined })[];
  };
  unitTests: RecordedTest[];
  /** Assignment.partsNotHere: the course's visible tests the tool cannot check, by part. */
  partsNotHere?: PartNotHere[] | undefined;
  /** Assignment.languagesNotHere: the course's other editions, which the tool cannot check. */
  languagesNotHere?: Record<string, LanguageNotHere> | undefined;
  /**
   * The editions the tool checks too (a compiled language's, NativeLanguage.studentTool), by language:
   * the same recorded tests and transcript cases, with the edition's own files.
   */
  languages?: Record<string, RecordedEdition> | undefined;
}

/** Where the tool keeps an assignment's recording, in its folder (packRecording's form). */
export const RECORDING_FILE = 'recorded.json.gz';

/**
 * A recording as the tool stores it: each distinct wire step, step text and expectation once, a step
 * three indices into them (a test's calls repeat the same few thousand steps ~150,000 times), and
 * the whole gzipped. Read back it is the RecordedAssignment it was made from, value for value.
 */
interface PackedRecording extends Omit<RecordedAssignment, 'format' | 'unitTests'> {
  format: 2;
  wires: WireStep[];
  texts: string[];
  expects: Expectation[];
  /** Each script a flat list of [wire, text, expect] indices, three per step. */
  unitTests: (Omit<RecordedTest, 'scripts'> & { scripts: number[][] })[];
}

/** The recording as the tool stores it (RECORDING_FILE). */
export function packRecording(data: RecordedAssignment): Buffer {
  const tables = { wires: [] as unknown[], texts: [] as unknown[], expects: [] as unknown[] };
  const seen = {
    wires: new Map<string, number>(),
    texts: new Map<string, number>(),
    expects: new Map<string, number>(),
  };
  const index = (table: keyof typeof tables, value: unknown) => {
    const key = JSON.stringify(value);
    let at = seen[table].get(key);
    if (at === undefined) {
      at = tables[table].push(value) - 1;
      seen[table].set(key, at);
    }
    return at;
  };
  const unitTests = data.unitTests.map((test) => ({
    ...test,
    scripts: test.scripts.map((steps) =>
      steps.flatMap((step) => [
        index('wires', step.wire),
        index('texts', step.text),
        index('expects', step.expect),
      ]),
    ),
  }));
  const packed = { ...data, format: 2, ...tables, unitTests } as PackedRecording;
  return gzipSync(JSON.stringify(packed), { level: 9 });
}

/** A recording the tool stores (RECORDING_FILE), read back whole; a damaged one is one clear error. */
export function readRecording(file: string): RecordedAssignment {
  let packed: PackedRecording;
  try {
    packed = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as PackedRecording;
  } catch (error) {
    throw new PitbossError(
      'BAD_ASSIGNMENT',
      `${file} is no recording this tool can read: ${(error as Error).message}`,
    );
  }
  if (packed.pitboss !== 'student-tool' || packed.format !== 2)
    throw new PitbossError(
      'BAD_ASSIGNMENT',
      `${file} is no recording of this tool's (format ${String(packed.format)})`,
    );
  const { wires, texts, expects, unitTests, format: _, ...rest } = packed;
  return {
    ...rest,
    format: 1,
    unitTests: unitTests.map((test) => ({
      ...test,
      scripts: test.scripts.map((flat) => {
        const steps: RecordedStep[] = [];
        // Steps alike share their wire and expectation objects: nothing writes to a recorded step.
        for (let i = 0; i < flat.length; i += 3)
          steps.push({ wire: wires[flat[i]!]!, text: texts[flat[i + 1]!]!, expect: expects[flat[i + 2]!]! });
        return steps;
      }),
    })),
  };
}

/** An edition of a recorded assignment: its files, in the order of the assignment's own (renamed so). */
export interface RecordedEdition {
  title: string;
  studentFiles: { name: string; stub: string }[];
  program: string;
  studentTests: { folder: string; suffix: string; about: string[] };
  starterFiles: Record<string, string>;
  /** A whole program's (NativeLanguage.studentTool 'whole-program'): its language, as data. */
  wholeProgram?: RecordedWholeProgram | undefined;
}

/**
 * A whole program's language in the tool: what the grader builds and runs it by, and no module (it
 * links nothing of the course's). Its transcripts are the assignment's unless it has its own.
 */
export interface RecordedWholeProgram {
  name: string;
  title: string;
  compiler: string;
  install: string;
  flags: string[];
  /** The course's standard (NativeLanguage.standard), named before a build's own flags, as when graded. */
  standard?: string | undefined;
  /** Its handout (NativeLanguage.providedDir), a folder of the tool's assignment folder, by name there. */
  providedDir: string;
  build: WholeProgram;
  /** The edition's visible transcripts, when its cases, output or reads are not the assignment's. */
  transcripts?: RecordedAssignment['transcripts'] | undefined;
  /**
   * Its own rubric of its visible tests, where the edition is graded by one of its own (a file of the
   * tool's assignment folder, by name; written from `rubric`, which export writes and a check ignores).
   */
  rubricFile?: string | undefined;
  rubric?: object | undefined;
}

/** The Assignment a student tool grades with: its recorded tests, its transcripts run with all the student's files. */
export function recordedAssignment(
  data: RecordedAssignment,
  options: {
    dir: string;
    describeValue?: Describe | undefined;
    liveTests?: readonly UnitTest[] | undefined;
    /** The assignment's game events (Assignment.eventsModule), when it has them. */
    events?: GameEvents | undefined;
    /** Each recorded edition's language, as the tool builds it (NativeLanguage.studentTool's module). */
    languages?: Readonly<Record<string, NativeLanguage>> | undefined;
  },
): Assignment {
  const describe: Describe = options.describeValue ?? (() => undefined);
  const unitTestProvided = new Set(data.unitTestProvided ?? []);
  const assignment: Assignment = {
    name: data.name,
    title: data.title,
    version: data.version,
    seed: data.seed,
    numRuns: data.numRuns,
    studentFiles: data.studentFiles,
    providedFiles: data.provided.map((name) => ({
      name,
      source: join(options.dir, 'provided', name),
      unitTestSource: unitTestProvided.has(name) ? join(options.dir, 'unit-tests', name) : undefined,
    })),
    mutantsFile: join(options.dir, 'mutants.json'),
    studentTests: data.studentTests,
    // Properties that need no oracle run live beside the recorded tests.
    unitTests: [...data.unitTests.map((test) => replayTest(test, describe)), ...(options.liveTests ?? [])],
    transcripts: replayedTranscripts(data.transcripts, options.events),
    rubricFile: join(options.dir, 'rubric.json'),
    limits: data.limits,
    starterFiles: data.starterFiles,
    describeValue: options.describeValue,
    languagesNotHere: data.languagesNotHere,
    partsNotHere: data.partsNotHere,
  };
  const editions = Object.entries(data.languages ?? {}).flatMap(([name, edition]) => {
    if (edition.wholeProgram !== undefined)
      return [[name, wholeProgramEdition(assignment, edition, edition.wholeProgram, options)] as const];
    const native = options.languages?.[name];
    return native === undefined ? [] : [[name, recordedEdition(assignment, data, edition, native)] as const];
  });
  return editions.length === 0 ? assignment : { ...assignment, languages: Object.fromEntries(editions) };
}

/** The recorded transcripts as a suite: each case's recorded output and reads, judged in its own process. */
function replayedTranscripts(
  recorded: RecordedAssignment['transcripts'],
  events: GameEvents | undefined,
): TranscriptSuite {
  // A case is its words and its stdin's name: two cases may share words and read another stdin.
  const caseKey = (c: TranscriptCase) => [...c.words, c.input ?? ''].join('\0');
  const expected = new Map(recorded.cases.map((c) => [caseKey(c), c.expected]));
  const reads = new Map(recorded.cases.map((c) => [caseKey(c), c.reads]));
  return {
    program: recorded.program,
    cases: recorded.cases.map(({ expected: _, reads: __, ...transcriptCase }) => transcriptCase),
    expected: (transcriptCase) => expected.get(caseKey(transcriptCase)) ?? '',
    reads: (transcriptCase) => reads.get(caseKey(transcriptCase)) ?? [],
    linkings: ['own'],
    ...(events === undefined ? {} : { events }),
  };
}

/**
 * A whole program in the student tool (CS246's Straights in C++): built as the grader builds it (its
 * Makefile, else the course's flags) and run on the visible transcripts, judged against the recorded
 * output. No unit tests (it has no fixed API), nothing of the course's linked in.
 */
function wholeProgramEdition(
  assignment: Assignment,
  edition: RecordedEdition,
  whole: RecordedWholeProgram,
  options: { dir: string; events?: GameEvents | undefined },
): Assignment {
  const native: NativeLanguage = {
    name: whole.name,
    title: whole.title,
    compiler: whole.compiler,
    install: whole.install,
    flags: whole.flags,
    standard: whole.standard,
    providedDir: join(options.dir, whole.providedDir),
    providedSources: [],
    encodeArgument: () => {
      throw new Error(`a whole ${whole.title} program has no unit tests to pass arguments to`);
    },
    // Its course files and harness, where the tool keeps them.
    wholeProgram: {
      ...whole.build,
      ...(whole.build.courseFiles === undefined
        ? {}
        : { courseFiles: join(options.dir, whole.build.courseFiles) }),
      ...(whole.build.harness === undefined
        ? {}
        : { harness: { ...whole.build.harness, source: join(options.dir, whole.build.harness.source) } }),
    },
  };
  return {
    ...assignment,
    title: edition.title,
    studentFiles: edition.studentFiles,
    providedFiles: [],
    studentTests: edition.studentTests,
    unitTests: [],
    transcripts:
      whole.transcripts === undefined
        ? { ...assignment.transcripts, program: edition.program }
        : replayedTranscripts(whole.transcripts, options.events),
    starterFiles: edition.starterFiles,
    native,
    ...(whole.rubricFile === undefined ? {} : { rubricFile: join(options.dir, whole.rubricFile) }),
    languagesNotHere: undefined,
    // Recorded for the assignment's own language: another's parts and points are its own.
    partsNotHere: undefined,
  };
}

/**
 * A compiled edition in the student tool: the same recorded and live tests, their calls sent to the
 * student's file linked with the language's stand-ins (NativeLanguage.standIns); the transcripts run
 * with all the student's files.
 */
function recordedEdition(
  assignment: Assignment,
  data: RecordedAssignment,
  edition: RecordedEdition,
  native: NativeLanguage,
): Assignment {
  const names = new Map(data.studentFiles.map((file, i) => [file.name, edition.studentFiles[i]?.name]));
  return {
    ...assignment,
    title: edition.title,
    studentFiles: edition.studentFiles,
    providedFiles: [],
    studentTests: edition.studentTests,
    unitTests: assignment.unitTests.map((test) => ({ ...test, file: names.get(test.file) ?? test.file })),
    transcripts: { ...assignment.transcripts, program: edition.program },
    starterFiles: edition.starterFiles,
    native,
    languagesNotHere: undefined,
    // Recorded for the assignment's own language: another's parts and points are its own.
    partsNotHere: undefined,
  };
}
