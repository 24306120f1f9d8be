// Bundles TypeScript for the grader's own use (an assignment's definition, the test harness) with
// esbuild, cached by a hash of every source file that can reach the bundle.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { REPO_ROOT } from './paths.ts';

/** The grader's own cache: bundles, and what else is worth keeping between runs (never a result). */
export const CACHE_ROOT = join(REPO_ROOT, 'node_modules/.cache/pitboss');

/** Folders whose TypeScript sources a grader bundle may contain. */
const SOURCE_FOLDERS = ['packages', 'graders', 'apps/grader/src'];

function* sourceFiles(folder: string): Generator<string> {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|json|cpp|h)$/.test(entry.name)) yield path; // C++ editions grade with their sources too
  }
}

let sourceHash: string | undefined;

/** A hash of every source a bundle could include: a changed test or rule means a new bundle. */
export function hashSources(): string {
  if (sourceHash !== undefined) return sourceHash;
  const hash = createHash('sha256');
  for (const folder of SOURCE_FOLDERS) {
    for (const path of [...sourceFiles(join(REPO_ROOT, folder))].sort()) {
      hash.update(path.slice(REPO_ROOT.length)).update('\0').update(readFileSync(path)).update('\0');
    }
  }
  sourceHash = hash.digest('hex').slice(0, 16);
  return sourceHash;
}

let sourceFileHashes: Record<string, string> | undefined;

/**
 * A hash of each source `hashSources` covers, by its path in the repository: what a regrade compares
 * to name the grader's files that changed between two runs (regrade.ts).
 */
export function hashSourceFiles(): Record<string, string> {
  if (sourceFileHashes !== undefined) return sourceFileHashes;
  const hashes: Record<string, string> = {};
  for (const folder of SOURCE_FOLDERS) {
    for (const path of [...sourceFiles(join(REPO_ROOT, folder))].sort()) {
      hashes[path.slice(REPO_ROOT.length + 1)] = createHash('sha256')
        .update(readFileSync(path))
        .digest('hex')
        .slice(0, 16);
    }
  }
  sourceFileHashes = hashes;
  return hashes;
}

/** Each module keeps its own `import.meta.url`, so paths it resolves still point at its source folder. */
const keepImportMetaUrl: Plugin = {
  name: 'keep-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Bundles `entry` (a file, or source text resolved from REPO_ROOT) into a cached ES module and returns
 * its path. Bundles are written whole under a temporary name, then renamed into place.
 */
const building = new Map<string, Promise<string>>();

/**
 * Where this tree lies, as a short key: a bundle names its sources by absolute URL (import.meta.url),
 * so a tree moved after its bundles were built (a Gradescope autograder under PITBOSS_AUTOGRADER_ROOT)
 * builds its own instead of reading files at the old place.
 */
const treeKey = () => createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 8);

/** The folder of this tree's builds from these sources: what is kept there is rebuilt when either moves. */
export const buildsFolder = (): string => join(CACHE_ROOT, `${hashSources()}-${treeKey()}`);

/** One build per bundle per process, however many submissions ask for it at once. */
export function bundleCached(
  name: string,
  entry: { file: string } | { source: string },
  options: { requireShim?: boolean; script?: boolean; commonjs?: boolean } = {},
): Promise<string> {
  let built = building.get(name);
  if (built === undefined) {
    built = buildCached(
      name,
      entry,
      options.requireShim ?? true,
      options.script ?? false,
      options.commonjs ?? false,
    );
    building.set(name, built);
  }
  return built;
}

async function buildCached(
  name: string,
  entry: { file: string } | { source: string },
  requireShim: boolean,
  /** A plain script for a bare V8 isolate (3-sandbox/isolate): no module syntax, no Node built-ins. */
  script: boolean,
  /** A CommonJS script for Node (what `node --build-snapshot` runs: no module syntax). */
  commonjs: boolean,
): Promise<string> {
  const outfile = join(buildsFolder(), `${name}.${script ? 'js' : commonjs ? 'cjs' : 'mjs'}`);
  if (existsSync(outfile) && statSync(outfile).size > 0) return outfile;
  mkdirSync(dirname(outfile), { recursive: true });
  const temporary = `${outfile}.${process.pid}.tmp`;
  await build({
    ...('file' in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.source, resolveDir: REPO_ROOT, loader: 'ts', sourcefile: `${name}.ts` } }),
    outfile: temporary,
    bundle: true,
    ...(script
      ? {
          platform: 'browser',
          format: 'iife',
          target: 'es2022',
          define: { 'process.env.NODE_DEBUG': 'false' },
        }
      : { platform: 'node', format: commonjs ? 'cjs' : 'esm', target: 'node20' }),
    logLevel: 'silent',
    plugins: [keepImportMetaUrl],
    // Bundled CommonJS dependencies may call require(); a bundle loaded from a data: URL has no file
    // to require from, and needs none.
    ...(requireShim && !script && !commonjs
      ? {
          banner: {
            js: "import { createRequire as __pitbossRequire } from 'node:module'; const require = __pitbossRequire(import.meta.url);",
          },
        }
      : {}),
  });
  renameSync(temporary, outfile);
  return outfile;
}
