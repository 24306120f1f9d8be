// Students' own tests in a compiled language (C++): each `tests/<name>.cpp` a program that exits 0
// when it passes, as the handout's testing part describes. Each test is compiled and linked once, in
// the sandbox, against shared libraries of the ADT files; which implementation it runs against (the
// reference, or a mutant of one file) is chosen per run by the library folder the loader searches
// first. The variants are the grader's own code, compiled once outside the sandbox and kept on disk,
// so a class pays for them once; each run sees its own variant's folder and the reference's, no other.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import type { Kill } from '../../0-results/mutant.ts';
import type { CompilerProblem } from '../../0-results/problems.ts';
import type { Report } from '../../0-results/report.ts';
import type { Submission } from '../../1-submission/submission.ts';
import {
  type Budget,
  budgetSpent,
  buildInBudget,
  buildKept,
  compilerVersion,
  compileSource,
  describeProblem,
  linkProblem,
  type ProgramOutcome,
  programName,
  runInSandbox,
  runProgram,
} from '../../3-sandbox/door.ts';
import type { Assignment, Limits } from '../../kit/assignment.ts';
import type { Mutant } from '../../mutants/catalogue.ts';
import { CACHE_ROOT } from '../../plumbing/bundle.ts';
import { PitbossError } from '../../plumbing/errors.ts';

const run = promisify(execFile);

/** CPU time one test run may use: a test is a few calls; a mutant that makes it loop is stopped soon. */
const TEST_CPU_MS = 2000;
/**
 * Where every run finds itself: its test program and, in `lib/`, its libraries, whatever
 * implementation is behind them, so that a run sees no other implementation to compare its own with.
 */
const RUN_PATH = '/pitboss/test';
/**
 * The time every file and folder of a run carries. The folder is made afresh for each run and every
 * time in it set to this one, so nothing of how or when a variant was built (a mutant's libraries are
 * copied at once and one rebuilt; the reference's were built one by one, maybe days ago) shows.
 */
const RUN_FILE_TIME = new Date(Date.UTC(2000, 0, 1));
/**
 * Every library is padded with zeros to a multiple of this size: a mutant's library is rarely
 * more than a few bytes longer or shorter than the reference's, and its size alone must not tell it.
 */
const LIBRARY_SIZE_STEP = 64 * 1024;
/** Changed whenever how a variant's folder is built changes, so that no folder built the old way is used. */
const VARIANT_BUILD = 'padded-stripped-contract-only-2';
/** The library the provided sources make, beside one per ADT file. */
const PROVIDED_LIBRARY = 'provided';

type StudentCase = Report['studentTests']['cases'][number];

export interface NativeTestVerdicts {
  cases: StudentCase[];
  /** Each mutant's kills, by id: the counting tests that failed on it. */
  killedBy: Map<string, Kill[]>;
}

const libraryOf = (file: string) => `lib${programName(file)}.so`;

/** Where a variant's libraries are kept: a folder per content, so a changed mutant is a new folder. */
function variantsRoot(assignment: Assignment): string {
  const language = assignment.native!;
  const hash = createHash('sha256')
    .update(VARIANT_BUILD)
    .update(compilerVersion(language))
    .update(language.flags.join(' '));
  for (const name of readdirSync(language.providedDir).sort())
    hash
      .update('\0')
      .update(name)
      .update('\0')
      .update(readFileSync(join(language.providedDir, name)));
  return join(CACHE_ROOT, 'native', `variants-${assignment.name}-${hash.digest('hex').slice(0, 16)}`);
}

/**
 * What every library's source starts with: the provided headers, declared visible, so that under
 * `-fvisibility=hidden` the contract's names (Deck, Hand, get_Simple...) are exported and nothing else.
 */
function contractVisible(providedDir: string): string {
  const headers = readdirSync(providedDir)
    .filter((name) => /\.(h|hpp)$/.test(name))
    .sort();
  return `#pragma GCC visibility push(default)\n${headers.map((name) => `#include "${name}"\n`).join('')}#pragma GCC visibility pop\n`;
}

/** Pads a library with zeros (written, not a hole: a hole shows in its count of blocks) to the step. */
function padLibrary(path: string): void {
  const size = statSync(path).size;
  const padding = (LIBRARY_SIZE_STEP - (size % LIBRARY_SIZE_STEP)) % LIBRARY_SIZE_STEP;
  if (padding > 0) appendFileSync(path, Buffer.alloc(padding));
}

/** The grader's compiles of variants: two at a time, whatever the number of submissions. */
const compiles = pLimit(2);

/**
 * Builds one variant folder, kept on disk: every library of `base` (a folder of them) copied, then
 * the libraries built from `sources`, by library name, over them.
 */
function buildVariant(
  assignment: Assignment,
  folder: string,
  sources: ReadonlyMap<string, string>,
  base: string | undefined,
): Promise<void> {
  const language = assignment.native!;
  return buildKept(folder, async (temporary) => {
    for (const name of base === undefined ? [] : readdirSync(base))
      copyFileSync(join(base!, name), join(temporary, name));
    await Promise.all(
      [...sources].map(([library, text]) =>
        compiles(async () => {
          const source = join(temporary, `${library}.cpp`);
          writeFileSync(source, `${contractVisible(language.providedDir)}${text}`);
          await run(language.compiler, [
            ...language.flags,
            '-fPIC',
            '-shared',
            `-I${language.providedDir}`,
            `-Wl,-soname,lib${library}.so`,
            // No symbol table, no debug information, no compiler's note, no run-time type names, and
            // only the contract's names exported: what a test can read of a library (its bytes, its
            // names) is only what loading it needs, never a name the implementation chose.
            '-g0',
            '-s',
            '-fno-ident',
            '-fno-rtti',
            '-fvisibility=hidden',
            '-o',
            join(temporary, `lib${library}.so`),
            source,
          ]);
          rmSync(source);
          padLibrary(join(temporary, `lib${library}.so`));
        }),
      ),
    );
  });
}

/**
 * A variant's folder of libraries, whole (every library a test links, so that a run needs no other
 * folder): built from sources by library name over `base`'s, and named by its content alone.
 */
async function variant(
  assignment: Assignment,
  sources: ReadonlyMap<string, string>,
  base?: string,
): Promise<string> {
  const hash = createHash('sha256')
    .update(base ?? '')
    .update('\0');
  for (const [name, text] of [...sources].sort()) hash.update(name).update('\0').update(text).update('\0');
  const folder = join(variantsRoot(assignment), `variant-${hash.digest('hex').slice(0, 16)}`);
  await buildVariant(assignment, folder, sources, base);
  return folder;
}

/** An implementation's libraries: every file the tests are about, from `dir`, and the provided sources. */
function implementation(assignment: Assignment, dir: string): Promise<string> {
  const language = assignment.native!;
  const sources = new Map<string, string>(
    assignment.studentTests.about.map((file) => [programName(file), readFileSync(join(dir, file), 'utf8')]),
  );
  sources.set(
    PROVIDED_LIBRARY,
    language.providedSources.map((name) => `#include "${join(language.providedDir, name)}"\n`).join(''),
  );
  return variant(assignment, sources);
}

/** A mutant's libraries: the reference's, with its file's built from the mutated source. */
const mutantVariant = (assignment: Assignment, mutant: Mutant, reference: string): Promise<string> =>
  variant(assignment, new Map([[programName(mutant.file), mutant.source]]), reference);

export const passed = (outcome: ProgramOutcome) =>
  outcome.status === 0 && outcome.limit === undefined && outcome.infrastructure !== true;

/** How a test run ended, in words: `exited with status 1`, `was killed by SIGSEGV`, `ran out of time`. */
export function ending(outcome: ProgramOutcome): string {
  if (outcome.limit === 'time' || outcome.limit === 'cpu') return 'ran out of time';
  if (outcome.limit !== undefined) return `hit its ${outcome.limit} limit`;
  if (outcome.signal !== null) return `was killed by ${outcome.signal}`;
  return `exited with status ${outcome.status}`;
}

/** What a failing run exposes: the test itself, or the way it broke. */
function killOf(path: string, outcome: ProgramOutcome): Kill {
  if (outcome.limit === 'time' || outcome.limit === 'cpu') return { file: path, broke: 'timeout' };
  if (outcome.limit === 'memory' || outcome.limit === 'output')
    return { file: path, broke: outcome.limit === 'memory' ? 'memory-limit' : 'output-limit' };
  return { file: path, position: '1', name: programName(basename(path)) };
}

const killKey = (kill: Kill) => `${kill.file}\0${'broke' in kill ? kill.broke : kill.position}`;

/** A submission's test files (its tests folder's own, not in a folder below), in order. */
export function testFilesOf(paths: Iterable<string>, assignment: Assignment): string[] {
  const { folder, suffix } = assignment.studentTests;
  return [...paths]
    .filter(
      (path) =>
        path.startsWith(`${folder}/`) &&
        path.endsWith(suffix) &&
        !path.slice(folder.length + 1).includes('/'),
    )
    .sort();
}

/**
 * Compiles and runs a submission's C++ tests: each against the reference (twice: a test must give the
 * same answer every time), then each that counts against every mutant.
 */
export async function runNativeStudentTests(
  assignment: Assignment,
  submission: Submission,
  mutants: readonly Mutant[],
  workDir: string,
  options: {
    limits: Limits;
    limiter: (task: () => Promise<void>) => Promise<void>;
    readyObject: string;
    /** The grader's canary (runProgram's): a test that dies before main fails; the machinery is not blamed. */
    canary?: string | undefined;
    /** Other correct implementations (folders): a test counts only when it passes on each too. */
    wheats: readonly string[];
    /**
     * The submission's time budget (its builds' and runs'): each test's compile and link is given what
     * is left of it as its wall time and charged to it, as the submission's own files' builds are.
     */
    budget: Budget;
  },
): Promise<NativeTestVerdicts> {
  const language = assignment.native!;
  const { about } = assignment.studentTests;
  const sources = join(workDir, 'test-sources');
  const objects = join(workDir, 'test-objects');
  const programs = join(workDir, 'test-programs');
  for (const dir of [sources, objects, programs]) mkdirSync(dir, { recursive: true });
  chmodSync(objects, 0o777);
  chmodSync(programs, 0o777);
  const tests = testFilesOf(submission.snapshot.files.keys(), assignment);
  const cases: StudentCase[] = [];
  const killedBy = new Map<string, Kill[]>(mutants.map((mutant) => [mutant.id, []]));
  if (tests.length === 0) return { cases, killedBy };
  for (const path of tests)
    writeFileSync(join(sources, basename(path)), submission.snapshot.files.get(path)!);
  const reference = await implementation(assignment, assignment.solutionDir!);
  const wheats = await Promise.all(options.wheats.map((dir) => implementation(assignment, dir)));
  const libraryNames = [...about.map(libraryOf), `lib${PROVIDED_LIBRARY}.so`];
  const libraries = libraryNames.map((library) => `-l:${library}`);

  // Compiled and linked once each, in the sandbox.
  const built = new Map<string, string>();
  await Promise.all(
    tests.map((path) =>
      options.limiter(async () => {
        const name = basename(path);
        const object = join(objects, `${programName(name)}.o`);
        const spent = () =>
          cases.push({
            file: path,
            name: '(the whole file)',
            valid: false,
            reason: `it was not built: ${budgetSpent(options.limits.budgetMs).replace('its files were', 'its tests were')}`,
          });
        let problems: CompilerProblem[] = [];
        const compiled = await buildInBudget(options.budget, async (timeoutMs) => {
          const run = await compileSource(language, name, sources, objects, timeoutMs);
          problems = run.problems;
          return run;
        });
        if (compiled.limit === 'budget') {
          spent();
          return;
        }
        if (compiled.status !== 0) {
          const first = problems.find((problem) => problem.severity === 'error');
          const ran =
            compiled.limit === undefined ? undefined : `the compiler ran out of ${compiled.limit} on it`;
          cases.push({
            file: path,
            name: '(the whole file)',
            valid: false,
            reason: `it does not compile: ${ran ?? (first === undefined ? 'the compiler failed' : describeProblem(first))}`,
          });
          return;
        }
        const program = join(programs, programName(name));
        const linked = await buildInBudget(options.budget, (timeoutMs) =>
          runInSandbox(
            [
              language.compiler,
              '-o',
              program,
              object,
              options.readyObject,
              `-L${reference}`,
              '-Wl,--no-as-needed',
              ...libraries,
            ],
            {
              cwd: objects,
              readable: [objects, reference, options.readyObject],
              writable: [programs],
              timeoutMs,
            },
          ),
        );
        if (linked.limit === 'budget') {
          spent();
          return;
        }
        if (linked.status !== 0 || !existsSync(program)) {
          cases.push({
            file: path,
            name: '(the whole file)',
            valid: false,
            reason: `it does not link: ${linkProblem(linked.stderr)}`,
          });
          return;
        }
        built.set(path, program);
      }),
    ),
  );

  // Every run is a folder made for it alone, seen at one path (C++ is graded only inside bubblewrap,
  // 3-sandbox/native/build.ts): the test program and its variant's libraries, written afresh in the same order
  // with the same times and modes. Its environment, memory map, folder and files are then the same in
  // every run but for what the code in them does, and it sees no other implementation to tell its own
  // from.
  const runs = join(workDir, 'test-runs');
  mkdirSync(runs, { recursive: true });
  let runCount = 0;
  const runTest = async (program: string, variant: string | undefined): Promise<ProgramOutcome> => {
    const dir = join(runs, String(++runCount));
    const lib = join(dir, 'lib');
    mkdirSync(lib, { recursive: true });
    const name = basename(program);
    const files: [string, string, number][] = [
      [program, join(dir, name), 0o755],
      ...libraryNames.map((library): [string, string, number] => [
        join(variant ?? reference, library),
        join(lib, library),
        0o644,
      ]),
    ];
    for (const [from, to, mode] of files) {
      writeFileSync(to, readFileSync(from), { mode });
      chmodSync(to, mode);
    }
    for (const path of [...files.map(([, to]) => to), lib, dir]) {
      utimesSync(path, RUN_FILE_TIME, RUN_FILE_TIME);
      if (path === lib || path === dir) chmodSync(path, 0o755);
    }
    try {
      return await runProgram(`${RUN_PATH}/${name}`, [], {
        cwd: dir,
        mountedAt: RUN_PATH,
        limits: options.limits,
        cpuLimitMs: TEST_CPU_MS,
        native: true,
        env: { LD_LIBRARY_PATH: `${RUN_PATH}/lib` },
        canary: options.canary,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  // On the reference, twice, then on each other correct implementation: a test counts when it passes
  // every time (a test that fails wherever the code is not the reference's own tells no bug apart).
  const counting: string[] = [];
  await Promise.all(
    [...built].map(([path, program]) =>
      options.limiter(async () => {
        const first = await runTest(program, undefined);
        const second = passed(first) ? await runTest(program, undefined) : first;
        const onWheats: ProgramOutcome[] = [];
        for (const wheat of passed(second) ? wheats : []) onWheats.push(await runTest(program, wheat));
        if ([first, second, ...onWheats].some((outcome) => outcome.infrastructure === true))
          throw new PitbossError('INFRASTRUCTURE', `the sandbox could not start ${path}`);
        const name = programName(basename(path));
        const failingWheats = onWheats.filter((outcome) => !passed(outcome)).length;
        if (!passed(first))
          cases.push({
            file: path,
            name,
            valid: false,
            reason: `it fails on the reference implementation: it ${ending(first)}`,
          });
        else if (!passed(second))
          cases.push({
            file: path,
            name,
            valid: false,
            reason: `its outcome on the same code changed from one run to the next (flaky), so it earns nothing: the second run ${ending(second)}`,
          });
        else if (failingWheats > 0)
          cases.push({
            file: path,
            name,
            valid: false,
            reason: `it passes on the reference implementation but fails on ${failingWheats} of the ${wheats.length} other correct implementations`,
          });
        else {
          cases.push({ file: path, position: '1', name, valid: true });
          counting.push(path);
        }
      }),
    ),
  );

  // Every counting test against every mutant of a file the tests are about.
  const held = mutants.filter((mutant) => about.includes(mutant.file));
  const variants = new Map(
    await Promise.all(
      held.map(async (mutant) => [mutant.id, await mutantVariant(assignment, mutant, reference)] as const),
    ),
  );
  // A test that fails on a mutant runs on it again: the exposure counts only if the second run repeats
  // it, and a test whose outcome on one mutant changed between the two runs is flaky and earns nothing
  // on any (chance is seeded, 3-sandbox/native/chance.ts, but a test can still find its own).
  const flaky = new Set<string>();
  await Promise.all(
    held.flatMap((mutant) =>
      counting.sort().map((path) =>
        options.limiter(async () => {
          const program = built.get(path)!;
          const variant = variants.get(mutant.id)!;
          const first = await runTest(program, variant);
          const second = passed(first) ? first : await runTest(program, variant);
          if (first.infrastructure === true || second.infrastructure === true)
            throw new PitbossError('INFRASTRUCTURE', `the sandbox could not start ${path}`);
          if (passed(first)) return;
          const kill = killOf(path, first);
          if (passed(second) || killKey(killOf(path, second)) !== killKey(kill)) {
            flaky.add(path);
            return;
          }
          killedBy.get(mutant.id)!.push(kill);
        }),
      ),
    ),
  );
  for (const [index, entry] of cases.entries())
    if (flaky.has(entry.file) && entry.valid)
      cases[index] = {
        file: entry.file,
        name: entry.name,
        valid: false,
        reason:
          'its outcome on the same code changed from one run to the next (flaky), so it earns nothing: a test must give the same answer every time',
      };
  for (const [id, kills] of killedBy)
    killedBy.set(
      id,
      kills.filter((kill) => !flaky.has(kill.file)),
    );
  // The same order on every run, whatever finished first.
  cases.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const kills of killedBy.values())
    kills.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { cases, killedBy };
}
