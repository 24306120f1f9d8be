// Building a compiled language's submission (C++): each student file compiled on its own, in the
// sandbox, with the compiler's problems kept per file and line; then linked, also in the sandbox, once
// per configuration a test needs: all the student's files together, the program alone with the
// reference of the rest, and each unit-tested file with the harness and the reference of the rest.
// The grader's own parts (the provided sources, the reference, the harness) are compiled once, outside
// the sandbox, and kept on disk by a hash of everything that decides them.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type { LimitFunction } from 'p-limit';
import type { CompilerProblem, CompilerReport } from '../../0-results/problems.ts';
import type { Submission } from '../../1-submission/submission.ts';
import type { Assignment, Limits, NativeLanguage } from '../../kit/assignment.ts';
import { CACHE_ROOT } from '../../plumbing/bundle.ts';
import { PitbossError } from '../../plumbing/errors.ts';
import { countBuild, countProcess } from '../../plumbing/timings.ts';
import { type Budget, budgetSeconds } from '../limits.ts';
import { sandboxCommand, sandboxSupport } from '../process/layers.ts';
import { killGroup, watchMemory } from '../process/process.ts';
import type { Staging } from '../stage.ts';
import { prepareNativeChance } from './chance.ts';
import { describeProblem, linkProblem, readDiagnostics } from './diagnostics.ts';
import { buildKept } from './kept-build.ts';

/**
 * How the grader's own objects (the reference above all) are compiled, besides the course's flags: no
 * debug information, no compiler's note and no names of the reference's own classes (run-time type
 * names). Every program is linked without a symbol table (`-s`). A program that reads its own bytes
 * then finds of the reference only what the contract names and what the reference prints.
 */
const GRADER_OBJECT_FLAGS = ['-g0', '-fno-ident', '-fno-rtti'];

/** The most problems listed per file: the first ones are the ones to fix. */
const PROBLEMS_PER_FILE = 10;
/** What one compile or link of a student's file may use. */
const BUILD_LIMITS: Limits = {
  testTimeoutMs: 60_000,
  programTimeoutMs: 60_000,
  heapMb: 768,
  outputBytes: 64 * 1024 * 1024,
};
/** The most of the compiler's stderr kept (its JSON diagnostics): a file can make it say a lot. */
const STDERR_LIMIT = 4 * 1024 * 1024;
/**
 * The most C++ sources (.cpp, .cc) a submission, or its tests folder, may hold to be compiled. A
 * course's submission has its four files and a helper or two, its tests a dozen; each source is a run
 * of the compiler, and a submission of hundreds would hold the grader's places for minutes.
 */
export const MAX_SOURCES = 32;
/**
 * The largest C++ source or header compiled, in bytes. A student's file is a few KB (the reference's
 * largest is 8 KB); the compiler's time and memory grow with what it is given.
 */
export const MAX_SOURCE_BYTES = 256 * 1024;

/** A program built from the student's files, the one a native stage holds: its name in the stage. */
export const HARNESS_NAME = 'harness';
export const programName = (program: string) => program.replace(/\.[^.]+$/, '');

/**
 * Linked into every native program the grader runs: tells the grader on the record channel (fd 3)
 * that the process started, before any static initialiser of the student's (default priority) runs.
 * A death after it is the program's; one before it is the machinery's only when the canary below,
 * through the same sandbox, fails too: a student's code can run before it (a constructor of priority
 * 0 to 100, .preinit_array, an ifunc resolver).
 */
const READY_SOURCE = `#include <unistd.h>
__attribute__((constructor(101))) static void pitbossReady() { if (write(3, "ready\\n", 6) < 0) _exit(71); }
`;
/** The grader's canary: the ready object and nothing else, so it starts wherever the sandbox does. */
const CANARY_SOURCE = 'int main() { return 0; }\n';
/** The canary program in the grader's shared folder (compileNativeShared). */
export const CANARY_NAME = 'canary';

let compilerChecked: string | undefined;

/** The compiler's version line; a clear error where it is missing. */
export function compilerVersion(language: NativeLanguage): string {
  if (compilerChecked !== undefined) return compilerChecked;
  try {
    compilerChecked = execFileSync(language.compiler, ['--version'], {
      encoding: 'utf8',
      stdio: 'pipe',
    }).split('\n')[0]!;
  } catch {
    throw new PitbossError(
      'INFRASTRUCTURE',
      `${language.compiler} is not installed, so ${language.title} submissions cannot be graded here: ${language.install}`,
    );
  }
  return compilerChecked;
}

export interface ToolRun {
  status: number | null;
  stderr: string;
  /** A limit that ended it; `budget`: the submission's time budget, spent (or not run: spent before). */
  limit?: 'time' | 'memory' | 'budget' | undefined;
  /** The sandbox could not start it at all: the machinery's fault. */
  infrastructure?: boolean | undefined;
}

/** Runs the compiler (or linker) on a student's files, in the sandbox, with the build limits. */
export function runInSandbox(
  argv: readonly string[],
  options: {
    cwd: string;
    readable: readonly string[];
    writable: readonly string[];
    /** Its wall time, when less than the build limit (what is left of a budget). */
    timeoutMs?: number | undefined;
    /** Its own folder of bounded size (SandboxRequest.scratch): a whole program's build's. */
    scratch?: { path: string; bytes: number } | undefined;
    /** The most processes its uid may have (SandboxRequest.processes). */
    processes?: number | undefined;
    /** Variables besides PATH and LC_ALL; a PATH here goes before the grader's. */
    env?: Readonly<Record<string, string>> | undefined;
    /** Where its stdout goes: kept (up to the build's file-size limit) when asked. */
    stdout?: boolean | undefined;
  },
): Promise<ToolRun & { stdout?: Buffer }> {
  const { command, args } = sandboxCommand({
    native: argv,
    readable: options.readable,
    writable: options.writable,
    scratch: options.scratch,
    processes: options.processes,
    limits: BUILD_LIMITS,
    cpuSeconds: BUILD_LIMITS.programTimeoutMs / 1000,
    fileSizeBytes: BUILD_LIMITS.outputBytes,
    chdir: options.cwd,
  });
  countProcess();
  const ended = countBuild();
  const path = process.env.PATH ?? '/usr/bin:/bin';
  return new Promise<ToolRun & { stdout?: Buffer }>((done) => {
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        cwd: options.cwd,
        detached: true,
        stdio: ['ignore', options.stdout === true ? 'pipe' : 'ignore', 'pipe'],
        env: {
          ...options.env,
          PATH: options.env?.PATH === undefined ? path : `${options.env.PATH}:${path}`,
          LC_ALL: 'C',
        },
      });
    } catch {
      done({ status: null, stderr: '', infrastructure: true });
      return;
    }
    let stderr = '';
    let limit: ToolRun['limit'];
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString('utf8');
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      // A program is no larger than a file the build may write; what is past that is not kept.
      if (outBytes <= BUILD_LIMITS.outputBytes + 4096) out.push(chunk);
      outBytes += chunk.length;
    });
    const timer = setTimeout(() => {
      limit ??= 'time';
      killGroup(child);
    }, options.timeoutMs ?? BUILD_LIMITS.programTimeoutMs);
    const stopWatching = watchMemory(child, BUILD_LIMITS, () => {
      limit ??= 'memory';
    });
    child.on('error', () => done({ status: null, stderr, infrastructure: true }));
    child.on('close', (status) => {
      clearTimeout(timer);
      stopWatching();
      killGroup(child);
      done({ status, stderr, limit, ...(options.stdout === true ? { stdout: Buffer.concat(out) } : {}) });
    });
  }).finally(ended);
}

const sharedBuilds = new Map<string, Promise<string>>();
const execFileAsync = promisify(execFile);

/** The hash of everything that decides the grader's own objects: the compiler, its flags, the sources. */
function sharedKey(assignment: Assignment, language: NativeLanguage): string {
  const hash = createHash('sha256')
    .update(compilerVersion(language))
    .update('\0')
    .update(language.flags.join(' '));
  const sources = [
    ...readdirSync(language.providedDir)
      .sort()
      .map((name) => join(language.providedDir, name)),
    ...(language.harness === undefined ? [] : [language.harness]),
    ...(assignment.referenceDir === undefined
      ? []
      : assignment.studentFiles.map((file) => join(assignment.referenceDir!, file.name))),
    ...standInSources(assignment),
  ];
  for (const source of sources)
    hash.update('\0').update(basename(source)).update('\0').update(readFileSync(source));
  return hash
    .update(GRADER_OBJECT_FLAGS.join(' '))
    .update(READY_SOURCE)
    .update(CANARY_SOURCE)
    .digest('hex')
    .slice(0, 16);
}

/** The student tool's stand-ins (NativeLanguage.standIns), one per student file that has one. */
const standInSources = (assignment: Assignment): string[] => {
  const dir = assignment.referenceDir === undefined ? assignment.native!.standIns : undefined;
  return dir === undefined
    ? []
    : assignment.studentFiles.map((file) => join(dir, file.name)).filter((path) => existsSync(path));
};

/**
 * The grader's own objects (provided sources, the reference's files, the harness, the ready object),
 * compiled once and kept: `<folder>/provided/*.o`, `reference/<file>.o`, `harness.o`, `ready.o`, and
 * the canary program (`canary`: the ready object and an empty main).
 */
export function compileNativeShared(assignment: Assignment): Promise<string> {
  const language = assignment.native!;
  // A compiled program has no permission model: without bubblewrap it (and its compile's #include)
  // could read the reference and the hidden material, and print them into its report.
  // The student tool (no reference) holds nothing a program could read that is not the student's: it
  // builds and runs without bubblewrap, and `check` names the missing layer (WARNING: not enforced).
  if (assignment.referenceDir !== undefined && !sandboxSupport().layers.has('bwrap'))
    throw new PitbossError(
      'INFRASTRUCTURE',
      `${language.title} submissions are graded only inside bubblewrap, which cannot run here (install the Debian package bubblewrap): a compiled program has no permission model to keep the reference and hidden tests out of its reach`,
    );
  const folder = join(
    CACHE_ROOT,
    'native',
    `${assignment.name}-${language.name}-${sharedKey(assignment, language)}`,
  );
  let built = sharedBuilds.get(folder);
  if (built === undefined) {
    const compile = (source: string, object: string) =>
      execFileAsync(language.compiler, [
        ...language.flags,
        ...GRADER_OBJECT_FLAGS,
        `-I${language.providedDir}`,
        '-c',
        source,
        '-o',
        object,
      ]);
    built = buildKept(folder, async (building) => {
      mkdirSync(join(building, 'provided'));
      mkdirSync(join(building, 'reference'));
      for (const name of language.providedSources)
        await compile(join(language.providedDir, name), join(building, 'provided', `${programName(name)}.o`));
      for (const file of assignment.referenceDir === undefined ? [] : assignment.studentFiles)
        await compile(
          join(assignment.referenceDir!, file.name),
          join(building, 'reference', `${programName(file.name)}.o`),
        );
      // The student tool's stand-ins take the reference's place: `reference/` holds them instead.
      for (const source of standInSources(assignment))
        await compile(source, join(building, 'reference', `${programName(basename(source))}.o`));
      if (language.harness !== undefined) await compile(language.harness, join(building, 'harness.o'));
      writeFileSync(join(building, 'ready.cpp'), READY_SOURCE);
      await compile(join(building, 'ready.cpp'), join(building, 'ready.o'));
      writeFileSync(join(building, 'canary.cpp'), CANARY_SOURCE);
      await compile(join(building, 'canary.cpp'), join(building, 'canary.o'));
      await execFileAsync(language.compiler, [
        '-o',
        join(building, CANARY_NAME),
        join(building, 'ready.o'),
        join(building, 'canary.o'),
      ]);
    })
      // Every native run of student code gets the seeded chance library (3-sandbox/native/chance.ts).
      .then(() => prepareNativeChance(language.compiler))
      .then(() => folder);
    sharedBuilds.set(folder, built);
  }
  return built;
}

/**
 * A student's source (a file of `sources`) compiled on its own, in the sandbox, into `objects`: how
 * the compiler ended and what it said of the file, by line. The sandbox not starting is the grader's.
 */
export async function compileSource(
  language: NativeLanguage,
  name: string,
  sources: string,
  objects: string,
  timeoutMs?: number,
): Promise<ToolRun & { problems: CompilerProblem[] }> {
  const run = await runInSandbox(
    [
      language.compiler,
      ...language.flags,
      '-fdiagnostics-format=json',
      `-I${language.providedDir}`,
      '-c',
      name,
      '-o',
      join(objects, `${programName(name)}.o`),
    ],
    { cwd: sources, readable: [sources, language.providedDir], writable: [objects], timeoutMs },
  );
  if (run.infrastructure === true)
    throw new PitbossError('INFRASTRUCTURE', `the sandbox could not start ${language.compiler} for ${name}`);
  return { ...run, problems: readDiagnostics(run.stderr, name) };
}

/** A native Staging: its problems, what the compiler said, and a program per configuration. */
export interface NativeStaging extends Staging {
  compiler: CompilerReport;
  /** The grader's canary program: what tells a sandbox that cannot start from a program that died early. */
  canary: string;
}

const isSource = (path: string) => /^[^/]+\.(cpp|cc|h|hpp)$/.test(path);
const kib = (bytes: number) => `${Math.ceil(bytes / 1024)} KiB`;

/** A source too large to be compiled: why, in one line; undefined when it may be. */
export const sourceTooLarge = (path: string, bytes: number): string | undefined =>
  bytes > MAX_SOURCE_BYTES
    ? `${path} was not compiled: it is ${kib(bytes)}, more than the ${kib(MAX_SOURCE_BYTES)} a C++ source may be`
    : undefined;

/** Why a build was not run or not finished: the submission's time budget, spent. */
export const budgetSpent = (budgetMs: number | undefined) =>
  `the submission's time budget of ${budgetSeconds(budgetMs)} s ran out while its files were being built (a file that takes the compiler long uses it fast)`;

/**
 * How a submission's builds run: each compile and link takes a place of the limiter its runs take
 * (`--jobs`), and its wall time counts against the submission's time budget, as a run's does.
 */
export interface BuildOptions {
  limiter: LimitFunction;
  budget: Budget;
  /** The budget's size, for messages. */
  budgetMs: number | undefined;
}

/**
 * `build` (a compile or link) in a place of the limiter, given what is left of the budget as its wall
 * time and charged to it; `budget` when nothing was left, or what was left stopped it.
 */
export function buildWithin(
  options: BuildOptions,
  build: (timeoutMs: number) => Promise<ToolRun>,
): Promise<ToolRun> {
  return options.limiter(() => buildInBudget(options.budget, build));
}

/**
 * `build` given what is left of `budget` as its wall time and charged to it, in a place its caller
 * already holds (a student's test compiled and linked in one place); `budget` when nothing was left,
 * or what was left stopped it.
 */
export async function buildInBudget<Run extends ToolRun>(
  budget: Budget,
  build: (timeoutMs: number) => Promise<Run>,
): Promise<Run | ToolRun> {
  const left = budget.left();
  if (left <= 0) return { status: null, stderr: '', limit: 'budget' as const };
  const stop = budget.start();
  try {
    const run = await build(Math.min(BUILD_LIMITS.programTimeoutMs, left));
    if (run.limit === 'time' && left < BUILD_LIMITS.programTimeoutMs) run.limit = 'budget';
    return run;
  } finally {
    stop();
  }
}

export async function stageNativeSubmission(
  assignment: Assignment,
  submission: Submission,
  shared: string,
  workDir: string,
  build: BuildOptions,
): Promise<NativeStaging> {
  const language = assignment.native!;
  const sources = join(workDir, 'sources');
  const objects = join(workDir, 'objects');
  mkdirSync(sources, { recursive: true });
  mkdirSync(objects, { recursive: true });
  // The sandbox's uid writes the objects; only the grader can list the folder around them (0711).
  chmodSync(objects, 0o777);
  const provided = new Set(readdirSync(language.providedDir));
  // The submission's sources from its snapshot, never from disk; a copy of a provided file is ignored,
  // so `#include "deck.h"` finds the provided header and no other.
  const problems = new Map<string, string>();
  // A source past the size limit is not written: a file that includes it cannot compile either.
  for (const [path, bytes] of submission.snapshot.files) {
    if (!isSource(path) || provided.has(path)) continue;
    const tooLarge = sourceTooLarge(path, bytes.length);
    if (tooLarge === undefined) writeFileSync(join(sources, path), bytes);
    else problems.set(path, tooLarge);
  }
  for (const [path, reason] of submission.snapshot.problems)
    if (isSource(path) && !provided.has(path)) problems.set(path, reason);
  const studentNames = assignment.studentFiles.map((file) => file.name);
  for (const name of studentNames)
    if (!submission.modules.has(name) && !problems.has(name))
      problems.set(name, `${name} is missing from the submission`);
  const extras = [...submission.modules.keys()].filter((name) => !studentNames.includes(name));
  // More sources than any submission holds: none is compiled, and each of the student's files says why.
  if (submission.modules.size > MAX_SOURCES)
    for (const name of submission.modules.keys())
      problems.set(
        name,
        `${name} was not compiled: the submission holds ${submission.modules.size} C++ sources (.cpp, .cc), more than the ${MAX_SOURCES} one may hold`,
      );

  const command = [language.compiler, ...language.flags].join(' ');
  const listed: CompilerProblem[] = [];
  let omitted = 0;
  const compiled = new Set<string>();
  const compile = async (name: string) => {
    let said: CompilerProblem[] = [];
    const run = await buildWithin(build, async (timeoutMs) => {
      const compiled = await compileSource(language, name, sources, objects, timeoutMs);
      said = compiled.problems;
      return compiled;
    });
    const own = said.slice(0, PROBLEMS_PER_FILE);
    listed.push(...own);
    omitted += said.length - own.length;
    if (run.limit === 'budget') {
      problems.set(name, `${name} was not compiled: ${budgetSpent(build.budgetMs)}`);
      return;
    }
    if (run.limit !== undefined) {
      problems.set(
        name,
        `${name} does not compile: the compiler ran out of ${run.limit === 'time' ? 'time' : 'memory'} on it`,
      );
      return;
    }
    if (run.status !== 0) {
      const first = said.find((problem) => problem.severity === 'error');
      problems.set(
        name,
        `${name} does not compile: ${first === undefined ? 'the compiler failed' : describeProblem(first)}`,
      );
      return;
    }
    compiled.add(name);
  };
  await Promise.all([...submission.modules.keys()].filter((name) => !problems.has(name)).map(compile));

  // The configurations tests run in, linked now: each needs its student files compiled.
  const { program } = assignment.transcripts;
  const unitFiles = [...new Set(assignment.unitTests.map((test) => test.file))];
  const references = (except: readonly string[]) =>
    studentNames
      .filter((name) => !except.includes(name))
      .map((name) => join(shared, 'reference', `${programName(name)}.o`));
  const providedObjects = language.providedSources.map((name) =>
    join(shared, 'provided', `${programName(name)}.o`),
  );
  const own = (names: readonly string[]) => names.map((name) => join(objects, `${programName(name)}.o`));
  const configurations: { key: string; needs: string[]; objects: string[] }[] = [
    {
      key: 'all',
      needs: studentNames,
      objects: [join(shared, 'ready.o'), ...own([...studentNames, ...extras]), ...providedObjects],
    },
    // With no reference (the student tool's stand-ins are no program's), the program runs only whole.
    ...(assignment.referenceDir === undefined
      ? []
      : [
          {
            key: `linked-${program}`,
            needs: [program],
            objects: [
              join(shared, 'ready.o'),
              ...own([program, ...extras]),
              ...references([program]),
              ...providedObjects,
            ],
          },
        ]),
    ...unitFiles.map((file) => ({
      key: `unit-${file}`,
      needs: [file],
      // The harness has the only main: the program's file is not linked in.
      objects: [
        join(shared, 'harness.o'),
        ...own([file, ...extras]),
        ...references([file, program]),
        ...providedObjects,
      ],
    })),
  ];
  const linkProblems = new Map<string, string>();
  const bin = join(workDir, 'programs');
  mkdirSync(bin, { recursive: true });
  chmodSync(bin, 0o777);
  await Promise.all(
    configurations.map(async ({ key, needs, objects: linked }) => {
      if (!needs.every((name) => compiled.has(name))) return;
      // A helper file of the student's own that does not compile: whatever links with it cannot.
      const broken = extras.filter((name) => !compiled.has(name));
      if (broken.length > 0) {
        linkProblems.set(key, `cannot be linked: it needs ${broken.join(', ')}, which does not compile`);
        return;
      }
      const out = join(bin, key);
      const run = await buildWithin(build, (timeoutMs) =>
        runInSandbox([language.compiler, '-s', '-o', out, ...linked], {
          cwd: objects,
          readable: [objects, shared],
          writable: [bin],
          timeoutMs,
        }),
      );
      if (run.infrastructure === true)
        throw new PitbossError('INFRASTRUCTURE', `the sandbox could not start ${language.compiler} to link`);
      if (run.limit === 'budget') linkProblems.set(key, `cannot be linked: ${budgetSpent(build.budgetMs)}`);
      else if (run.status !== 0 || !existsSync(out))
        linkProblems.set(key, `does not link: ${linkProblem(run.stderr)}`);
    }),
  );
  // A file whose unit-test configuration does not link: its tests cannot call it.
  for (const file of unitFiles) {
    const problem = linkProblems.get(`unit-${file}`);
    if (problem !== undefined && !problems.has(file)) problems.set(file, `${file} ${problem}`);
  }
  const keyOf = (fromStudent: readonly string[] | 'all', unitTests: boolean) =>
    unitTests
      ? `unit-${fromStudent === 'all' ? '' : fromStudent[0]}`
      : fromStudent === 'all'
        ? 'all'
        : `linked-${fromStudent.join('+')}`;
  let stages = 0;
  return {
    problems,
    canary: join(shared, CANARY_NAME),
    compiler: { command, problems: listed, omitted },
    linkProblem(fromStudent, options = {}) {
      const key = keyOf(fromStudent, options.unitTests === true);
      const problem = linkProblems.get(key);
      if (problem === undefined) return undefined;
      return fromStudent === 'all'
        ? `your files together ${problem}`
        : `${fromStudent.join(', ')} ${problem}`;
    },
    stage(fromStudent, files = {}, options = {}) {
      const dir = join(workDir, `stage-${stages++}`);
      mkdirSync(dir, { recursive: true });
      const unitTests = options.unitTests === true;
      const built = join(bin, keyOf(fromStudent, unitTests));
      const name = unitTests ? HARNESS_NAME : programName(program);
      if (existsSync(built)) {
        copyFileSync(built, join(dir, name));
        chmodSync(join(dir, name), 0o755);
      }
      for (const [file, text] of Object.entries(files)) {
        if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(file) || file === name || existsSync(join(dir, file)))
          throw new Error(`a transcript case's file may not be called '${file}'`);
        writeFileSync(join(dir, file), text);
      }
      return dir;
    },
  };
}
