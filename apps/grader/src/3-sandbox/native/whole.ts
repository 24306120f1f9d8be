// Building a whole program of the student's own design (NativeLanguage.wholeProgram: CS246's Straights
// in C++): every C++ source and header of the folder, in its own layout, built in the sandbox by its own
// Makefile (`make`) when it has one, else by the course's flags on every source; then the program it
// made, a regular file of the name the course ran, is the one program its transcripts run. The build's
// failure is told in one line, in the words a student needs: a library the course's machines had, a
// standard header an older compiler included implicitly, else the compiler's first error.

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
import { delimiter, dirname, join } from 'node:path';
import type { CompilerProblem } from '../../0-results/problems.ts';
import type { Submission } from '../../1-submission/submission.ts';
import { isWholeProgramSource } from '../../1-submission/submission.ts';
import type { Assignment, NativeLanguage } from '../../kit/assignment.ts';
import { CACHE_ROOT } from '../../plumbing/bundle.ts';
import { PitbossError } from '../../plumbing/errors.ts';
import { sandboxSupport } from '../process/layers.ts';
import {
  type BuildOptions,
  budgetSpent,
  buildWithin,
  CANARY_NAME,
  MAX_SOURCES,
  type NativeStaging,
  runInSandbox,
  sourceTooLarge,
} from './build.ts';
import { linkProblem } from './diagnostics.ts';
import { buildKept } from './kept-build.ts';

/** A file a whole program's build reads: its sources, headers and Makefile, anywhere in the folder. */
const isBuildFile = (path: string) =>
  isWholeProgramSource(path) ||
  /\.(h|hh|hpp|hxx|tpp|inc)$/.test(path) ||
  /(^|\/)(GNUmakefile|[Mm]akefile|[^/]+\.mk)$/.test(path);

/** A path inside the stage: relative, no `..`, no hidden folder of the grader's making. */
const safePath = (path: string) =>
  path.split('/').every((part) => part !== '' && part !== '.' && part !== '..') && !path.startsWith('/');

/** Libraries the course's machines had for the graphical bonus, by the header or library that names them. */
const LIBRARIES: readonly { name: string; header: RegExp; link: RegExp }[] = [
  { name: 'X11', header: /^X11\//, link: /^(X11|Xext|Xft)$/ },
  { name: 'ncurses', header: /^n?curses(w)?(\.h|\/)/, link: /^n?cursesw?$|^tinfo$/ },
  { name: 'gtkmm', header: /^gtkmm/, link: /^gtkmm/ },
];

/**
 * Names of the standard library that g++ 12 finds only in their own header, which older compilers
 * (the course's machines') included through another: a program that compiled there and uses one without
 * its #include does not compile here, and g++ says only that the name is unknown.
 */
const STANDARD_HEADERS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      'sort',
      'stable_sort',
      'find',
      'find_if',
      'count',
      'count_if',
      'shuffle',
      'random_shuffle',
      'reverse',
      'remove',
      'remove_if',
      'min_element',
      'max_element',
      'any_of',
      'all_of',
      'none_of',
      'for_each',
      'transform',
      'unique',
      'lower_bound',
      'upper_bound',
      'binary_search',
    ].map((name) => [name, 'algorithm']),
  ),
  accumulate: 'numeric',
  iota: 'numeric',
  setw: 'iomanip',
  setfill: 'iomanip',
  istringstream: 'sstream',
  ostringstream: 'sstream',
  stringstream: 'sstream',
  ifstream: 'fstream',
  ofstream: 'fstream',
  exit: 'cstdlib',
  abs: 'cstdlib',
};

/**
 * g++'s text diagnostics (`file:line:col: error: message`), with the stage's folder taken off; given
 * `own` (the submission's files, by path), only those about one of them: anything else a build prints
 * in their shape (a path of the grader's, the sandbox's command line) is never shown.
 */
export function readTextDiagnostics(
  stderr: string,
  folder: string,
  own?: ReadonlySet<string>,
): CompilerProblem[] {
  const problems: CompilerProblem[] = [];
  for (const raw of stderr.split('\n')) {
    const line = raw.startsWith(`${folder}/`) ? raw.slice(folder.length + 1) : raw;
    const found = /^([^:\s][^:]*):(\d+):(\d+): (fatal error|error|warning): (.*)$/.exec(line);
    if (found === null) continue;
    if (own !== undefined && !own.has(found[1]!)) continue;
    const [, file, row, column, kind, message] = found as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    problems.push({
      file: file.startsWith('/') ? (file.split('/').pop() ?? file) : file,
      line: Math.max(1, Number(row)),
      column: Math.max(1, Number(column)),
      severity: kind === 'warning' ? 'warning' : 'error',
      message: message.slice(0, 1000),
    });
  }
  return problems;
}

/**
 * Why a whole program's build failed, in one line. A library of the course's machines (X11, ncurses)
 * that is not here; a standard header the program uses without including it (g++ 12 says which); else
 * the compiler's first error, or the linker's complaint.
 */
export function buildFailure(
  stderr: string,
  folder: string,
  options: {
    /** The submission's files by path (readTextDiagnostics): a line about another file is not told. */
    own?: ReadonlySet<string> | undefined;
    /** Where those files are on the grader's disk, when the build saw them at another folder. */
    sources?: string | undefined;
  } = {},
): string {
  const { own } = options;
  const ours = (where: string) => own === undefined || own.has(where.replace(/:\d+:\d+$/, ''));
  const includes = (file: string, header: string) => {
    try {
      return new RegExp(`#\\s*include\\s*<${header}>`).test(
        readFileSync(join(options.sources ?? folder, file), 'utf8'),
      );
    } catch {
      return false;
    }
  };
  const lines = stderr
    .split('\n')
    .map((line) => (line.startsWith(`${folder}/`) ? line.slice(folder.length + 1) : line));
  for (const line of lines) {
    const missing = /^([^:\s][^:]*:\d+:\d+): fatal error: ([^:]+): No such file or directory/.exec(line);
    if (missing === null || !ours(missing[1]!)) continue;
    const [, where, header] = missing as unknown as [string, string, string];
    const library = LIBRARIES.find((each) => each.header.test(header));
    if (library !== undefined)
      return `needs ${library.name} (${where}: #include <${header}>), a library the course's machines had and the grader's do not: the graded program must build without it (leave the graphical display out of the build, or behind a make target of its own)`;
    return `does not compile: ${where}: #include ${/\.h$/.test(header) ? `"${header}"` : `<${header}>`}: no such file in your submission or the system`;
  }
  for (const line of lines) {
    const cannot = /cannot find -l([\w+.-]+)/.exec(line);
    const library = cannot === null ? undefined : LIBRARIES.find((each) => each.link.test(cannot[1]!));
    if (library !== undefined)
      return `needs ${library.name} (-l${cannot![1]}), a library the course's machines had and the grader's do not: the graded program must build without it (leave the graphical display out of the build, or behind a make target of its own)`;
  }
  for (const line of lines) {
    const error =
      /^([^:\s][^:]*):(\d+):(\d+): error: (?:'([\w:]+)' (?:is not a member of 'std'|was not declared in this scope)|no matching function for call to '([\w:]+)\()/.exec(
        line,
      );
    if (error === null || !ours(error[1]!)) continue;
    const [, file, row, column, named, called] = error as unknown as [
      string,
      string,
      string,
      string,
      string?,
      string?,
    ];
    const name = (named ?? called ?? '').replace(/^std::/, '');
    const header = STANDARD_HEADERS[name];
    if (header === undefined || includes(file, header)) continue;
    return `does not compile: ${file}:${row}:${column}: std::${name} is used without #include <${header}> (an older compiler included it through another header; g++ does not: add the #include)`;
  }
  for (const line of lines) {
    const forgot =
      /^([^:\s][^:]*:\d+:\d+): note: '([^']+)' is defined in header '<([^>]+)>'; (?:did you forget to|this is probably fixable by adding) '#include <[^>]+>'/.exec(
        line,
      );
    if (forgot === null || !ours(forgot[1]!)) continue;
    const [, where, name, header] = forgot as unknown as [string, string, string, string];
    return `does not compile: ${where}: ${name} is used without #include <${header}> (an older compiler included it through another header; g++ does not: add the #include)`;
  }
  const first = readTextDiagnostics(stderr, folder, own).find((problem) => problem.severity === 'error');
  if (first !== undefined)
    return `does not compile: ${first.file}:${first.line}:${first.column}: ${first.message}`;
  if (/undefined reference to|multiple definition of/.test(stderr))
    return `does not link: ${linkProblem(stderr)}`;
  // A process the build could not start: the limit on its processes (a recipe's own `&`, a make of its
  // own with -j). Only the words depend on this text: the build failed whatever it printed.
  if (/Resource temporarily unavailable|cannot fork|fork: /i.test(stderr))
    return `does not build: it started more processes at once than a build may (${BUILD_PROCESSES}: one compile at a time, as the place of --jobs it holds)`;
  // Whatever else it printed (make's words, a script's) is not the compiler's about the student's files.
  return 'does not build: the build failed without an error of the compiler about one of your files';
}

/** Where a whole program is built inside bubblewrap: a tmpfs of its own (BUILD_SPACE_BYTES), gone after. */
const BUILD_FOLDER = '/submission';
/**
 * What a whole program's build may write in all (its copy of the sources, objects, the program): a
 * course's build writes a few MiB. Past it a write fails (no space left) and the build stops.
 */
export const BUILD_SPACE_BYTES = 128 * 1024 * 1024;
/** A build told as full when less than this was left of its space when it ended. */
const FULL_BELOW_BYTES = 1024 * 1024;
/**
 * Processes (threads) a build's own uid may have at once (with setpriv's uid of its own): the sandbox,
 * make and one compile's pipeline, and room for one more; never a compiler per source.
 */
export const BUILD_PROCESSES = 12;
/** Places of --jobs a build holds (buildWithin takes one): make runs this many jobs, whatever its Makefile says. */
const BUILD_SLOTS = 1;

/**
 * Runs in the sandbox: copies the sources into the build's own folder, runs the build (make, or the
 * compiler) with its output away from ours, then prints on stdout, which no process of the build
 * holds, one line `status bytes-left made` and, when made, the program's bytes.
 */
const BUILD_SCRIPT = `src=$1; dir=$2; prog=$3; shift 3
if [ "$src" != "$dir" ]; then cp -R "$src"/. "$dir"/ || exit 125; fi
cd "$dir" || exit 125
"$@" </dev/null >/dev/null
status=$?
left=$(df --output=avail -B1 . 2>/dev/null | tail -n 1 | tr -d ' ')
made=0
if [ "$status" -eq 0 ] && [ -f "$prog" ] && [ ! -L "$prog" ]; then made=1; fi
printf '%s %s %s\n' "$status" "\${left:--1}" "$made"
if [ "$made" -eq 1 ]; then cat "$prog"; fi
exit "$status"
`;

/** Where a command is on this machine's PATH (the compiler a shim runs). */
function onPath(command: string): string {
  for (const folder of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter))
    if (folder !== '' && existsSync(join(folder, command))) return join(folder, command);
  return command;
}

/**
 * A folder of the grader's own, first on a build's PATH: `g++` and `c++` that run the real compiler
 * with the course's standard before every flag of the build's own, so that a Makefile naming none
 * builds as the course's machines did, and one naming its own -std= (g++ keeps the last) still decides.
 */
async function compilerShim(language: NativeLanguage): Promise<string | undefined> {
  if (language.standard === undefined || !/^[\w+]+$/.test(language.standard)) return undefined;
  const compiler = onPath(language.compiler);
  const text = `#!/bin/sh\n# The course's standard first: a -std= of the build's own, later on the line, is the one g++ keeps.\nexec '${compiler.replace(/'/g, '')}' -std=${language.standard} "$@"\n`;
  const folder = join(
    CACHE_ROOT,
    'native',
    `compiler-${language.standard}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`,
  );
  await buildKept(folder, async (building) => {
    for (const name of ['g++', 'c++']) writeFileSync(join(building, name), text, { mode: 0o755 });
  });
  return folder;
}

/** The standard a submission's own Makefile names (the last -std= in it, as g++ keeps the last). */
function standardNamed(submission: Submission): string | undefined {
  let named: string | undefined;
  for (const [path, bytes] of [...submission.snapshot.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!/(^|\/)(GNUmakefile|[Mm]akefile|[^/]+\.mk)$/.test(path)) continue;
    for (const found of bytes.toString('utf8').matchAll(/-std=([\w+]+)/g)) named = found[1];
  }
  return named;
}

/**
 * What a failure to compile adds: the standard it was built as, and how a student or an instructor
 * names another (older code a newer standard rejects, `cout << cout`, compiles only under its own).
 */
function standardNote(
  language: NativeLanguage,
  named: string | undefined,
  makefile: string | undefined,
  assignment: string,
): string {
  const course = language.standard;
  if (named === undefined && course === undefined) return '';
  const used =
    named !== undefined
      ? `built with -std=${named}, which your ${makefile} names${course === undefined || course === named ? '' : ` (the course's compiler used -std=${course})`}`
      : `built with -std=${course}, the course's standard`;
  return ` (${used}: name another with -std= in your Makefile's flags; an instructor names the course's as the \`standard\` of the assignment's C++ edition, graders/${assignment}/cpp.ts)`;
}

/** The stage a whole program's transcripts run in: its build, what the build said, the program. */
export async function stageWholeProgram(
  assignment: Assignment,
  submission: Submission,
  shared: string,
  workDir: string,
  build: BuildOptions,
): Promise<NativeStaging> {
  const language = assignment.native!;
  const whole = language.wholeProgram!;
  const { program } = whole;
  const sources = join(workDir, 'sources');
  mkdirSync(sources, { recursive: true });
  // The sandbox's uid builds in the folder (objects, dependency files, the program).
  chmodSync(sources, 0o777);
  const problems = new Map<string, string>();
  const fail = (reason: string) => problems.set(program, `your program ${reason}`);
  let count = 0;
  // Its files from the snapshot, never from disk, each in its own place.
  for (const [path, bytes] of submission.snapshot.files) {
    if (!isBuildFile(path) || !safePath(path)) continue;
    const tooLarge = sourceTooLarge(path, bytes.length);
    if (tooLarge !== undefined) {
      fail(`was not built: ${tooLarge}`);
      continue;
    }
    if (isWholeProgramSource(path)) count++;
    const target = join(sources, path);
    mkdirSync(dirname(target), { recursive: true, mode: 0o777 });
    chmodSync(dirname(target), 0o777);
    writeFileSync(target, bytes, { mode: 0o666 });
  }
  for (const [path, reason] of submission.snapshot.problems)
    if (isBuildFile(path)) fail(`was not built: ${reason}`);
  if (count > MAX_SOURCES)
    fail(
      `was not built: the submission holds ${count} C++ sources (.cc, .cpp), more than the ${MAX_SOURCES} one may hold`,
    );
  // The course's own files (CMSC 202's Card, Deck, main) replace any copy the submission holds.
  const courseNames = whole.courseFiles === undefined ? [] : readdirSync(whole.courseFiles).sort();
  for (const name of courseNames)
    writeFileSync(join(sources, name), readFileSync(join(whole.courseFiles!, name)), { mode: 0o666 });
  const makefile = ['GNUmakefile', 'makefile', 'Makefile'].find((name) =>
    submission.snapshot.files.has(name),
  );
  const sourceNames = [
    ...new Set([
      ...[...submission.snapshot.files.keys()].filter((path) => isWholeProgramSource(path) && safePath(path)),
      ...courseNames.filter(isWholeProgramSource),
    ]),
  ];
  const standard = language.standard === undefined ? [] : [`-std=${language.standard}`];
  const buildArgv =
    makefile !== undefined
      ? // Make's own parallelism is the places the build holds: -j on the command line outranks any
        // MAKEFLAGS of the Makefile's (an `override` too); the process limit holds a recipe's own `&`.
        ['make', `-j${BUILD_SLOTS}`]
      : [language.compiler, ...standard, ...whole.flags, ...sourceNames.sort(), '-o', program];
  const command =
    makefile !== undefined
      ? `make (your ${makefile})`
      : buildArgv.slice(0, -2 - sourceNames.length).join(' ');
  // The submission's own files, by path: the only ones a diagnostic may be about.
  const own = new Set(
    [...submission.snapshot.files.keys()].filter((path) => isBuildFile(path) && safePath(path)),
  );
  let listed: CompilerProblem[] = [];
  const bin = join(workDir, 'programs');
  mkdirSync(bin, { recursive: true });
  // Inside bubblewrap a build writes only a tmpfs of its own, of bounded size; without it (the
  // student tool, on the student's own machine) it builds in its folder.
  const bounded = sandboxSupport().layers.has('bwrap');
  const folder = bounded ? BUILD_FOLDER : sources;
  const shim = await compilerShim(language);
  /** One build in the sandbox, held like a run: its run, how it ended, and the program it made. */
  const buildInSandbox = async (argv: readonly string[], made: string) => {
    let printed: Buffer | undefined;
    const run = await buildWithin(build, async (timeoutMs) => {
      const ran = await runInSandbox(['sh', '-c', BUILD_SCRIPT, 'build', sources, folder, made, ...argv], {
        cwd: sources,
        readable: [sources, ...(shim === undefined ? [] : [shim])],
        writable: bounded ? [] : [sources],
        scratch: bounded ? { path: BUILD_FOLDER, bytes: BUILD_SPACE_BYTES } : undefined,
        processes: BUILD_PROCESSES,
        env: shim === undefined ? undefined : { PATH: shim, CXX: 'g++' },
        stdout: true,
        timeoutMs,
      });
      printed = ran.stdout;
      return ran;
    });
    if (run.infrastructure === true)
      throw new PitbossError('INFRASTRUCTURE', `the sandbox could not start ${argv[0]} to build a program`);
    // The script's own line (its stdout, which no process of the build holds) says how the build ended.
    const out = printed ?? Buffer.alloc(0);
    const newline = out.indexOf(10);
    const ended =
      newline < 0 ? null : /^(\d+) (-?\d+) ([01])$/.exec(out.subarray(0, newline).toString('latin1'));
    return {
      run,
      ended,
      // -1: df could not run (a build at its process limit cannot fork one), which says nothing of space.
      full: ended !== null && Number(ended[2]) >= 0 && Number(ended[2]) < FULL_BELOW_BYTES,
      status: ended === null ? run.status : Number(ended[1]),
      program: ended !== null && ended[3] === '1' ? out.subarray(newline + 1) : undefined,
    };
  };
  if (problems.size === 0) {
    const { run, ended, full, status, program: made } = await buildInSandbox(buildArgv, program);
    listed = readTextDiagnostics(run.stderr, folder, own);
    if (run.limit === 'budget') fail(`was not built: ${budgetSpent(build.budgetMs)}`);
    else if (run.limit !== undefined)
      fail(`does not build: the build ran out of ${run.limit === 'time' ? 'time' : 'memory'}`);
    else if (full && status !== 0)
      fail(
        `does not build: the build wrote more than the ${BUILD_SPACE_BYTES / 1048576} MiB a build may write (its copy of your files, its objects and its program), and stopped`,
      );
    else if (status !== 0) {
      const failure = buildFailure(run.stderr, folder, { own, sources });
      fail(
        // A standard header or library missing says what to do already; the standard is not why.
        failure.startsWith('does not compile') && !failure.includes('#include')
          ? `${failure}${standardNote(
              language,
              makefile === undefined ? undefined : standardNamed(submission),
              makefile,
              assignment.name,
            )}`
          : failure,
      );
    } else if (ended === null || made === undefined)
      fail(
        makefile !== undefined
          ? `was built, but your ${makefile} made no program called ${program} (the course ran ${whole.runLine ?? `./${program} <seed>`}): name its default target's program so`
          : `was built, but no program called ${program} was made`,
      );
    else writeFileSync(join(bin, 'all'), made);
  }
  const { harness } = whole;
  if (harness !== undefined && problems.size === 0) {
    // The harness's own main, beside the student's classes and the course's files but the course's main.
    const source = '__pitboss_harness.cpp';
    writeFileSync(join(sources, source), readFileSync(harness.source), { mode: 0o666 });
    // A source with a main of its own (a student's test driver) would clash with the harness's.
    const ownMain = (path: string) =>
      /^[ \t]*(int|void)\s+main\s*\(/m.test(submission.snapshot.files.get(path)?.toString('utf8') ?? '');
    const linked = sourceNames.filter((path) => !harness.without.includes(path) && !ownMain(path)).sort();
    // The course's flags first; code that needs a newer standard (its Makefile said so) gets one.
    const newer = ['-std=gnu++17', ...whole.flags.filter((flag) => !flag.startsWith('-std='))];
    let built: Awaited<ReturnType<typeof buildInSandbox>> | undefined;
    for (const flags of [whole.flags, newer]) {
      built = await buildInSandbox(
        [language.compiler, ...flags, ...linked, source, '-o', harness.program],
        harness.program,
      );
      if (built.status === 0 && built.run.limit === undefined && built.program !== undefined) break;
    }
    const { run, program: made } = built!;
    if (run.limit === 'budget')
      problems.set(harness.program, `your classes were not unit-tested: ${budgetSpent(build.budgetMs)}`);
    else if (run.limit !== undefined || built!.status !== 0 || made === undefined)
      problems.set(
        harness.program,
        `your classes could not be unit-tested: with the course's files and the grader's harness in place of ${harness.without.join(', ')}, they ${run.limit === undefined ? buildFailure(run.stderr, folder, { own, sources }) : 'did not build in time'}`,
      );
    else writeFileSync(join(bin, 'harness'), made);
  }
  const kept = listed.slice(0, 10 * 4);
  let stages = 0;
  return {
    problems,
    canary: join(shared, CANARY_NAME),
    compiler: { command, problems: kept, omitted: listed.length - kept.length },
    // A whole program is its one linking: its build's failure is every transcript's.
    linkProblem: () => problems.get(program),
    stage(_fromStudent, files = {}) {
      const dir = join(workDir, `stage-${stages++}`);
      mkdirSync(dir, { recursive: true });
      if (!problems.has(program)) {
        copyFileSync(join(bin, 'all'), join(dir, program));
        chmodSync(join(dir, program), 0o755);
      }
      if (harness !== undefined && !problems.has(program) && !problems.has(harness.program)) {
        copyFileSync(join(bin, 'harness'), join(dir, harness.program));
        chmodSync(join(dir, harness.program), 0o755);
      }
      for (const [file, text] of Object.entries(files)) {
        if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(file) || file === program || file === harness?.program)
          throw new Error(`a transcript case's file may not be called '${file}'`);
        writeFileSync(join(dir, file), text);
      }
      return dir;
    },
  };
}
