// Staging: every module a test may load, compiled to plain JavaScript once (no transpiling at run
// time), then laid out per test configuration: the student's file under test, the reference for the rest.

import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Assignment } from '../kit/assignment.ts';
import type { Submission } from '../submission.ts';

const moduleName = (file: string) => file.replace(/\.ts$/, '');
const outputName = (file: string) => `${moduleName(file)}.mjs`;

/**
 * Resolves the imports of a submission's own modules: only siblings (`./card`, `./card.js` and
 * `./card.ts` all name card.ts) and Node's built-ins. A sibling becomes an external `./card.mjs`.
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
      builder.onResolve({ filter: /.*/ }, (args) => {
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
      });
    },
  };
}

/** Compiles one module into `outDir`; returns a problem in one line, or undefined. */
export async function compile(
  source: string,
  outDir: string,
  siblings: ReadonlySet<string>,
  /** The reference's own code may use this project's packages; a student's may not. */
  reference?: { provided: ReadonlyMap<string, string> },
): Promise<string | undefined> {
  try {
    await build({
      entryPoints: [source],
      outfile: join(outDir, outputName(basename(source))),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      plugins: [siblingImports(source, siblings, reference?.provided ?? new Map(), reference !== undefined)],
    });
    return undefined;
  } catch (error) {
    const first = (
      error as { errors?: { text: string; location?: { line: number; column: number } | null }[] }
    ).errors?.[0];
    if (first === undefined) return (error as Error).message;
    const where = first.location ? `line ${first.location.line}:${first.location.column + 1}: ` : '';
    return `${where}${first.text}`;
  }
}

export interface Staging {
  /** Student files that are missing or do not compile, with the reason in one line. */
  problems: Map<string, string>;
  /** A folder of runnable modules: `fromStudent` files are the student's, the others the reference's. */
  stage(fromStudent: readonly string[] | 'all'): string;
}

const sharedBuilds = new Map<string, Promise<string>>();

/** Compiles the provided files and the reference once per run, into `root`. */
export function compileShared(assignment: Assignment, root: string): Promise<string> {
  const shared = join(root, `shared-${assignment.name}`);
  let built = sharedBuilds.get(shared);
  if (built === undefined) {
    built = buildShared(assignment, shared);
    sharedBuilds.set(shared, built);
  }
  return built;
}

async function buildShared(assignment: Assignment, shared: string): Promise<string> {
  const provided = new Map(assignment.providedFiles.map((file) => [file.name, file.source]));
  const siblings = new Set([
    ...assignment.providedFiles.map((file) => moduleName(file.name)),
    ...assignment.studentFiles.map((file) => moduleName(file.name)),
  ]);
  for (const file of assignment.providedFiles) {
    const problem = await compile(file.source, join(shared, 'provided'), siblings);
    if (problem !== undefined) throw new Error(`provided ${file.name}: ${problem}`);
  }
  for (const file of assignment.studentFiles) {
    const problem = await compile(
      join(assignment.referenceDir, file.name),
      join(shared, 'reference'),
      siblings,
      {
        provided,
      },
    );
    if (problem !== undefined) throw new Error(`reference ${file.name}: ${problem}`);
  }
  return shared;
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
  for (const file of assignment.studentFiles) {
    if (!submission.modules.has(file.name))
      problems.set(file.name, `${file.name} is missing from the submission`);
  }
  for (const [name, path] of submission.modules) {
    const problem = await compile(path, studentDir, siblings);
    if (problem !== undefined) problems.set(name, `${name} does not compile: ${problem}`);
  }
  const studentNames = new Set(assignment.studentFiles.map((file) => file.name));
  const extras = [...submission.modules.keys()].filter(
    (name) => !studentNames.has(name) && !problems.has(name),
  );
  let stages = 0;
  return {
    problems,
    stage(fromStudent) {
      const dir = join(workDir, `stage-${stages++}`);
      mkdirSync(dir, { recursive: true });
      for (const name of readdirSync(join(shared, 'provided')))
        copyFileSync(join(shared, 'provided', name), join(dir, name));
      for (const file of assignment.studentFiles) {
        const student = fromStudent === 'all' || fromStudent.includes(file.name);
        const from = student ? studentDir : join(shared, 'reference');
        const compiled = join(from, outputName(file.name));
        if (existsSync(compiled)) copyFileSync(compiled, join(dir, outputName(file.name)));
      }
      // A student's own helper modules go wherever their files are staged.
      for (const name of extras)
        copyFileSync(join(studentDir, outputName(name)), join(dir, outputName(name)));
      return dir;
    },
  };
}
