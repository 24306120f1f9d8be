// `pitboss export-gradescope --assignment <name> <file.zip>`: the zip Gradescope's autograder takes. Its
// root is what Gradescope unpacks to /autograder/source: setup.sh (Node, once, when the image is
// built), run_autograder (each submission), prepare.sh (what both need), and the grader as it runs
// here: the CLI already bundled (apps/grader/dist/pitboss.mjs), the sources the grader bundles and
// stages at run time (the assignment, the executor, the students' tests child, the reference), the
// npm packages those bundles read (found by esbuild itself, so the list cannot drift), esbuild with
// its binary, the rule set's correct-* fixtures (the wheats students' tests must pass on) and the
// instructor's private part. The zip never reaches students, so the private part goes in.
//
// Why sources and not prebuilt bundles: a grader bundle keeps each module's own path (bundle.ts), so
// it only works where it was built; it is built on the image, by setup.sh's first grading.

import {
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { ZipFile } from 'yazl';
import { planTests } from '../2-plan/plan.ts';
import { ISOLATE_PROGRAMS } from '../3-sandbox/door.ts';
import { assignmentNames, CHILD_PROGRAMS, GRADERS_ROOT, loadAssignment } from '../assignment/load.ts';
import { privateFolder, privateTranscriptCases } from '../assignment/private-part.ts';
import { readCatalogue } from '../mutants/catalogue.ts';
import { EXIT_OK, PitbossError } from '../plumbing/errors.ts';
import { REPO_ROOT } from '../plumbing/paths.ts';
import type { Io } from './io.ts';

/** Moves /autograder, for a test that lays the tree out somewhere else. */
export const AUTOGRADER_ROOT_VARIABLE = 'PITBOSS_AUTOGRADER_ROOT';

/** Student processes at once on Gradescope (its containers have a fraction of a CPU and 768 MB by default). */
const GRADESCOPE_JOBS = 2;

const CLI_BUNDLE = 'apps/grader/dist/pitboss.mjs';
/** The grader's own run-time bundles (assignments.ts builds them from these). */
const RUNTIME_ENTRIES = [...Object.values(CHILD_PROGRAMS), ISOLATE_PROGRAMS.host];
/** The roots of the workspace's packages (pnpm-workspace.yaml). */
const WORKSPACE_ROOTS = ['packages', 'apps', 'graders'];

type Entry = { from: string; executable: boolean } | { text: string; executable: boolean };

export interface GradescopeExport {
  files: number;
  /** The private part's folder inside the zip, or undefined when the rule set has none. */
  privatePart: string | undefined;
}

/** Relative paths of the regular files under `root`, sorted; no dot entries, no node_modules. */
function* filesUnder(root: string, dir = ''): Generator<string> {
  const entries = readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(root, path);
    else if (entry.isFile()) yield path;
  }
}

const isExecutable = (path: string) => (statSync(path).mode & 0o111) !== 0;
const toPosix = (path: string) => path.split(sep).join('/');
const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** The workspace's packages: name -> folder relative to the repository. */
function workspacePackages(): Map<string, string> {
  const packages = new Map<string, string>();
  for (const root of WORKSPACE_ROOTS) {
    const dir = join(REPO_ROOT, root);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const manifest = join(dir, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (typeof name === 'string') packages.set(name, `${root}/${entry.name}`);
    }
  }
  return packages;
}

/**
 * Every file esbuild reads to build what the grader builds at run time, relative to the repository:
 * the assignment's bundle, the executor, the students' tests child, and the reference's files (which
 * staging compiles with their sibling imports left out, as here).
 */
async function runtimeInputs(referenceDir: string, rules: string): Promise<string[]> {
  const siblingsExternal: Plugin = {
    name: 'reference-siblings',
    setup(builder) {
      builder.onResolve({ filter: /^\./ }, (args) =>
        dirname(args.importer) === referenceDir ? { path: args.path, external: true } : undefined,
      );
    },
  };
  const references = readdirSync(referenceDir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(referenceDir, name));
  const result = await build({
    entryPoints: [
      join(GRADERS_ROOT, rules, 'index.ts'),
      ...RUNTIME_ENTRIES.map((entry) => join(REPO_ROOT, entry)),
      ...references,
    ],
    absWorkingDir: REPO_ROOT,
    outdir: join(REPO_ROOT, 'node_modules/.cache/pitboss/export-gradescope'),
    write: false,
    metafile: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    plugins: [siblingsExternal],
  });
  // The scripts made inside isolates are bundled for no platform's built-ins: util, buffer, assert and
  // events are the npm packages there.
  const scripts = await build({
    entryPoints: ISOLATE_PROGRAMS.scripts.map((entry) => join(REPO_ROOT, entry)),
    absWorkingDir: REPO_ROOT,
    outdir: join(REPO_ROOT, 'node_modules/.cache/pitboss/export-gradescope-isolate'),
    write: false,
    metafile: true,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  });
  return [...Object.keys(result.metafile.inputs), ...Object.keys(scripts.metafile.inputs)].map(toPosix);
}

/** The npm package folder an input lies in (`node_modules/.pnpm/x@1/node_modules/x/lib/a.js` -> x's folder). */
function npmPackage(input: string): { name: string; dir: string } | undefined {
  const at = input.lastIndexOf('node_modules/');
  if (at === -1) return undefined;
  const parts = input.slice(at + 'node_modules/'.length).split('/');
  const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return { name, dir: `${input.slice(0, at)}node_modules/${name}` };
}

/** esbuild (the CLI bundle leaves it out: it finds its binary relative to its package) and its platform packages. */
function esbuildPackages(): { version: string; dirs: Map<string, string> } {
  const require = createRequire(join(REPO_ROOT, 'apps/grader/package.json'));
  const dir = dirname(realpathSync(require.resolve('esbuild/package.json')));
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  const dirs = new Map([['esbuild', dir]]);
  const scope = join(dirname(dir), '@esbuild');
  if (existsSync(scope))
    for (const name of readdirSync(scope)) dirs.set(`@esbuild/${name}`, realpathSync(join(scope, name)));
  if (dirs.size === 1)
    throw new PitbossError(
      'INFRASTRUCTURE',
      `esbuild ${version} has no platform package beside it in ${scope}`,
    );
  return { version, dirs };
}

/** The three scripts at the zip's root. */
function scripts(rules: string, links: Map<string, string>, esbuildVersion: string, solution: string) {
  const header = `# Written by \`pitboss export-gradescope --assignment ${rules}\`. ${AUTOGRADER_ROOT_VARIABLE} moves /autograder (tests lay the tree out elsewhere).`;
  const pitboss = '"$SOURCE/apps/grader/dist/pitboss.mjs"';
  const prepare = `#!/usr/bin/env bash
# Makes the unpacked autograder runnable: setup.sh runs it once, run_autograder before every grading.
${header}
set -euo pipefail
SOURCE="$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)"
# The workspace's packages by name, linked as pnpm links them (a zip holds no links, or its unzipper
# may drop them): the reference's imports must reach the very files its provided ones are read from.
link() {
  local path="$SOURCE/node_modules/$1"
  if [ "$(readlink "$path" 2>/dev/null)" != "$2" ]; then
    mkdir -p "$(dirname "$path")"
    rm -rf "$path"
    ln -s "$2" "$path"
  fi
}
${[...links].map(([name, target]) => `link ${shellQuote(name)} ${shellQuote(target)}`).join('\n')}
# An unzipper may drop the modes: esbuild's binary must be executable.
chmod +x "$SOURCE"/node_modules/@esbuild/*/bin/esbuild 2>/dev/null || true
`;
  const setup = `#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu; the network is
# on). The grader comes built: it needs Node 20 or later and nothing from npm but esbuild's binary.
${header}
set -euo pipefail
ROOT="\${${AUTOGRADER_ROOT_VARIABLE}:-/autograder}"
SOURCE="$ROOT/source"
export DEBIAN_FRONTEND=noninteractive
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# Node: Ubuntu's own nodejs and npm when the release ships 20 or later; else (22.04 ships 12, 24.04
# ships 18) Node 20 from NodeSource's official repository (its nodejs package includes npm).
if [ "$(node_major)" -lt 20 ]; then
  apt-get update
  candidate="$(apt-cache policy nodejs | awk '/Candidate:/ { print $2 }')"
  candidate="\${candidate#*:}"
  if [ "\${candidate%%.*}" -ge 20 ] 2>/dev/null; then
    apt-get install -y nodejs npm
  else
    apt-get install -y ca-certificates curl gnupg
    curl -fsSL https://deb.nodesource.com/setup_20.x | bash -
    apt-get install -y nodejs
  fi
fi
# The grading sandbox: bubblewrap, and prlimit and setpriv from util-linux. Without them pitboss
# grades all the same, enforcing less, and says so on the instructor's stdout.
command -v bwrap >/dev/null || apt-get install -y bubblewrap || true
command -v setpriv >/dev/null || apt-get install -y util-linux || true
# C++ submissions (an assignment with a C++ edition) are built with g++; without it they are an
# infrastructure error that says so, and TypeScript ones grade as before.
command -v g++ >/dev/null || apt-get install -y g++ || true
# A whole C++ program (Straights, table) is built by its own Makefile: make.
command -v make >/dev/null || apt-get install -y make || true

bash "$SOURCE/prepare.sh"
# The isolates every JavaScript run of a submission gets (isolated-vm, a native module): built here for
# this image's Node, as pnpm install builds it on an instructor's machine (the version for each Node as
# in the grader's package.json). Where it cannot build, pitboss says so and runs each run in a process.
case "$(node_major)" in
  20|21) isolated_vm=5.0.4 ;;
  22|23) isolated_vm=6.2.0 ;;
  *) isolated_vm=7.0.1 ;;
esac
command -v make >/dev/null || apt-get install -y make python3 || true
built="$(mktemp -d)"
if (cd "$built" && npm install --silent --no-save --no-package-lock "isolated-vm@$isolated_vm" > /dev/null); then
  rm -rf "$SOURCE/node_modules/isolated-vm"
  mv "$built/node_modules/isolated-vm" "$SOURCE/node_modules/isolated-vm"
  # 6.x and 7.x (Node 22 and 24) load their prebuilt binary through node-gyp-build, installed beside them.
  if [ -d "$built/node_modules/node-gyp-build" ]; then
    rm -rf "$SOURCE/node_modules/node-gyp-build"
    mv "$built/node_modules/node-gyp-build" "$SOURCE/node_modules/node-gyp-build"
  fi
else
  echo "pitboss: isolated-vm $isolated_vm did not build on this image: each run will be a process of its own" >&2
fi
rm -rf "$built"
# esbuild's binary is the exporting machine's: when it does not run here, fetch this platform's.
if ! (cd "$SOURCE" && node -e "require('esbuild').transformSync('')") 2>/dev/null; then
  platform="@esbuild/$(node -p 'process.platform + "-" + process.arch')"
  fetched="$(mktemp -d)"
  (cd "$fetched" && npm pack --silent "$platform@${esbuildVersion}" > /dev/null)
  rm -rf "$SOURCE/node_modules/$platform"
  mkdir -p "$SOURCE/node_modules/$platform"
  tar -xzf "$fetched"/*.tgz -C "$SOURCE/node_modules/$platform" --strip-components=1
  rm -rf "$fetched"
  (cd "$SOURCE" && node -e "require('esbuild').transformSync('')")
fi
# The reference graded once, here: builds the grader's bundles into the image and proves it grades
# (0 or 1: graded; anything else fails the build, which Gradescope shows the instructor).
status=0
node ${pitboss} grade "$SOURCE/${solution}" --assignment ${shellQuote(rules)} --format json --jobs ${GRADESCOPE_JOBS} > /dev/null || status=$?
if [ "$status" -gt 1 ]; then
  echo "pitboss could not grade the reference on this image (exit status $status)" >&2
  exit 1
fi
`;
  const failedOutput =
    'The autograder could not grade this submission: the grading machinery failed (pitboss exit status %s). This is not your score: nothing was graded. Please tell your instructor, who can see the details and run the autograder again.';
  const run = `#!/usr/bin/env bash
# Gradescope runs this for every submission (as root): it grades /autograder/submission by the rule
# set ${rules}, the private part included, into /autograder/results/results.json, in the students' view
# (hidden tests are told as Gradescope tells them, per the rubric's visibility).
${header}
set -uo pipefail
ROOT="\${${AUTOGRADER_ROOT_VARIABLE}:-/autograder}"
SOURCE="$ROOT/source"
RESULTS="$ROOT/results"
mkdir -p "$RESULTS"
draft="$RESULTS/.results.json.$$"

# The grading machinery failed. Gradescope's results.json has no field for a failed run (a missing
# or invalid one only reads "The autograder failed to execute correctly"), so it gets no score and no
# test, an output saying what happened, extra_data a program can read, and this script fails.
failed() {
  rm -f "$draft"
  printf '{"tests":[],"output":"${failedOutput}","output_format":"text","visibility":"visible","stdout_visibility":"hidden","extra_data":{"pitboss":{"infrastructure":true,"exitStatus":%s}}}\\n' "$1" "$1" > "$draft" \\
    && mv -f "$draft" "$RESULTS/results.json"
  echo "pitboss: the autograder failed (exit status $1); results.json says so, with no score" >&2
  exit "$1"
}

command -v node >/dev/null || failed 127
bash "$SOURCE/prepare.sh" || failed 3
# The student's earlier submissions and their times, for the rubric's submission policy (tokens).
metadata=()
[ ! -f "$ROOT/submission_metadata.json" ] || metadata=(--submission-metadata "$ROOT/submission_metadata.json")
status=0
node ${pitboss} grade "$ROOT/submission" --assignment ${shellQuote(rules)} --view student --format gradescope \\
  \${metadata[@]+"\${metadata[@]}"} --jobs "\${PITBOSS_JOBS:-${GRADESCOPE_JOBS}}" > "$draft" || status=$?
# 0: full marks, 1: points lost; both are grades. Anything else (2 usage, 3 infrastructure) is not.
[ "$status" -le 1 ] || failed "$status"
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); if (!Array.isArray(r.tests)) process.exit(1)' "$draft" \\
  || failed 3
mv -f "$draft" "$RESULTS/results.json"
`;
  return { prepare, setup, run };
}

/** Writes the zip whole: under a temporary name beside it, renamed when complete. */
async function writeZip(target: string, entries: Map<string, Entry>): Promise<void> {
  const zip = new ZipFile();
  // A fixed date: the same project gives the same entries on every export.
  const mtime = new Date('2026-01-01T00:00:00Z');
  for (const path of [...entries.keys()].sort()) {
    const entry = entries.get(path)!;
    const options = { mtime, mode: entry.executable ? 0o100755 : 0o100644 };
    if ('from' in entry) zip.addFile(entry.from, path, options);
    else zip.addBuffer(Buffer.from(entry.text), path, options);
  }
  zip.end();
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    await new Promise<void>((done, fail) => {
      const out = createWriteStream(temporary);
      out.on('error', fail).on('close', done);
      zip.outputStream.on('error', fail).pipe(out);
    });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

export async function exportGradescope(
  rules: string,
  file: string,
  options: { privateDir?: string | undefined } = {},
): Promise<GradescopeExport> {
  // Bad input is refused before anything is read or written.
  const names = assignmentNames();
  if (!names.includes(rules))
    throw new PitbossError(
      'UNKNOWN_ASSIGNMENT',
      `unknown assignment '${rules}' (expected ${names.join(', ')})`,
    );
  const target = resolve(file);
  if (!/\.zip$/i.test(target))
    throw new PitbossError(
      'BAD_EXPORT_TARGET',
      `${file}: Gradescope takes a .zip file; name it <something>.zip`,
    );
  if (!existsSync(dirname(target)) || !statSync(dirname(target)).isDirectory())
    throw new PitbossError('BAD_EXPORT_TARGET', `${file}: no such folder: ${dirname(file)}`);
  if (existsSync(target) && !statSync(target).isFile())
    throw new PitbossError('BAD_EXPORT_TARGET', `${file} exists and is not a file`);
  const secret = privateFolder(options.privateDir, rules);
  const cli = join(REPO_ROOT, CLI_BUNDLE);
  if (!existsSync(cli))
    throw new PitbossError('INFRASTRUCTURE', `${CLI_BUNDLE} is not built: run \`pnpm build\` first`);

  const assignment = await loadAssignment(rules);
  // A rubric whose hint quotes the private part would stop every grade there: refused here, first.
  planTests(assignment, readCatalogue(assignment, secret), privateTranscriptCases(secret));
  const { referenceDir, solutionDir } = assignment;
  if (referenceDir === undefined || solutionDir === undefined)
    throw new PitbossError(
      'BAD_ASSIGNMENT',
      `this ${rules} has no reference (a student tool?): export the autograder where the grader and its reference are`,
    );
  const inputs = await runtimeInputs(referenceDir, rules);
  const entries = new Map<string, Entry>();
  const add = (zipPath: string, from: string) =>
    entries.set(zipPath, { from, executable: isExecutable(from) });

  // The workspace's packages the run-time bundles read, by folder; the rule set's and the grader's always.
  const workspace = workspacePackages();
  const folders = new Set([`graders/${rules}`, 'apps/grader']);
  for (const input of inputs) {
    const [root, name] = input.split('/');
    if (WORKSPACE_ROOTS.includes(root!) && name !== undefined && !input.includes('node_modules/'))
      folders.add(`${root}/${name}`);
  }
  for (const folder of [...folders].sort()) {
    const absolute = join(REPO_ROOT, folder);
    if (folder.startsWith('graders/')) {
      // A rule set's folder is data too (the solution, mutants, rubric, provided files): all but its own tests.
      for (const path of filesUnder(absolute))
        if (!path.startsWith('test/') && path !== 'vitest.config.ts')
          add(`${folder}/${path}`, join(absolute, path));
      continue;
    }
    for (const path of ['package.json', 'tsconfig.json'])
      if (existsSync(join(absolute, path))) add(`${folder}/${path}`, join(absolute, path));
    if (existsSync(join(absolute, 'src')))
      for (const path of filesUnder(join(absolute, 'src')))
        add(`${folder}/src/${path}`, join(absolute, 'src', path));
  }
  add(CLI_BUNDLE, cli);
  if (existsSync(join(REPO_ROOT, 'tsconfig.base.json')))
    add('tsconfig.base.json', join(REPO_ROOT, 'tsconfig.base.json'));
  // The correct implementations a student's test must pass on (4-phases/student-tests/wheats.ts), in every
  // language the assignment is taught in (classic-cpp/ for its C++ edition).
  for (const folder of [
    rules,
    ...Object.keys(assignment.languages ?? {}).map((language) => `${rules}-${language}`),
  ]) {
    const fixtures = join(REPO_ROOT, 'fixtures/submissions', folder);
    if (existsSync(fixtures))
      for (const path of filesUnder(fixtures))
        if (path.startsWith('correct-')) add(`fixtures/submissions/${folder}/${path}`, join(fixtures, path));
  }
  const privatePart = secret === undefined ? undefined : `instructor/${rules}`;
  if (secret !== undefined)
    for (const path of filesUnder(secret)) add(`${privatePart}/${path}`, join(secret, path));

  // npm packages, whole, where Node and esbuild look last: node_modules at the root.
  const npm = new Map<string, string>();
  for (const input of inputs) {
    const found = npmPackage(input);
    if (found === undefined) continue;
    const seen = npm.get(found.name);
    if (seen !== undefined && seen !== found.dir)
      throw new PitbossError(
        'INFRASTRUCTURE',
        `two versions of ${found.name} (${seen}, ${found.dir}): one node_modules cannot hold both`,
      );
    npm.set(found.name, found.dir);
  }
  const esbuild = esbuildPackages();
  for (const [name, dir] of [...npm]
    .map(([name, dir]) => [name, join(REPO_ROOT, dir)] as const)
    .concat([...esbuild.dirs])) {
    // esbuild's bin/ is its command line (a second copy of the binary); the grader uses its API.
    for (const path of filesUnder(dir))
      if (!(name === 'esbuild' && path.startsWith('bin/')))
        add(`node_modules/${name}/${path}`, join(dir, path));
  }

  // Every path the rule set reads at run time must be in the zip.
  const shipped = (absolute: string) => {
    const path = toPosix(relative(REPO_ROOT, absolute));
    return entries.has(path) || [...entries.keys()].some((key) => key.startsWith(`${path}/`));
  };
  const needed = [
    ...assignment.providedFiles.map((provided) => provided.source),
    referenceDir,
    solutionDir,
    assignment.mutantsFile,
    assignment.rubricFile,
  ];
  for (const path of needed)
    if (!shipped(path)) throw new PitbossError('INFRASTRUCTURE', `the autograder would lack ${path}`);

  const links = new Map<string, string>();
  for (const [name, folder] of [...workspace].sort())
    if (folders.has(folder)) links.set(name, toPosix(relative(dirname(join('node_modules', name)), folder)));
  const solution = toPosix(relative(REPO_ROOT, solutionDir));
  const { prepare, setup, run } = scripts(rules, links, esbuild.version, solution);
  entries.set('prepare.sh', { text: prepare, executable: true });
  entries.set('setup.sh', { text: setup, executable: true });
  entries.set('run_autograder', { text: run, executable: true });

  await writeZip(target, entries);
  return { files: entries.size, privatePart };
}

/** `pitboss export-gradescope --assignment <name> <file.zip>`. */
export async function exportGradescopeZip(
  file: string,
  flags: { assignment: string; private?: string | undefined },
  io: Io,
): Promise<number> {
  const written = await exportGradescope(flags.assignment, file, { privateDir: flags.private });
  io.stdout(
    `Wrote ${file}: ${written.files} files, ${written.privatePart === undefined ? 'no private part' : `the private part as ${written.privatePart}/`}. Upload it as a Gradescope programming assignment's autograder.\n`,
  );
  return EXIT_OK;
}
