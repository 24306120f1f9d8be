// Compiles what students' tests run against (the solution, the provided files, each mutant's one
// replaced file) and the students' test files themselves, once, into plain JavaScript sources.

import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { version as esbuildVersion, type Loader, type Plugin } from 'esbuild';
import type { Snapshot } from '../../1-submission/snapshot.ts';
import type { Submission } from '../../1-submission/submission.ts';
import {
  atTheImport,
  compile,
  compileInMemory,
  firstProblem,
  type Manifest,
  SUBMISSION_NAMESPACE,
  TEST_IMPORTS,
  TEST_IMPORTS_WORDS,
} from '../../3-sandbox/door.ts';
import { solutionDirOf } from '../../assignment/load.ts';
import type { Assignment } from '../../kit/assignment.ts';
import { isKeptTest, KEPT_WORDS } from '../../kit/keep.ts';
import { type Mutant, solutionModules } from '../../mutants/catalogue.ts';
import { CACHE_ROOT, hashSources } from '../../plumbing/bundle.ts';
import { readKept, writeKept } from '../../plumbing/kept.ts';

const moduleName = (file: string) => file.replace(/\.ts$/, '');
const contractModules = (assignment: Assignment) =>
  new Set([...assignment.providedFiles, ...assignment.studentFiles].map((file) => moduleName(file.name)));

type Targets = Pick<Manifest, 'reference' | 'mutants'>;

/**
 * The solution and every mutant, compiled once per run, and kept between runs: they are the course's
 * files, the same for every submission, so a student's next check reads them instead of compiling
 * sixteen mutants again (about a second of every check). Kept by everything they are made from.
 */
export async function compileTargets(
  assignment: Assignment,
  mutants: readonly Mutant[],
  shared: string,
  workRoot: string,
): Promise<Targets> {
  const kept = join(CACHE_ROOT, 'targets', `${targetsKey(assignment, mutants, shared)}.json`);
  const known = readKept(kept, (value): value is Targets => wholeTargets(value, mutants));
  if (known !== undefined) return known;
  const made = await compileTargetsNow(assignment, mutants, shared, workRoot);
  writeKept(kept, made);
  return made;
}

/** The grader's and the course's sources (the solution, the mutants' catalogue), esbuild, the provided files as compiled. */
function targetsKey(assignment: Assignment, mutants: readonly Mutant[], shared: string): string {
  const hash = createHash('sha256').update(
    JSON.stringify([hashSources(), esbuildVersion, assignment.name, solutionDirOf(assignment)]),
  );
  for (const mutant of mutants) hash.update(`\0${mutant.id}\0${mutant.file}\0${mutant.source}`);
  for (const name of readdirSync(join(shared, 'provided')).sort())
    hash.update(`\0${name}\0`).update(readFileSync(join(shared, 'provided', name)));
  return hash.digest('hex');
}

/** Whether what was kept is whole and names every mutant asked for (else it is made again). */
function wholeTargets(value: unknown, mutants: readonly Mutant[]): boolean {
  const targets = value as Partial<Targets> | null;
  return (
    typeof targets?.reference === 'object' &&
    targets.reference !== null &&
    Object.values(targets.reference).every((source) => typeof source === 'string') &&
    typeof targets.mutants === 'object' &&
    targets.mutants !== null &&
    mutants.every(
      (mutant) =>
        typeof targets.mutants![mutant.id]?.module === 'string' &&
        typeof targets.mutants![mutant.id]?.source === 'string',
    )
  );
}

async function compileTargetsNow(
  assignment: Assignment,
  mutants: readonly Mutant[],
  shared: string,
  workRoot: string,
): Promise<Targets> {
  // The solution's own modules (a program in modules of its own design) are its siblings too.
  const modules = solutionModules(assignment);
  const siblings = new Set([...contractModules(assignment), ...modules.map(moduleName)]);
  const out = join(workRoot, `targets-${assignment.name}`);
  const reference: Record<string, string> = {};
  for (const name of readdirSync(join(shared, 'provided'))) {
    reference[name.replace(/\.mjs$/, '')] = readFileSync(join(shared, 'provided', name), 'utf8');
  }
  for (const file of modules) {
    const problem = await compile(join(solutionDirOf(assignment), file), join(out, 'solution'), siblings);
    if (problem !== undefined) throw new Error(`solution ${file}: ${problem}`);
    reference[moduleName(file)] = readFileSync(join(out, 'solution', `${moduleName(file)}.mjs`), 'utf8');
  }
  const compiled: Manifest['mutants'] = {};
  for (const mutant of mutants) {
    // The mutated file sits beside copies of the solution's, so its imports resolve as the original's do.
    const dir = join(out, 'mutants', mutant.id);
    cpSync(solutionDirOf(assignment), dir, { recursive: true });
    writeFileSync(join(dir, mutant.file), mutant.source);
    const problem = await compile(join(dir, mutant.file), join(dir, 'compiled'), siblings);
    if (problem !== undefined) throw new Error(`mutant ${mutant.id}: ${problem}`);
    compiled[mutant.id] = {
      module: moduleName(mutant.file),
      source: readFileSync(join(dir, 'compiled', `${moduleName(mutant.file)}.mjs`), 'utf8'),
    };
  }
  return { reference, mutants: compiled };
}

/** Orders paths as a walk listing each folder in `localeCompare` order would (as the grader always has). */
function byFolderOrder(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = left[i]!.localeCompare(right[i]!);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/** What esbuild would try for an import without its extension, and the loader of each. */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];
const LOADERS: Record<string, Loader> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.json': 'json',
};
/** TypeScript's rule: an import may name the compiled file (`./helper.js` for helper.ts). */
const COMPILED_FROM: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/** The snapshot's file an import names, as esbuild would resolve it on disk, or what was not read. */
function findHelper(snapshot: Snapshot, target: string): { path: string } | { unread: string } | undefined {
  const extension = posix.extname(target);
  const stem = target.slice(0, target.length - extension.length);
  const candidates = [
    target,
    ...EXTENSIONS.map((ext) => target + ext),
    ...(COMPILED_FROM[extension] ?? []).map((ext) => stem + ext),
    ...EXTENSIONS.map((ext) => `${target}/index${ext}`),
  ];
  for (const candidate of candidates) if (snapshot.files.has(candidate)) return { path: candidate };
  for (const candidate of candidates) {
    const reason = snapshot.problems.get(candidate);
    if (reason !== undefined) return { unread: reason };
  }
  return undefined;
}

/**
 * A student test may import the contract's files (`../deck`), helpers inside its own folder, and
 * Node's built-ins; a contract file becomes an external `./deck.mjs`, linked at run time to the
 * reference's or a mutant's. Every file comes from the snapshot: esbuild opens none (no test, no
 * helper, no tsconfig.json or package.json of the student's).
 */
function testImports(snapshot: Snapshot, testsFolder: string, contract: ReadonlySet<string>): Plugin {
  const allowed = `a test may import only ${[...contract].map((n) => `${n}.ts`).join(', ')}, files in its own folder, and ${TEST_IMPORTS_WORDS}`;
  return {
    name: 'student-test-imports',
    setup(builder) {
      builder.onResolve(
        { filter: /.*/ },
        atTheImport((args) => {
          if (args.kind === 'entry-point') return { path: args.path, namespace: SUBMISSION_NAMESPACE };
          if (args.path.startsWith('.')) {
            // Paths inside the submission, '/'-separated: the importer's own path is one.
            const target = posix.normalize(posix.join(posix.dirname(args.importer), args.path));
            if (target.startsWith(`${testsFolder}/`)) {
              const found = findHelper(snapshot, target);
              if (found === undefined) throw new Error(`imports '${args.path}', but there is no such file`);
              if ('unread' in found)
                throw new Error(`imports '${args.path}', but it was not read: ${found.unread}`);
              return { path: found.path, namespace: SUBMISSION_NAMESPACE };
            }
            const name = posix.basename(target).replace(/\.(js|ts|mjs)$/, '');
            if (posix.dirname(target) === '.' && contract.has(name))
              return { path: `./${name}.mjs`, external: true };
            throw new Error(`imports '${args.path}': ${allowed}`);
          }
          if (TEST_IMPORTS.includes(args.path.replace(/^node:/, '')))
            return { path: args.path, external: true };
          // Other built-ins (fs, vm, os, crypto...) could read what tells one implementation from another
          // (its source, the process it runs in) rather than what it does.
          throw new Error(
            `imports '${args.path}': a test may import only ${TEST_IMPORTS_WORDS}, the files it tests and files in its own folder`,
          );
        }),
      );
      builder.onLoad({ filter: /.*/, namespace: SUBMISSION_NAMESPACE }, (args) => {
        const bytes = snapshot.files.get(args.path);
        if (bytes === undefined) throw new Error(`${args.path} was not read`);
        return { contents: bytes, loader: LOADERS[posix.extname(args.path)] ?? 'ts' };
      });
    },
  };
}

export interface CompiledTests {
  /** Test file (relative to the submission) -> compiled source. */
  tests: Record<string, string>;
  /** Test files that do not compile, with the reason. */
  problems: Map<string, string>;
}

export async function compileStudentTests(
  assignment: Assignment,
  submission: Submission,
  workDir: string,
): Promise<CompiledTests> {
  const { snapshot } = submission;
  const { folder, suffix } = assignment.studentTests;
  const contract = contractModules(assignment);
  const tests: Record<string, string> = {};
  const problems = new Map<string, string>();
  mkdirSync(workDir, { recursive: true });
  const isTest = (path: string) => path.startsWith(`${folder}/`) && path.endsWith(suffix);
  const names = [
    ...[...snapshot.files.keys()].filter(isTest),
    ...[...snapshot.problems.keys()].filter(isTest),
  ].sort(byFolderOrder);
  for (const name of names) {
    const bytes = snapshot.files.get(name);
    if (bytes === undefined) {
      // A test that is a link, a pipe, too large...: never read, and the report says why.
      problems.set(name, `was not read: ${snapshot.problems.get(name)}`);
      continue;
    }
    // The example `pitboss init` hands out earns nothing unless the student makes it their own.
    if (assignment.starterFiles[name] === bytes.toString('utf8')) {
      problems.set(name, 'it is the example from pitboss init, unchanged: only your own tests count');
      continue;
    }
    // A test `pitboss check --keep` wrote is the grader's own case: it runs for the student, never for points.
    if (isKeptTest(name, bytes.toString('utf8'))) {
      problems.set(name, `${KEPT_WORDS}: only your own tests count`);
      continue;
    }
    try {
      const result = await compileInMemory(
        name,
        testImports(snapshot, folder, contract),
        `${submission.dir}/${name}`,
      );
      tests[name] = result.outputFiles![0]!.text;
    } catch (error) {
      problems.set(name, `does not compile: ${firstProblem(error)}`);
    }
  }
  return { tests, problems };
}
