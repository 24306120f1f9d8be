// `pitboss export-student-tool <dir>`: what students get. The grader itself (its sources, which
// hold no card game), and per assignment only what is public: the provided files, the starter, the
// visible transcript cases with the reference's output (as the course published them), and the
// visible unit tests as recorded cases (every call a test makes, with the reference's answer, drawn
// with a fixed seed of their own, not the graded one). No reference in any form, no mutant, no
// hidden test, no fixture: nothing that runs as the reference. Written whole or not at all.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { planTests, practiceSeed, testSeed } from '../2-plan/plan.ts';
import { compileShared, sandboxSupport } from '../3-sandbox/door.ts';
import { assignmentNames, loadAssignment } from '../assignment/load.ts';
import { privateFolder, privateTranscriptCases } from '../assignment/private-part.ts';
import {
  type Assignment,
  type NativeLanguage,
  type PartNotHere,
  providedModules,
  type TranscriptCase,
} from '../kit/assignment.ts';
import {
  packRecording,
  RECORDING_FILE,
  type RecordedAssignment,
  type RecordedWholeProgram,
  recordTest,
} from '../kit/recorded.ts';
import { readCatalogue } from '../mutants/catalogue.ts';
import { EXIT_OK, PitbossError } from '../plumbing/errors.ts';
import { writeFolderWhole } from '../plumbing/files.ts';
import { openWorkRoot } from '../plumbing/infrastructure.ts';
import { REPO_ROOT } from '../plumbing/paths.ts';
import type { Io } from './io.ts';
import { writeToolLockfile } from './student-tool-lockfile.ts';

/** The grader's own files, as the tool holds them: its sources know no card game and hold no reference. */
const GRADER_PARTS = ['apps/grader/bin', 'apps/grader/schema', 'apps/grader/scripts', 'apps/grader/src'];
const GRADER_FILES = ['apps/grader/package.json', 'apps/grader/tsconfig.json', 'tsconfig.base.json'];
const ROOT_SCRIPTS = ['scripts/bundle-cli.mjs', 'scripts/debian-packages.mjs'];

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** The reference, compiled, in one folder beside the provided files, imported into this process. */
async function referenceModules(assignment: Assignment, work: string) {
  const shared = await compileShared(assignment, work);
  const dir = join(work, `reference-${assignment.name}`);
  mkdirSync(dir, { recursive: true });
  // The unit tests' own stand-ins for provided files (ProvidedFile.unitTestSource) replace them here.
  for (const part of ['provided', 'unit-tests', 'reference'].filter((part) => existsSync(join(shared, part))))
    for (const name of readdirSync(join(shared, part)))
      copyFileSync(join(shared, part, name), join(dir, name));
  return {
    provided: providedModules(assignment),
    importModule: (file: string) =>
      import(pathToFileURL(join(dir, file.replace(/\.ts$/, '.mjs'))).href) as Promise<
        Record<string, unknown>
      >,
  };
}

/**
 * Whether the tool checks an edition: a compiled one whose language has a student tool's build, or a
 * whole program it builds as the grader does, judged by the same game events as the assignment's (the
 * tool's are the assignment's events module).
 */
const toolChecks = (assignment: Assignment, edition: Assignment) => {
  const tool = edition.native?.studentTool;
  if (tool !== 'whole-program') return tool !== undefined;
  if (edition.native?.wholeProgram === undefined)
    throw new PitbossError(
      'EXPORT_FAILED',
      `${assignment.name}: its ${edition.native?.title} edition's student tool is 'whole-program', but it is no whole program`,
    );
  return edition.transcripts.events === assignment.transcripts.events;
};

/** An assignment's editions the tool checks, by language. */
const toolEditions = (assignment: Assignment) =>
  Object.entries(assignment.languages ?? {}).filter(([, edition]) => toolChecks(assignment, edition));

/** Where the tool keeps a whole program's handout (NativeLanguage.providedDir), in the assignment's folder. */
const handoutFolder = (language: string) => `handout-${language}`;
/** Where it keeps the course's files put over a submission's (WholeProgram.courseFiles). */
const courseFolder = (language: string) => `course-${language}`;
/** Where it keeps a whole program's unit-test harness (WholeProgram.harness). */
const harnessFolder = (language: string) => `harness-${language}`;

/** The visible transcript cases of a suite, each with its output and reads as the course recorded them. */
const recordedCases = (
  suite: Assignment['transcripts'],
  cases: readonly TranscriptCase[],
): RecordedAssignment['transcripts'] => ({
  program: suite.program,
  cases: cases.map((transcriptCase) => ({
    ...transcriptCase,
    expected: suite.expected(transcriptCase),
    ...(suite.reads === undefined ? {} : { reads: [...suite.reads(transcriptCase)] }),
  })),
});

/**
 * The visible transcript tests an edition plans by its own rubric (a whole program's may have cases of
 * its own: `table`'s harness cases), and the tool's rubric for them, as the assignment's is made.
 */
function editionRecording(edition: Assignment): { cases: TranscriptCase[]; rubric: object } {
  const plan = planTests(edition).filter(
    (test) =>
      test.visibility === 'visible' && test.kind === 'transcript' && test.transcript?.linking === 'own',
  );
  const weights = edition.eventsModule === undefined ? undefined : plan.find((test) => test.parts)?.parts;
  return {
    cases: plan.map((test) => test.transcript!.case),
    rubric: {
      $comment:
        "The visible tests of the course's edition, recorded for the student tool; the grader holds the rest.",
      tests: plan.map((test) => ({ match: test.id, points: test.points, visibility: test.visibility })),
      ...(weights === undefined ? {} : { transcriptParts: weights }),
    },
  };
}

/** Where the tool keeps an edition's own rubric, in the assignment's folder. */
const rubricFile = (language: string) => `rubric-${language}.json`;

/** A whole program's language as the tool builds it: data, its handout, its transcripts if its own. */
function wholeProgramRecord(
  language: string,
  assignment: Assignment,
  edition: Assignment,
  base: RecordedAssignment['transcripts'],
  baseCases: readonly TranscriptCase[],
): RecordedWholeProgram {
  const native = edition.native!;
  const whole = native.wholeProgram!;
  // An edition graded by a rubric of its own plans its own tests (and points) by it.
  const ownRubric = edition.rubricFile !== assignment.rubricFile;
  const recording = ownRubric ? editionRecording(edition) : undefined;
  const own = recordedCases(edition.transcripts, recording?.cases ?? baseCases);
  return {
    name: native.name,
    title: native.title,
    compiler: native.compiler,
    install: native.install,
    flags: [...native.flags],
    providedDir: handoutFolder(language),
    // Its paths in the tool's assignment folder (recorded.ts joins them with it).
    build: {
      ...whole,
      ...(whole.courseFiles === undefined ? {} : { courseFiles: courseFolder(language) }),
      ...(whole.harness === undefined
        ? {}
        : {
            harness: {
              ...whole.harness,
              source: `${harnessFolder(language)}/${basename(whole.harness.source)}`,
            },
          }),
    },
    // The same cases, output and reads as the assignment's are not written twice.
    ...(JSON.stringify(own.cases) === JSON.stringify(base.cases) ? {} : { transcripts: own }),
    ...(recording === undefined ? {} : { rubricFile: rubricFile(language), rubric: recording.rubric }),
  };
}

/** Records an assignment's visible tests against its reference: what the tool grades with. */
async function record(
  assignment: Assignment,
  work: string,
): Promise<{ data: RecordedAssignment; rubric: object }> {
  // The tool's rubric carries the visible tests' hints: none may quote the private part.
  const secret = privateFolder(undefined, assignment.name);
  planTests(assignment, readCatalogue(assignment, secret), privateTranscriptCases(secret));
  const plan = planTests(assignment).filter((test) => test.visibility === 'visible');
  const modules = await referenceModules(assignment, work);
  // The recorded cases are drawn with a seed of their own, never the grading seed: a submission that
  // answered from the recording would otherwise pass the very calls it is graded on.
  const seed = practiceSeed(assignment.seed);
  const unitTests: RecordedAssignment['unitTests'] = [];
  for (const test of plan.filter((t) => t.kind === 'unit')) {
    const unit = assignment.unitTests.find((candidate) => candidate.id === test.id)!;
    try {
      unitTests.push(
        await recordTest(unit, { seed: testSeed(seed, test.id), numRuns: assignment.numRuns }, modules),
      );
    } catch (error) {
      throw new PitbossError(
        'EXPORT_FAILED',
        `${assignment.name}: ${test.id} cannot be recorded: ${(error as Error).message}`,
      );
    }
  }
  const transcripts = plan.filter((test) => test.kind === 'transcript' && test.transcript?.linking === 'own');
  const kept = [...unitTests.map((test) => test.id), ...transcripts.map((test) => test.id)];
  const cases = transcripts.map((test) => test.transcript!.case);
  const recordedTranscripts = recordedCases(assignment.transcripts, cases);
  // What the course's visible tests hold that the tool cannot run, by part, with its points.
  const partsNotHere: PartNotHere[] = [];
  // The student's tests against the public mutants are visible tests too, when the course checks them.
  const mutantTests = planTests(assignment, readCatalogue(assignment)).filter(
    (test) => test.visibility === 'visible' && test.kind === 'mutant',
  );
  for (const test of [...plan, ...mutantTests].filter((t) => !kept.includes(t.id) && t.points > 0)) {
    if (test.kind === 'unit')
      throw new PitbossError('EXPORT_FAILED', `${assignment.name}: ${test.id} is visible but not recorded`);
    const reason = test.kind === 'mutant' ? 'mutants' : 'linked-transcripts';
    const part = partsNotHere.find((p) => p.file === test.file && p.reason === reason);
    if (part === undefined) partsNotHere.push({ file: test.file, maxScore: test.points, reason });
    else part.maxScore += test.points;
  }
  const data: RecordedAssignment = {
    pitboss: 'student-tool',
    format: 1,
    name: assignment.name,
    title: assignment.title,
    version: assignment.version,
    seed,
    numRuns: assignment.numRuns,
    studentFiles: assignment.studentFiles.map(({ name, stub }) => ({ name, stub })),
    provided: assignment.providedFiles.map((file) => file.name),
    unitTestProvided: assignment.providedFiles
      .filter((file) => file.unitTestSource !== undefined)
      .map((file) => file.name),
    studentTests: { ...assignment.studentTests, about: [...assignment.studentTests.about] },
    limits: assignment.limits,
    starterFiles: { ...assignment.starterFiles },
    transcripts: recordedTranscripts,
    unitTests,
    ...(partsNotHere.length === 0 ? {} : { partsNotHere }),
    // The editions the tool checks too (a compiled one with a student tool's build of its own)...
    languages: Object.fromEntries(
      toolEditions(assignment).map(([language, edition]) => [
        language,
        {
          title: edition.title,
          studentFiles: edition.studentFiles.map(({ name, stub }) => ({ name, stub })),
          program: edition.transcripts.program,
          studentTests: { ...edition.studentTests, about: [...edition.studentTests.about] },
          starterFiles: { ...edition.starterFiles },
          ...(edition.native?.studentTool === 'whole-program'
            ? { wholeProgram: wholeProgramRecord(language, assignment, edition, recordedTranscripts, cases) }
            : {}),
        },
      ]),
    ),
    // ...and what it cannot check, so that it says so.
    languagesNotHere: Object.fromEntries(
      Object.entries(assignment.languages ?? {})
        .filter(([, edition]) => !toolChecks(assignment, edition))
        .map(([language, edition]) => [
          language,
          { title: edition.native?.title ?? language, files: edition.studentFiles.map((file) => file.name) },
        ]),
    ),
  };
  const hints = plan
    // A hint kept for after the due date stays out: students can read the tool's rubric.
    .filter(
      (test) => kept.includes(test.id) && test.hint !== undefined && test.hint.from !== 'after_due_date',
    )
    .map((test) => ({
      match: test.id,
      hint: test.hint!.text,
      ...(test.hint!.from === undefined ? {} : { from: test.hint!.from }),
    }));
  const weights = assignment.eventsModule === undefined ? undefined : plan.find((test) => test.parts)?.parts;
  const rubric = {
    $comment: 'The visible tests of the course, recorded for the student tool; the grader holds the rest.',
    tests: [
      ...plan
        .filter((test) => kept.includes(test.id))
        .map((test) => ({ match: test.id, points: test.points, visibility: test.visibility })),
      // The live properties (liveTestsModule): shown, worth nothing; the recorded tests grade the answers.
      ...(assignment.liveTestsModule === undefined
        ? []
        : [{ match: 'live.*', points: 0, visibility: 'visible' }]),
    ],
    ...(hints.length === 0 ? {} : { hints }),
    // The transcripts' game and format weigh in the tool as when graded.
    ...(weights === undefined ? {} : { transcriptParts: weights }),
  };
  return { data, rubric };
}

/**
 * The tool's own index.ts for an assignment: its recording, its provided files, its words, and each
 * compiled edition's language as the tool builds it (by language: the module that exports it).
 */
const indexSource = (
  hasWords: boolean,
  hasLive: boolean,
  languages: readonly (readonly [string, string])[],
  hasEvents = false,
) => `// Generated by pitboss export-student-tool: the visible tests of this assignment as recorded cases.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECORDING_FILE, readRecording, recordedAssignment } from '@pitboss/grader/kit';
${hasWords ? "import { describeValue } from './words.ts';\n" : ''}${hasLive ? "import { liveTests } from './live.ts';\n" : ''}${hasEvents ? "import { events } from './events.ts';\n" : ''}${languages.map(([language, module]) => `import { language as ${language}Language } from '${module}';\n`).join('')}
const dir = fileURLToPath(new URL('.', import.meta.url));
// Read when the assignment loads, never bundled: the recording is data, megabytes of it.
export const assignment = recordedAssignment(readRecording(join(dir, RECORDING_FILE)), {
  dir,${hasWords ? '\n  describeValue,' : ''}${hasLive ? '\n  liveTests,' : ''}${hasEvents ? '\n  events,' : ''}${languages.length === 0 ? '' : `\n  languages: { ${languages.map(([language]) => `${language}: ${language}Language`).join(', ')} },`}
});
`;

/** The sandbox's policy in the tool, as its README says it of every compiled edition. */
const SANDBOX_WORDS = `Where bubblewrap (the Debian package \`bubblewrap\`) can run, your program
runs inside it as when it is graded; where it cannot (a container, say), \`check\` says so in one line
(\`WARNING: not enforced: bubblewrap ...\`) and runs it without: on your machine it is your own code,
and the tool holds nothing it could read that is not yours already. The verdicts are the same.`;

/** What the tool's README says of a whole program's edition (Straights in C++). */
const wholeProgramSection = (assignment: string, title: string, native: NativeLanguage) => `
## ${title}

\`\`\`sh
pnpm --silent pitboss init my-cpp --assignment ${assignment} --language cpp   # the course's handout, a Makefile, a starter
pnpm --silent pitboss check my-cpp --assignment ${assignment}                 # the visible transcripts, on your whole program
\`\`\`

A folder holding a ${native.title} program (a Makefile, or .cc and .cpp sources) is checked as the
grader checks it: built by your Makefile (\`make\`, whose default target makes
\`./${native.wholeProgram!.program}\`), else by \`${native.compiler} ${native.wholeProgram!.flags.join(' ')}\` on every source (to install ${native.compiler}: ${native.install.replace(/^install it with /, '').replace(/ and run the command again$/, '')}),
then run on each visible transcript, its output compared with the course's (the game and the format,
each its part, as when graded). ${SANDBOX_WORDS}
`;

/** What the tool's README says of the compiled editions it checks (C++ for classic), if any. */
const compiledSection = (
  editions: readonly { assignment: string; title: string; files: string[]; native: NativeLanguage }[],
) =>
  editions
    .map(({ assignment, title, files, native }) =>
      native.wholeProgram !== undefined
        ? wholeProgramSection(assignment, title, native)
        : `
## ${title}

\`\`\`sh
pnpm --silent pitboss init my-cpp --assignment ${assignment} --language cpp   # the headers, stubs, a Makefile, an example test
pnpm --silent pitboss check my-cpp --assignment ${assignment}                 # the same visible tests, on your ${files.join(', ')}
\`\`\`

A folder holding ${files.join(', ')} is checked as a ${title} submission: the tool builds it with
g++ (\`-std=c++17 -O2 -Wall -Wextra\`, as the grader does; install it with \`sudo apt-get install g++\`),
runs each file's recorded cases on that file alone (the other classes are stand-ins that hold no rule
of the game, so a bug in one file fails no other file's unit tests, as when graded), runs the visible
transcripts on your whole program, and runs each of your \`tests/*.cpp\` (a program that exits 0 when it
passes) on your own files. ${SANDBOX_WORDS}
`,
    )
    .join('');

const STUDENT_README = (
  names: readonly string[],
  notHere: string,
  compiled: string,
) => `# Pitboss, the student tool

Checks your submission with the course's visible tests before you hand it in: the unit tests of your
files (recorded cases: calls like the grader's, with the answers a correct solution gives), the
visible transcripts of your program, and your own tests on your own code.

\`\`\`sh
npm install -g pnpm@10 && pnpm install
pnpm --silent pitboss init my-submission      # a starter: stubs, provided files, an example test
pnpm --silent pitboss check my-submission     # the visible tests, with the smallest failing case
pnpm --silent pitboss check my-submission --keep   # and each failing case written as a test in tests/
\`\`\`

Assignments: ${names.join(', ')} (\`--assignment <name>\`). Hidden tests, and how well your own tests expose
bugs (mutants), are scored when your submission is graded.${notHere}

Node 20, 22 or 24. Your code runs in isolates, as when it is graded: \`pnpm install\`
takes a prebuilt isolated-vm on Node 22 and 24, and compiles one on Node 20 (a C++ compiler, make and
Python); on 22 and 24 it may also try to compile Node 20's and fail, which is harmless. Where none
loads, \`check\` says so in one line (\`WARNING: no isolates\`) and runs each run in a process of its
own: the same tests and verdicts.
${compiled}`;

/**
 * The export's list of the files it wrote, in the tool's folder: what `--update` replaces and removes,
 * and so what it keeps (.git, a student's submissions, anything else).
 */
export const TOOL_MANIFEST = '.pitboss-tool.json';

/** What a student's clone of the tool leaves that is no part of it: installs, builds, checks' state. */
const TOOL_GITIGNORE = `# Written by pitboss export-student-tool: what installing and checking leave behind.
node_modules/
.pitboss/
apps/grader/dist/
`;

/** The files a previous export wrote in `folder`, from its manifest; refused if it has none. */
function previousExport(folder: string): string[] {
  const file = join(folder, TOOL_MANIFEST);
  if (!existsSync(file))
    throw new PitbossError(
      'NOT_A_STUDENT_TOOL',
      `${folder} holds no student tool written by export-student-tool (no ${TOOL_MANIFEST}): name the tool's folder, or export into an empty one without --update`,
    );
  try {
    const { files } = JSON.parse(readFileSync(file, 'utf8')) as { files?: unknown };
    if (Array.isArray(files) && files.every((path) => typeof path === 'string' && safeToolPath(path)))
      return files as string[];
  } catch {
    // Told below, as any manifest that is not one.
  }
  throw new PitbossError('NOT_A_STUDENT_TOOL', `${file} is not a student tool's manifest`);
}

/** A path inside the tool's folder, never .git's: a manifest names nothing else to replace or remove. */
const safeToolPath = (path: string) =>
  path.length > 0 &&
  !isAbsolute(path) &&
  !path.split('/').some((part) => part === '..' || part === '' || part === '.git');

/**
 * Replaces the tool in `folder` by the one in `draft`: each of its files renamed into place (a reader
 * sees the old file or the new one), the previous export's files that are no longer the tool's
 * removed, the manifest last; every other file (.git, a student's folder) is left as it was.
 */
function replaceTool(folder: string, draft: string, previous: readonly string[]) {
  // The new export's own files, as its manifest names them (nothing else pnpm may have left there).
  const files = previousExport(draft);
  for (const path of files) {
    if (path === TOOL_MANIFEST) continue;
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    renameSync(join(draft, path), join(folder, path));
  }
  const kept = new Set(files);
  for (const path of previous.filter((old) => !kept.has(old))) {
    rmSync(join(folder, path), { force: true });
    // Its folders too, once empty (a file of the tool's own, never the tool's folder itself).
    for (let dir = dirname(path); dir !== '.'; dir = dirname(dir)) {
      const at = join(folder, dir);
      if (!existsSync(at) || readdirSync(at).length > 0) break;
      rmdirSync(at);
    }
  }
  renameSync(join(draft, TOOL_MANIFEST), join(folder, TOOL_MANIFEST));
}

/**
 * Writes the student tool into `folder`, whole or not at all; returns how many files it holds. With
 * `update`, into the folder a previous export wrote: built apart, then its files replace the old ones.
 */
export async function writeStudentTool(
  folder: string,
  workRoot: string,
  options: { update?: boolean } = {},
): Promise<number> {
  const target = resolve(folder);
  if (target.startsWith(`${REPO_ROOT}/`) || target === REPO_ROOT) {
    throw new PitbossError('USAGE', `${folder} is inside the project: export it somewhere else`);
  }
  if (options.update === true && !existsSync(target))
    throw new PitbossError(
      'NO_SUCH_FOLDER',
      `${folder} does not exist: export without --update to write a new tool`,
    );
  const previous = options.update === true ? previousExport(target) : undefined;
  // Before the minute recording takes: a tool's folder is refreshed with --update, never overwritten.
  if (
    previous === undefined &&
    existsSync(target) &&
    statSync(target).isDirectory() &&
    readdirSync(target).length > 0
  )
    throw new PitbossError(
      'FOLDER_NOT_EMPTY',
      existsSync(join(target, TOOL_MANIFEST))
        ? `${folder} already holds a student tool: --update refreshes it (keeping .git and every file the export did not write)`
        : `${folder} already exists and is not empty: export into an empty folder, or --update one a previous export wrote`,
    );
  const names = assignmentNames();
  const recorded: { assignment: Assignment; data: RecordedAssignment; rubric: object }[] = [];
  for (const name of names) {
    const assignment = await loadAssignment(name);
    recorded.push({ assignment, ...(await record(assignment, workRoot)) });
  }
  const fill = (draft: string) => {
    let count = 0;
    const written: string[] = [];
    const write = (path: string, text: string | Buffer) => {
      mkdirSync(dirname(join(draft, path)), { recursive: true });
      writeFileSync(join(draft, path), text);
      written.push(path);
      count++;
    };
    write('.gitignore', TOOL_GITIGNORE);
    const copy = (path: string) => {
      write(path, readFileSync(join(REPO_ROOT, path)));
      // Its mode too (the CLI's bin is executable): an update of an installed tool changes no mode.
      chmodSync(join(draft, path), statSync(join(REPO_ROOT, path)).mode & 0o777);
    };
    for (const part of GRADER_PARTS)
      for (const file of filesUnder(join(REPO_ROOT, part))) copy(relative(REPO_ROOT, file));
    for (const file of [...GRADER_FILES, ...ROOT_SCRIPTS]) copy(file);
    const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    const graderDependencies = (
      JSON.parse(readFileSync(join(REPO_ROOT, 'apps/grader/package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      }
    ).dependencies;
    write(
      'package.json',
      `${JSON.stringify(
        {
          name: 'pitboss-student-tool',
          private: true,
          type: 'module',
          description: 'Pitboss for students: the visible tests of the course, without the reference',
          packageManager: root.packageManager,
          engines: root.engines,
          scripts: {
            postinstall: 'node scripts/debian-packages.mjs && pnpm --filter @pitboss/grader build',
            pitboss: 'node apps/grader/bin/pitboss.mjs',
          },
          // The grader is built at install (scripts/bundle-cli.mjs, which esbuild runs).
          devDependencies: {
            '@pitboss/grader': 'workspace:*',
            esbuild: (root.devDependencies as Record<string, string>).esbuild,
          },
        },
        null,
        2,
      )}\n`,
    );
    write(
      'pnpm-workspace.yaml',
      'packages:\n  - apps/*\n  - graders/*\n\nonlyBuiltDependencies:\n  - esbuild\n  - isolated-vm\n\nignoredBuiltDependencies:\n  - tree-sitter-c\n  - tree-sitter-cpp\n',
    );
    // The hook that installs only the isolated-vm the running Node loads (before the lockfile is derived:
    // the lockfile records its checksum).
    write('.pnpmfile.cjs', readFileSync(join(REPO_ROOT, '.pnpmfile.cjs'), 'utf8'));
    // Editions the tool cannot check (no student tool's build of their own), by assignment.
    const otherLanguages = recorded.flatMap(({ assignment, data }) =>
      Object.values(data.languagesNotHere ?? {}).map((l) => `${assignment.name} in ${l.title}`),
    );
    write(
      'README.md',
      STUDENT_README(
        names,
        otherLanguages.length === 0
          ? ''
          : ` It does not check ${otherLanguages.join(' or ')}: such a submission is checked when the course grades it.`,
        compiledSection(
          recorded.flatMap(({ assignment }) =>
            toolEditions(assignment).map(([, edition]) => ({
              assignment: assignment.name,
              title: edition.title,
              files: edition.studentFiles.map((file) => file.name),
              native: edition.native!,
            })),
          ),
        ),
      ),
    );
    // The project's default assignment, as here.
    if (existsSync(join(REPO_ROOT, 'graders/pitboss.json'))) copy('graders/pitboss.json');
    for (const { assignment, data, rubric } of recorded) {
      const dir = `graders/${assignment.name}`;
      write(`${dir}/${RECORDING_FILE}`, packRecording(data));
      write(`${dir}/rubric.json`, `${JSON.stringify(rubric, null, 2)}\n`);
      // A whole program's edition graded by a rubric of its own: that rubric, of its visible tests.
      for (const edition of Object.values(data.languages ?? {}))
        if (edition.wholeProgram?.rubric !== undefined)
          write(
            `${dir}/${edition.wholeProgram.rubricFile}`,
            `${JSON.stringify(edition.wholeProgram.rubric, null, 2)}\n`,
          );
      write(`${dir}/mutants.json`, '{ "mutants": [] }\n');
      for (const file of assignment.providedFiles) {
        write(`${dir}/provided/${file.name}`, readFileSync(file.source));
        if (file.unitTestSource !== undefined)
          write(`${dir}/unit-tests/${file.name}`, readFileSync(file.unitTestSource));
      }
      if (assignment.wordsModule !== undefined)
        write(`${dir}/words.ts`, readFileSync(assignment.wordsModule));
      if (assignment.liveTestsModule !== undefined)
        write(`${dir}/live.ts`, readFileSync(assignment.liveTestsModule));
      if (assignment.eventsModule !== undefined)
        write(`${dir}/events.ts`, readFileSync(assignment.eventsModule));
      // A compiled edition the tool checks: its language's module and what it needs, at their places;
      // a whole program, its handout (what `pitboss init` writes), beside the recording.
      const languages = toolEditions(assignment).flatMap(([language, edition]) => {
        const tool = edition.native!.studentTool!;
        if (tool === 'whole-program') {
          const handout = edition.native!.providedDir;
          for (const file of filesUnder(handout))
            write(`${dir}/${handoutFolder(language)}/${relative(handout, file)}`, readFileSync(file));
          // The course's files the grader puts over a submission's (CMSC 202's Card, Deck and main),
          // and a harness of the student's class (it calls and prints, judging nothing).
          const whole = edition.native!.wholeProgram!;
          if (whole.courseFiles !== undefined)
            for (const file of filesUnder(whole.courseFiles))
              write(
                `${dir}/${courseFolder(language)}/${relative(whole.courseFiles, file)}`,
                readFileSync(file),
              );
          if (whole.harness !== undefined)
            write(
              `${dir}/${harnessFolder(language)}/${basename(whole.harness.source)}`,
              readFileSync(whole.harness.source),
            );
          return [];
        }
        for (const path of tool.ship)
          for (const file of statSync(path).isDirectory() ? filesUnder(path) : [path])
            copy(relative(REPO_ROOT, file));
        return [[language, `./${relative(join(REPO_ROOT, dir), tool.module)}`] as const];
      });
      write(
        `${dir}/index.ts`,
        indexSource(
          assignment.wordsModule !== undefined,
          assignment.liveTestsModule !== undefined,
          languages,
          assignment.eventsModule !== undefined,
        ),
      );
      write(
        `${dir}/package.json`,
        `${JSON.stringify(
          {
            name: `@pitboss/grader-${assignment.name}`,
            private: true,
            type: 'module',
            // fast-check: the live properties (live.ts) draw their cases with it, as the grader does.
            dependencies: {
              '@pitboss/grader': 'workspace:*',
              'fast-check': graderDependencies['fast-check'],
            },
          },
          null,
          2,
        )}\n`,
      );
    }
    writeToolLockfile(draft);
    write(
      TOOL_MANIFEST,
      `${JSON.stringify(
        {
          $comment:
            'The files pitboss export-student-tool wrote here: what export-student-tool --update replaces or removes; it keeps every other file.',
          files: [...written, 'pnpm-lock.yaml', TOOL_MANIFEST].sort(),
        },
        null,
        2,
      )}\n`,
    );
    return count + 1;
  };
  if (previous === undefined) return writeFolderWhole(folder, fill);
  // Built whole beside the tool, then moved in file by file: a failed export leaves the old tool as it was.
  const draft = mkdtempSync(join(dirname(target), '.pitboss-draft-'));
  try {
    const count = fill(draft);
    replaceTool(target, draft, previous);
    return count;
  } finally {
    rmSync(draft, { recursive: true, force: true });
  }
}

/** `pitboss export-student-tool <dir>`. */
export async function exportStudentTool(
  dir: string,
  io: Io,
  options: { update?: boolean } = {},
): Promise<number> {
  const work = openWorkRoot({ otherUser: sandboxSupport().layers.has('setpriv') });
  try {
    const count = await writeStudentTool(dir, work.path, options);
    io.stdout(
      `${options.update === true ? 'Updated' : 'Wrote'} ${count} files ${options.update === true ? 'in' : 'to'} ${dir}: no reference, no mutant, nothing hidden. Students run there: npm install -g pnpm@10 && pnpm install && pnpm --silent pitboss check <their folder>\n`,
    );
    return EXIT_OK;
  } finally {
    work.remove();
  }
}
