// Students' own tests in a compiled language (C++): each `tests/<name>.cpp` a program that exits 0
// when it passes, as the handout's testing part describes. Each test is compiled and linked once, in
// the sandbox, against shared libraries of the ADT files; which implementation it runs against (the
// reference, or a mutant of one file) is chosen per run by the library folder the loader searches
// first. The variants are the grader's own code, compiled once outside the sandbox and kept on disk,
// so a class pays for them once; each run sees its own variant's folder and the reference's, no other.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { CACHE_ROOT } from '../bundle.ts';
import { PitbossError } from '../errors.ts';
import type { Assignment, Limits } from '../kit/assignment.ts';
import type { Mutant } from '../mutants/catalogue.ts';
import type { Kill, Report } from '../report/model.ts';
import {
  buildKept,
  compilerVersion,
  compileSource,
  describeProblem,
  linkProblem,
  programName,
  runInSandbox,
} from '../runner/native.ts';
import { type ProgramOutcome, runProgram } from '../runner/process.ts';
import type { Submission } from '../submission.ts';

const run = promisify(execFile);

/** CPU time one test run may use: a test is a few calls; a mutant that makes it loop is stopped soon. */
const TEST_CPU_MS = 2000;
/**
 * Where every run finds its libraries: one folder holding all of them, whatever implementation is
 * behind it, so that a run sees no other implementation to compare its own with.
 */
const VARIANT_PATH = '/pitboss/variant';
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
  const hash = createHash('sha256').update(compilerVersion(language)).update(language.flags.join(' '));
  for (const name of readdirSync(language.providedDir).sort())
    hash
      .update('\0')
      .update(name)
      .update('\0')
      .update(readFileSync(join(language.providedDir, name)));
  return join(CACHE_ROOT, 'native', `variants-${assignment.name}-${hash.digest('hex').slice(0, 16)}`);
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
          writeFileSync(source, text);
          await run(language.compiler, [
            ...language.flags,
            '-fPIC',
            '-shared',
            `-I${language.providedDir}`,
            `-Wl,-soname,lib${library}.so`,
            '-o',
            join(temporary, `lib${library}.so`),
            source,
          ]);
          rmSync(source);
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

const passed = (outcome: ProgramOutcome) =>
  outcome.status === 0 && outcome.limit === undefined && outcome.infrastructure !== true;

/** How a test run ended, in words: `exited with status 1`, `was killed by SIGSEGV`, `ran out of time`. */
function ending(outcome: ProgramOutcome): string {
  if (outcome.limit === 'time' || outcome.limit === 'cpu') return 'ran out of time';
  if (outcome.limit !== undefined) return `hit its ${outcome.limit} limit`;
  if (outcome.signal !== null) return `was killed by ${outcome.signal}`;
  return `exited with status ${outcome.status}`;
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
    /** Other correct implementations (folders): a test counts only when it passes on each too. */
    wheats: readonly string[];
  },
): Promise<NativeTestVerdicts> {
  const language = assignment.native!;
  const { folder, suffix, about } = assignment.studentTests;
  const sources = join(workDir, 'test-sources');
  const objects = join(workDir, 'test-objects');
  const programs = join(workDir, 'test-programs');
  for (const dir of [sources, objects, programs]) mkdirSync(dir, { recursive: true });
  chmodSync(objects, 0o777);
  chmodSync(programs, 0o777);
  const tests = [...submission.snapshot.files.keys()]
    .filter(
      (path) =>
        path.startsWith(`${folder}/`) &&
        path.endsWith(suffix) &&
        !path.slice(folder.length + 1).includes('/'),
    )
    .sort();
  const cases: StudentCase[] = [];
  const killedBy = new Map<string, Kill[]>(mutants.map((mutant) => [mutant.id, []]));
  if (tests.length === 0) return { cases, killedBy };
  for (const path of tests)
    writeFileSync(join(sources, basename(path)), submission.snapshot.files.get(path)!);
  const reference = await implementation(assignment, assignment.solutionDir!);
  const wheats = await Promise.all(options.wheats.map((dir) => implementation(assignment, dir)));
  const libraries = [...about.map((file) => `-l:${libraryOf(file)}`), `-l:lib${PROVIDED_LIBRARY}.so`];

  // Compiled and linked once each, in the sandbox.
  const built = new Map<string, string>();
  await Promise.all(
    tests.map((path) =>
      options.limiter(async () => {
        const name = basename(path);
        const object = join(objects, `${programName(name)}.o`);
        const compiled = await compileSource(language, name, sources, objects);
        if (compiled.status !== 0) {
          const first = compiled.problems.find((problem) => problem.severity === 'error');
          cases.push({
            file: path,
            name: '(the whole file)',
            valid: false,
            reason: `it does not compile: ${first === undefined ? 'the compiler failed' : describeProblem(first)}`,
          });
          return;
        }
        const program = join(programs, programName(name));
        const linked = await runInSandbox(
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
          { cwd: objects, readable: [objects, reference, options.readyObject], writable: [programs] },
        );
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

  // Every run loads all its libraries from one folder at one path, whatever is behind it (C++ is graded
  // only inside bubblewrap, runner/native.ts): its environment, memory map and folder are the same in
  // every run, and it sees no other implementation to tell its own from.
  const runTest = (program: string, variant: string | undefined): Promise<ProgramOutcome> =>
    runProgram(program, [], {
      cwd: programs,
      limits: options.limits,
      cpuLimitMs: TEST_CPU_MS,
      native: true,
      mounts: [{ source: variant ?? reference, target: VARIANT_PATH }],
      env: { LD_LIBRARY_PATH: VARIANT_PATH },
    });

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
  await Promise.all(
    held.flatMap((mutant) =>
      counting.sort().map((path) =>
        options.limiter(async () => {
          const outcome = await runTest(built.get(path)!, variants.get(mutant.id)!);
          if (outcome.infrastructure === true)
            throw new PitbossError('INFRASTRUCTURE', `the sandbox could not start ${path}`);
          if (passed(outcome)) return;
          const name = programName(basename(path));
          killedBy
            .get(mutant.id)!
            .push(
              outcome.limit === 'time' || outcome.limit === 'cpu'
                ? { file: path, broke: 'timeout' }
                : outcome.limit === 'memory' || outcome.limit === 'output'
                  ? { file: path, broke: outcome.limit === 'memory' ? 'memory-limit' : 'output-limit' }
                  : { file: path, position: '1', name },
            );
        }),
      ),
    ),
  );
  // The same order on every run, whatever finished first.
  cases.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const kills of killedBy.values())
    kills.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { cases, killedBy };
}
