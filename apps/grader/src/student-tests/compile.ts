// Compiles what students' tests run against (the solution, the provided files, each mutant's one
// replaced file) and the students' test files themselves, once, into plain JavaScript sources.

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Assignment } from '../kit/assignment.ts';
import type { Mutant } from '../mutants/catalogue.ts';
import { compile } from '../runner/stage.ts';
import type { Submission } from '../submission.ts';
import type { Manifest } from './protocol.ts';

const moduleName = (file: string) => file.replace(/\.ts$/, '');
const contractModules = (assignment: Assignment) =>
  new Set([...assignment.providedFiles, ...assignment.studentFiles].map((file) => moduleName(file.name)));

/** The solution and every mutant, compiled once per run. */
export async function compileTargets(
  assignment: Assignment,
  mutants: readonly Mutant[],
  shared: string,
  workRoot: string,
): Promise<Pick<Manifest, 'reference' | 'mutants'>> {
  const siblings = contractModules(assignment);
  const out = join(workRoot, `targets-${assignment.name}`);
  const reference: Record<string, string> = {};
  for (const name of readdirSync(join(shared, 'provided'))) {
    reference[name.replace(/\.mjs$/, '')] = readFileSync(join(shared, 'provided', name), 'utf8');
  }
  for (const file of assignment.studentFiles) {
    const problem = await compile(join(assignment.solutionDir, file.name), join(out, 'solution'), siblings);
    if (problem !== undefined) throw new Error(`solution ${file.name}: ${problem}`);
    reference[moduleName(file.name)] = readFileSync(
      join(out, 'solution', `${moduleName(file.name)}.mjs`),
      'utf8',
    );
  }
  const compiled: Manifest['mutants'] = {};
  for (const mutant of mutants) {
    // The mutated file sits beside copies of the solution's, so its imports resolve as the original's do.
    const dir = join(out, 'mutants', mutant.id);
    cpSync(assignment.solutionDir, dir, { recursive: true });
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

function* testFiles(dir: string, suffix: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') yield* testFiles(path, suffix);
    else if (entry.isFile() && entry.name.endsWith(suffix)) yield path;
  }
}

/**
 * A student test may import the contract's files (`../deck`), helpers inside its own folder, and
 * Node's built-ins; a contract file becomes an external `./deck.mjs`, linked at run time to the
 * reference's or a mutant's.
 */
function testImports(submissionDir: string, testsDir: string, contract: ReadonlySet<string>): Plugin {
  return {
    name: 'student-test-imports',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.path.startsWith('.')) {
          const target = resolve(args.resolveDir, args.path);
          if (target.startsWith(testsDir + sep)) return undefined;
          const name = basename(target).replace(/\.(js|ts|mjs)$/, '');
          if (dirname(target) === submissionDir && contract.has(name))
            return { path: `./${name}.mjs`, external: true };
          throw new Error(
            `imports '${args.path}': a test may import only ${[...contract].map((n) => `${n}.ts`).join(', ')}, files in its own folder, and Node's built-ins`,
          );
        }
        if (builtinModules.includes(args.path.replace(/^node:/, '')) || args.path === 'node:test') {
          return { path: args.path, external: true };
        }
        throw new Error(
          `imports '${args.path}': a test may import only the submission's files and Node's built-ins`,
        );
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
  const testsDir = join(submission.dir, assignment.studentTests.folder);
  const contract = contractModules(assignment);
  const tests: Record<string, string> = {};
  const problems = new Map<string, string>();
  mkdirSync(workDir, { recursive: true });
  for (const path of testFiles(testsDir, assignment.studentTests.suffix)) {
    const name = relative(submission.dir, path);
    // The example `pitboss init` hands out earns nothing unless the student makes it their own.
    if (assignment.starterFiles[name] === readFileSync(path, 'utf8')) {
      problems.set(name, 'it is the example from pitboss init, unchanged: only your own tests count');
      continue;
    }
    try {
      const result = await build({
        entryPoints: [path],
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'silent',
        plugins: [testImports(submission.dir, testsDir, contract)],
      });
      tests[name] = result.outputFiles[0]!.text;
    } catch (error) {
      const first = (
        error as { errors?: { text: string; location?: { line: number; column: number } | null }[] }
      ).errors?.[0];
      const where = first?.location ? `line ${first.location.line}:${first.location.column + 1}: ` : '';
      problems.set(name, `does not compile: ${where}${first?.text ?? (error as Error).message}`);
    }
  }
  return { tests, problems };
}
