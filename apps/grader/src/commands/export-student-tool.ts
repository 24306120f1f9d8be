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
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { planTests, practiceSeed, testSeed } from '../2-plan/plan.ts';
import { compileShared, sandboxSupport } from '../3-sandbox/door.ts';
import { assignmentNames, loadAssignment } from '../assignment/load.ts';
import { privateFolder, privateTranscriptCases } from '../assignment/private-part.ts';
import {
  type Assignment,
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
import { previousExport, replaceTool, TOOL_GITIGNORE, TOOL_MANIFEST } from './student-tool-folder.ts';
import { writeToolLockfile } from './student-tool-lockfile.ts';
import { compiledSection, indexSource, STUDENT_README } from './student-tool-words.ts';

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
    // The course's standard: a Makefile naming none builds as when graded (CMSC 202's gnu++98: `cout << cout`).
    ...(native.standard === undefined ? {} : { standard: native.standard }),
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
