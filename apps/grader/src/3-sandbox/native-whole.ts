// Building a whole program of the student's own design (NativeLanguage.wholeProgram: CS246's Straights
// in C++): every C++ source and header of the folder, in its own layout, built in the sandbox by its own
// Makefile (`make`) when it has one, else by the course's flags on every source; then the program it
// made, a regular file of the name the course ran, is the one program its transcripts run. The build's
// failure is told in one line, in the words a student needs: a library the course's machines had, a
// standard header an older compiler included implicitly, else the compiler's first error.
import {
  chmodSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { Submission } from '../1-submission/submission.ts';
import { isWholeProgramSource } from '../1-submission/submission.ts';
import type { CompilerProblem } from '../6-reports/model.ts';
import type { Assignment } from '../kit/assignment.ts';
import { PitbossError } from '../plumbing/errors.ts';
import {
  type BuildOptions,
  budgetSpent,
  buildWithin,
  CANARY_NAME,
  linkProblem,
  MAX_SOURCES,
  type NativeStaging,
  runInSandbox,
  sourceTooLarge,
} from './native.ts';

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

/** g++'s text diagnostics (`file:line:col: error: message`), with the stage's folder taken off. */
export function readTextDiagnostics(stderr: string, folder: string): CompilerProblem[] {
  const problems: CompilerProblem[] = [];
  for (const raw of stderr.split('\n')) {
    const line = raw.startsWith(`${folder}/`) ? raw.slice(folder.length + 1) : raw;
    const found = /^([^:\s][^:]*):(\d+):(\d+): (fatal error|error|warning): (.*)$/.exec(line);
    if (found === null) continue;
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
export function buildFailure(stderr: string, folder: string): string {
  const includes = (file: string, header: string) => {
    try {
      return new RegExp(`#\\s*include\\s*<${header}>`).test(readFileSync(join(folder, file), 'utf8'));
    } catch {
      return false;
    }
  };
  const lines = stderr
    .split('\n')
    .map((line) => (line.startsWith(`${folder}/`) ? line.slice(folder.length + 1) : line));
  for (const line of lines) {
    const missing = /^([^:\s][^:]*:\d+:\d+): fatal error: ([^:]+): No such file or directory/.exec(line);
    if (missing === null) continue;
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
    if (error === null) continue;
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
    if (forgot === null) continue;
    const [, where, name, header] = forgot as unknown as [string, string, string, string];
    return `does not compile: ${where}: ${name} is used without #include <${header}> (an older compiler included it through another header; g++ does not: add the #include)`;
  }
  const first = readTextDiagnostics(stderr, folder).find((problem) => problem.severity === 'error');
  if (first !== undefined)
    return `does not compile: ${first.file}:${first.line}:${first.column}: ${first.message}`;
  if (/undefined reference to|multiple definition of/.test(stderr))
    return `does not link: ${linkProblem(stderr)}`;
  const said = lines.map((line) => line.trim()).find((line) => line !== '');
  return `does not build${said === undefined ? '' : `: ${said.slice(0, 300)}`}`;
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
  const argv =
    makefile !== undefined
      ? ['make']
      : [language.compiler, ...whole.flags, ...sourceNames.sort(), '-o', program];
  const command =
    makefile !== undefined ? `make (your ${makefile})` : argv.slice(0, -2 - sourceNames.length).join(' ');
  let listed: CompilerProblem[] = [];
  const bin = join(workDir, 'programs');
  mkdirSync(bin, { recursive: true });
  if (problems.size === 0) {
    const run = await buildWithin(build, (timeoutMs) =>
      runInSandbox(argv, { cwd: sources, readable: [sources], writable: [sources], timeoutMs }),
    );
    if (run.infrastructure === true)
      throw new PitbossError('INFRASTRUCTURE', `the sandbox could not start ${argv[0]} to build a program`);
    listed = readTextDiagnostics(run.stderr, sources);
    const built = join(sources, program);
    // What the build left under the program's name must be a file of its own (never a link out of the stage).
    const made = (() => {
      try {
        return lstatSync(built).isFile();
      } catch {
        return false;
      }
    })();
    if (run.limit === 'budget') fail(`was not built: ${budgetSpent(build.budgetMs)}`);
    else if (run.limit !== undefined)
      fail(`does not build: the build ran out of ${run.limit === 'time' ? 'time' : 'memory'}`);
    else if (run.status !== 0) fail(buildFailure(run.stderr, sources));
    else if (!made)
      fail(
        makefile !== undefined
          ? `was built, but your ${makefile} made no program called ${program} (the course ran ./${program} <seed>): name its default target's program so`
          : `was built, but no program called ${program} was made`,
      );
    else copyFileSync(built, join(bin, 'all'));
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
    let run: Awaited<ReturnType<typeof runInSandbox>> | undefined;
    for (const flags of [whole.flags, newer]) {
      const harnessArgv = [language.compiler, ...flags, ...linked, source, '-o', harness.program];
      run = await buildWithin(build, (timeoutMs) =>
        runInSandbox(harnessArgv, { cwd: sources, readable: [sources], writable: [sources], timeoutMs }),
      );
      if (run.infrastructure === true)
        throw new PitbossError(
          'INFRASTRUCTURE',
          `the sandbox could not start ${language.compiler} to build a harness`,
        );
      if (run.status === 0 && run.limit === undefined) break;
    }
    run = run!;
    const made = (() => {
      try {
        return lstatSync(join(sources, harness.program)).isFile();
      } catch {
        return false;
      }
    })();
    if (run.limit !== undefined || run.status !== 0 || !made)
      problems.set(
        harness.program,
        `your classes could not be unit-tested: with the course's files and the grader's harness in place of ${harness.without.join(', ')}, they ${run.limit === undefined ? buildFailure(run.stderr, sources) : 'did not build in time'}`,
      );
    else copyFileSync(join(sources, harness.program), join(bin, 'harness'));
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
