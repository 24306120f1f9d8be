// Staging: every module a test may load, compiled to plain JavaScript once (no transpiling at run
// time), then laid out per test configuration: the student's file under test, the reference for the rest.
// A student's modules are compiled from the submission's snapshot (snapshot.ts), never from disk.

import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import {
  version as esbuildVersion,
  type Message,
  type OnResolveArgs,
  type OnResolveResult,
  type Plugin,
} from 'esbuild';
import type { Snapshot } from '../1-submission/snapshot.ts';
import type { Submission } from '../1-submission/submission.ts';
import type { Assignment } from '../kit/assignment.ts';
import { buildsFolder } from '../plumbing/bundle.ts';
import { readKept, writeKept } from '../plumbing/kept.ts';
import { COMPILER_FAILED, CompilerCrash, compileInMemory, compileSafely } from './compiler.ts';
import { NODE_MODULES, NODE_MODULES_WORDS } from './isolate/modules.ts';

const moduleName = (file: string) => file.replace(/\.ts$/, '');
const outputName = (file: string) => `${moduleName(file)}.mjs`;

/** The namespace a submission's files live in while they compile: esbuild opens no file for them. */
export const SUBMISSION_NAMESPACE = 'submission';

/**
 * An onResolve callback whose thrown error becomes esbuild's message at the import that asked: an
 * error thrown out of a plugin is placed where the plugin threw (a line of the grader's own bundle),
 * a returned one at the import statement in the student's file.
 */
export const atTheImport =
  (resolve: (args: OnResolveArgs) => OnResolveResult | undefined) =>
  (args: OnResolveArgs): OnResolveResult | undefined => {
    try {
      return resolve(args);
    } catch (error) {
      return { errors: [{ text: (error as Error).message }] };
    }
  };

/** A build's failure in one line: where, and what. */
export function firstProblem(error: unknown): string {
  if (error instanceof CompilerCrash) return COMPILER_FAILED;
  const first = (error as { errors?: Pick<Message, 'text' | 'location'>[] }).errors?.[0];
  if (first === undefined) return (error as Error).message;
  const where = first.location ? `line ${first.location.line}:${first.location.column + 1}: ` : '';
  return `${where}${first.text}`;
}

/** Why an import of a sibling `name` (no extension) fails, naming the file it probably meant. */
function missingSibling(
  path: string,
  name: string,
  siblings: ReadonlySet<string>,
  snapshot: Snapshot,
): string {
  const unread = snapshot.problems.get(`${name}.ts`);
  if (unread !== undefined) return `imports '${path}', but ${name}.ts was not read: ${unread}`;
  const near = [...siblings].find((sibling) => sibling.toLowerCase() === name.toLowerCase());
  return near === undefined
    ? `imports '${path}', but the submission has no ${name}.ts`
    : `imports '${path}', but the file is ${near}.ts (names are case-sensitive)`;
}

/**
 * A student's module, compiled from the snapshot. Its imports may name only siblings (`./card`,
 * `./card.js` and `./card.ts` all name card.ts), which become an external `./card.mjs`, and Node's
 * built-ins; every path resolves here, so esbuild looks nothing up on disk (no file of the
 * submission, no tsconfig.json, no package.json).
 */
export async function compileModule(
  snapshot: Snapshot,
  file: string,
  outDir: string,
  siblings: ReadonlySet<string>,
): Promise<string | undefined> {
  const plugin: Plugin = {
    name: 'submission-module',
    setup(builder) {
      builder.onResolve(
        { filter: /.*/ },
        atTheImport((args) => {
          if (args.kind === 'entry-point') return { path: file, namespace: SUBMISSION_NAMESPACE };
          if (args.path.startsWith('.')) {
            const name = args.path.replace(/^\.\//, '').replace(/\.(js|ts|mjs)$/, '');
            if (name.includes('/')) {
              throw new Error(`imports '${args.path}': a submission may import only files beside it`);
            }
            if (!siblings.has(name)) throw new Error(missingSibling(args.path, name, siblings, snapshot));
            return { path: `./${name}.mjs`, external: true };
          }
          const bare = args.path.replace(/^node:/, '');
          // Student code runs in an isolate, with the library made there (3-sandbox/isolate/modules.ts).
          if (NODE_MODULES[bare] !== undefined) return { path: args.path, external: true };
          if (builtinModules.includes(bare))
            throw new Error(
              `imports '${args.path}': Pitboss runs your code without Node's modules: node:${bare} is not available (only ${NODE_MODULES_WORDS})`,
            );
          throw new Error(
            `imports '${args.path}': a submission may import only its own files and these of Node's modules: ${NODE_MODULES_WORDS}`,
          );
        }),
      );
      builder.onLoad({ filter: /.*/, namespace: SUBMISSION_NAMESPACE }, (args) => {
        const bytes = snapshot.files.get(args.path);
        if (bytes === undefined) throw new Error(`${args.path} was not read`);
        return { contents: bytes, loader: 'ts' };
      });
    },
  };
  // What the compile reads: the file, its siblings' names (and, for a missing one's message, the
  // submission's other names), the snapshot's folder (esbuild's comment names the file by it).
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        file,
        snapshot.dir,
        [...siblings].sort(),
        [...snapshot.files.keys()].sort(),
        [...snapshot.problems].sort(([a], [b]) => (a < b ? -1 : 1)),
      ]),
    )
    .update(snapshot.files.get(file) ?? '')
    .digest('hex');
  let compiled = compiledModules.get(key);
  if (compiled === undefined) {
    try {
      const result = await compileInMemory(
        file,
        plugin,
        `${snapshot.dir}/${file}`,
        `file:///submission/${outputName(file)}`,
      );
      compiled = { text: result.outputFiles![0]!.text };
    } catch (error) {
      // esbuild itself failing (CompilerCrash) says nothing of the file: told, and tried again next time.
      if (error instanceof CompilerCrash) return firstProblem(error);
      compiled = { problem: firstProblem(error) };
    }
    compiledModules.set(key, compiled);
    // A Map iterates in insertion order: the first key is the oldest.
    if (compiledModules.size > COMPILED_KEPT) compiledModules.delete(compiledModules.keys().next().value!);
  }
  if ('problem' in compiled) return compiled.problem;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, outputName(file)), compiled.text);
  return undefined;
}

/**
 * The student modules compiled last in this process, by everything their compile reads: a watch's
 * save recompiles only the files it changed (the grader's own code and esbuild do not change under a
 * running process). A grade of a class compiles each module once and never again: only the latest
 * are kept.
 */
const compiledModules = new Map<string, { text: string } | { problem: string }>();
const COMPILED_KEPT = 256;

/**
 * Resolves the imports of the grader's own modules (the reference, the provided files), compiled
 * from disk: siblings and Node's built-ins; the reference may also use this project's packages.
 */
function siblingImports(
  file: string,
  siblings: ReadonlySet<string>,
  provided: ReadonlyMap<string, string>,
  trusted: boolean,
): Plugin {
  return {
    name: 'sibling-imports',
    setup(builder) {
      builder.onResolve(
        { filter: /.*/ },
        atTheImport((args) => {
          if (args.kind === 'entry-point') return undefined;
          // The reference's own packages reach the provided files by path: share the staged copy.
          const absolute = args.path.startsWith('.') ? resolve(args.resolveDir, args.path) : undefined;
          for (const [name, source] of provided) {
            if (absolute === source) return { path: `./${outputName(name)}`, external: true };
          }
          if (args.importer.startsWith(dirname(file)) && args.path.startsWith('.')) {
            const name = args.path.replace(/^\.\//, '').replace(/\.(js|ts|mjs)$/, '');
            if (name.includes('/')) {
              throw new Error(`imports '${args.path}': a submission may import only files beside it`);
            }
            if (!siblings.has(name)) {
              const near = [...siblings].find((sibling) => sibling.toLowerCase() === name.toLowerCase());
              throw new Error(
                near === undefined
                  ? `imports '${args.path}', but the submission has no ${name}.ts`
                  : `imports '${args.path}', but the file is ${near}.ts (names are case-sensitive)`,
              );
            }
            return { path: `./${name}.mjs`, external: true };
          }
          const bare = args.path.replace(/^node:/, '');
          if (builtinModules.includes(bare)) return { path: args.path, external: true };
          if (!trusted && args.importer.startsWith(dirname(file))) {
            throw new Error(
              `imports '${args.path}': a submission may import only its own files and Node's built-ins`,
            );
          }
          return undefined;
        }),
      );
    },
  };
}

/** Compiles one of the grader's own modules (from disk) into `outDir`; returns a problem in one line, or undefined. */
export async function compile(
  source: string,
  outDir: string,
  siblings: ReadonlySet<string>,
  /** The reference's own code may use this project's packages; a student's may not. */
  reference?: { provided: ReadonlyMap<string, string> },
  /** The file it is staged as, when not its own name (a provided file's stand-in). */
  as: string = basename(source),
  /** Given, every file the compile read is added to it (what a kept build is checked against). */
  read?: Set<string>,
): Promise<string | undefined> {
  try {
    const result = await compileSafely(
      {
        metafile: read !== undefined,
        entryPoints: [source],
        outfile: join(outDir, outputName(as)),
        // The file's own folder: esbuild names each input in a comment by its path from here, and a
        // path through a run's temporary folder would make the same file compile differently each run.
        absWorkingDir: dirname(source),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'silent',
        plugins: [
          siblingImports(source, siblings, reference?.provided ?? new Map(), reference !== undefined),
        ],
      },
      source,
    );
    for (const input of Object.keys(result.metafile?.inputs ?? {}))
      read?.add(resolve(dirname(source), input));
    return undefined;
  } catch (error) {
    return firstProblem(error);
  }
}

export interface Staging {
  /** Student files that are missing or do not compile, with the reason in one line. */
  problems: Map<string, string>;
  /**
   * A folder of runnable modules: `fromStudent` files are the student's, the others the reference's;
   * `files` (a transcript case's, by plain file name) are written beside them. With `unitTests`, the
   * provided files that have a stand-in for unit tests (ProvidedFile.unitTestSource) get it instead;
   * with `recording`, the reference files that have a recorder (CallsCheck.recorders) get it instead.
   */
  stage(
    fromStudent: readonly string[] | 'all',
    files?: Readonly<Record<string, string>>,
    options?: { unitTests?: boolean; recording?: boolean },
  ): string;
  /**
   * Why a configuration's program could not be linked (a compiled language: a function declared and
   * never defined, one defined twice), in words naming the student's files; undefined when it links.
   */
  linkProblem?(fromStudent: readonly string[] | 'all', options?: { unitTests?: boolean }): string | undefined;
}

/** Where a stage holds the program its transcripts run: a module for Node, or a native program. */
export function programIn(assignment: Assignment, dir: string): string {
  const { program } = assignment.transcripts;
  const whole = assignment.native?.wholeProgram;
  // A whole program is staged by the name the course ran it (`Proj2.out` keeps its ending).
  if (whole !== undefined) return join(dir, whole.program);
  return assignment.native === undefined
    ? join(dir, outputName(program))
    : join(dir, program.replace(/\.[^.]+$/, ''));
}

/** A case's file name: plain, in the stage itself, and never one of its modules. */
const PLAIN_FILE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

const sharedBuilds = new Map<string, Promise<string>>();
/** What each assignment's shared folder holds (path in it -> compiled module), compiled once a process. */
const sharedOutputs = new Map<string, Promise<Map<string, string>>>();

/**
 * Compiles the provided files and the reference into `root`: once a process (a watch's every check
 * after the first writes the same modules again, uncompiled), once a run's root.
 */
export function compileShared(assignment: Assignment, root: string): Promise<string> {
  const shared = join(root, `shared-${assignment.name}`);
  let built = sharedBuilds.get(shared);
  if (built === undefined) {
    const key = JSON.stringify([assignment.name, assignment.referenceDir ?? null]);
    const outputs = sharedOutputs.get(key);
    if (outputs === undefined) {
      const identity = buildIdentity(assignment);
      const made = keptShared(identity, shared) ?? builtAndKept(assignment, identity, shared);
      sharedOutputs.set(key, made.then(readFolder));
      built = made;
    } else built = outputs.then((files) => layOut(shared, files));
    sharedBuilds.set(shared, built);
  }
  return built;
}

/**
 * Where the shared folder's build is kept between runs: beside the grader's bundles (rebuilt when any
 * of its sources moves), named by the assignment and its reference's folder.
 */
const keptSharedPath = (key: string) =>
  join(buildsFolder(), `shared-${createHash('sha256').update(key).digest('hex').slice(0, 16)}.json`);

interface KeptShared {
  key: string;
  esbuild: string;
  /** Every file the build read (the reference, the provided files, the packages they import), with its hash. */
  inputs: [path: string, hash: string][];
  files: [path: string, text: string][];
}

/** What the shared folder's build is made of besides the files it reads: what it compiles, as what, beside what. */
const buildIdentity = (assignment: Assignment): string =>
  JSON.stringify([
    assignment.name,
    assignment.referenceDir ?? null,
    assignment.providedFiles.map((file) => [file.name, file.source, file.unitTestSource ?? null]),
    assignment.studentFiles.map((file) => file.name),
    assignment.referenceDir === undefined ? {} : (assignment.transcripts.calls?.recorders ?? {}),
  ]);

const hashOf = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Whether the file at `path` still has `hash` (a file gone has none). */
function unchanged(path: string, hash: string): boolean {
  try {
    return hashOf(path) === hash;
  } catch {
    return false;
  }
}

/**
 * The shared folder laid out from the build kept by an earlier run, when every file that build read
 * is as it was then (a reference outside the project's sources, a private folder's, is checked too);
 * undefined when there is none or anything moved: then it is built.
 */
function keptShared(key: string, shared: string): Promise<string> | undefined {
  const kept = readKept(
    keptSharedPath(key),
    (value): value is KeptShared =>
      (value as Partial<KeptShared> | null)?.key === key &&
      (value as KeptShared).esbuild === esbuildVersion &&
      Array.isArray((value as KeptShared).files) &&
      Array.isArray((value as KeptShared).inputs) &&
      (value as KeptShared).inputs.every(([path, hash]) => unchanged(path, hash)),
  );
  return kept === undefined ? undefined : Promise.resolve(layOut(shared, kept.files));
}

/** Writes each file (by its path in the folder) into `shared`; the folder. */
function layOut(shared: string, files: Iterable<[path: string, text: string]>): string {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(shared, path)), { recursive: true });
    writeFileSync(join(shared, path), text);
  }
  return shared;
}

/** Builds the shared folder and keeps the build for the next run (writeKept: one that cannot be kept is no failure). */
async function builtAndKept(assignment: Assignment, key: string, shared: string): Promise<string> {
  const read = new Set<string>();
  await buildShared(assignment, shared, read);
  const kept: KeptShared = {
    key,
    esbuild: esbuildVersion,
    inputs: [...read].sort().map((path) => [path, hashOf(path)]),
    files: [...readFolder(shared)],
  };
  writeKept(keptSharedPath(key), kept);
  return shared;
}

/** Every file under `dir`, by its path there. */
function readFolder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(path.slice(dir.length + 1), readFileSync(path, 'utf8'));
    }
  return files;
}

async function buildShared(assignment: Assignment, shared: string, read: Set<string>): Promise<string> {
  const provided = new Map(assignment.providedFiles.map((file) => [file.name, file.source]));
  const siblings = new Set([
    ...assignment.providedFiles.map((file) => moduleName(file.name)),
    ...assignment.studentFiles.map((file) => moduleName(file.name)),
  ]);
  for (const file of assignment.providedFiles) {
    const problem = await compile(
      file.source,
      join(shared, 'provided'),
      siblings,
      undefined,
      undefined,
      read,
    );
    if (problem !== undefined) throw new Error(`provided ${file.name}: ${problem}`);
    if (file.unitTestSource === undefined) continue;
    const standIn = await compile(
      file.unitTestSource,
      join(shared, 'unit-tests'),
      siblings,
      undefined,
      file.name,
      read,
    );
    if (standIn !== undefined) throw new Error(`provided ${file.name}, for unit tests: ${standIn}`);
  }
  // The student tool holds no reference: its runs are all the student's files.
  const referenceDir = assignment.referenceDir;
  for (const file of referenceDir === undefined ? [] : assignment.studentFiles) {
    const problem = await compile(
      join(referenceDir!, file.name),
      join(shared, 'reference'),
      siblings,
      { provided },
      undefined,
      read,
    );
    if (problem !== undefined) throw new Error(`reference ${file.name}: ${problem}`);
  }
  // The recorders stand in for their reference files in the linked runs that record calls.
  for (const [name, source] of Object.entries(
    referenceDir === undefined ? {} : (assignment.transcripts.calls?.recorders ?? {}),
  )) {
    const problem = await compile(source, join(shared, 'recording'), siblings, { provided }, name, read);
    if (problem !== undefined) throw new Error(`recorder of ${name}: ${problem}`);
  }
  return shared;
}

/**
 * A compiled module put in a stage, at a name nothing holds yet: a second name for the same file (a
 * link costs a thirtieth of a copy, and a stage is made for every configuration a submission runs
 * in), a copy where the folders' file system cannot link. Nothing writes to a staged module's name
 * after it is placed (a write through the link would change the shared file), and no run can write to
 * its stage (3-sandbox/process/layers.ts), so a stage never changes what it shares.
 */
function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    copyFileSync(from, to);
  }
}

export async function stageSubmission(
  assignment: Assignment,
  submission: Submission,
  shared: string,
  workDir: string,
): Promise<Staging> {
  const studentDir = join(workDir, 'student');
  mkdirSync(studentDir, { recursive: true });
  const siblings = new Set([
    ...assignment.providedFiles.map((file) => moduleName(file.name)),
    ...assignment.studentFiles.map((file) => moduleName(file.name)),
    ...[...submission.modules.keys()].map(moduleName),
  ]);
  const problems = new Map<string, string>();
  const provided = new Set(assignment.providedFiles.map((file) => file.name));
  // A module there but not read (a link, a pipe, too large...): its tests get the reason.
  for (const [path, reason] of submission.snapshot.problems) {
    if (!path.includes('/') && path.endsWith('.ts') && !path.endsWith('.d.ts') && !provided.has(path))
      problems.set(path, reason);
  }
  for (const file of assignment.studentFiles) {
    if (!submission.modules.has(file.name) && !problems.has(file.name))
      problems.set(file.name, `${file.name} is missing from the submission`);
  }
  // An empty file exports nothing: say so, not that an export is missing or a CommonJS one unread.
  for (const file of assignment.studentFiles) {
    const bytes = submission.snapshot.files.get(file.name);
    if (bytes !== undefined && !problems.has(file.name) && /^\s*$/.test(bytes.toString('utf8')))
      problems.set(
        file.name,
        `${file.name} is empty: write its code (pitboss init writes a starter to fill in)`,
      );
  }
  for (const name of submission.modules.keys()) {
    const problem = await compileModule(submission.snapshot, name, studentDir, siblings);
    if (problem !== undefined) problems.set(name, `${name} does not compile: ${problem}`);
  }
  const studentNames = new Set(assignment.studentFiles.map((file) => file.name));
  const extras = [...submission.modules.keys()].filter(
    (name) => !studentNames.has(name) && !problems.has(name),
  );
  let stages = 0;
  return {
    problems,
    stage(fromStudent, files = {}, options = {}) {
      const dir = join(workDir, `stage-${stages++}`);
      mkdirSync(dir, { recursive: true });
      // Each module's name and the file it is: a later entry replaces an earlier one (a provided
      // file's stand-in for unit tests replaces the provided file).
      const modules = new Map<string, string>();
      const parts = ['provided', ...(options.unitTests === true ? ['unit-tests'] : [])];
      for (const part of parts.filter((part) => existsSync(join(shared, part))))
        for (const name of readdirSync(join(shared, part))) modules.set(name, join(shared, part, name));
      for (const file of assignment.studentFiles) {
        const student = fromStudent === 'all' || fromStudent.includes(file.name);
        const recorder = join(shared, 'recording', outputName(file.name));
        const compiled = student
          ? join(studentDir, outputName(file.name))
          : options.recording === true && existsSync(recorder)
            ? recorder
            : join(shared, 'reference', outputName(file.name));
        if (existsSync(compiled)) modules.set(outputName(file.name), compiled);
      }
      // A student's own helper modules go wherever their files are staged.
      for (const name of extras) modules.set(outputName(name), join(studentDir, outputName(name)));
      for (const [name, from] of modules) place(from, join(dir, name));
      for (const [name, text] of Object.entries(files)) {
        if (!PLAIN_FILE.test(name) || name.endsWith('.mjs') || existsSync(join(dir, name)))
          throw new Error(`a transcript case's file may not be called '${name}'`);
        writeFileSync(join(dir, name), text);
      }
      return dir;
    },
  };
}
