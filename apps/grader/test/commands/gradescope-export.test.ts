// `pitboss export-gradescope`: the zip, unpacked as Gradescope unpacks it (into a simulated /autograder
// whose root PITBOSS_AUTOGRADER_ROOT moves), grades a correct and a wrong submission with this
// machine's node (setup.sh only installs Node, and is not run), writes a results.json Gradescope's
// schema accepts, grades exactly as `pitboss grade` does here, and tells a failed run as one.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { pitboss, REPO_ROOT, type Run, scratch } from '../support.ts';
import { readZip, type ZipEntry } from '../unzip.ts';

interface Test {
  name: string;
  score: number;
  max_score: number;
  status: string;
  visibility?: string;
}
interface Results {
  score?: number;
  output?: string;
  tests: Test[];
  extra_data?: { pitboss?: { infrastructure?: boolean; exitStatus?: number } };
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validResults = ajv.compile(
  JSON.parse(readFileSync(join(REPO_ROOT, 'apps/grader/schema/gradescope-results.schema.json'), 'utf8')),
);

const work = scratch();
const zipFile = join(work, 'autograder.zip');
const exported = pitboss(['export-gradescope', '--rules', 'classic', zipFile]);
const autograder = join(work, 'autograder');
const source = join(autograder, 'source');
const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');

/** Unpacked as an unzipper that keeps no modes and no links would: run_autograder must not need them. */
async function unpack(): Promise<ZipEntry[]> {
  const entries = await readZip(zipFile);
  for (const entry of entries) {
    mkdirSync(dirname(join(source, entry.path)), { recursive: true });
    writeFileSync(join(source, entry.path), entry.data);
  }
  return entries;
}
const unpacked = exported.status === 0 ? unpack() : Promise.resolve([]);

/** Gradescope's run: the submission in /autograder/submission, run_autograder run with bash. */
function runAutograder(
  submission: string | undefined,
): Run & { results: Results | undefined; text: string | undefined } {
  rmSync(join(autograder, 'submission'), { recursive: true, force: true });
  rmSync(join(autograder, 'results'), { recursive: true, force: true });
  if (submission !== undefined) cpSync(submission, join(autograder, 'submission'), { recursive: true });
  const run = spawnSync('bash', [join(source, 'run_autograder')], {
    cwd: autograder,
    encoding: 'utf8',
    env: { ...process.env, PITBOSS_AUTOGRADER_ROOT: autograder, NO_COLOR: '1' },
  });
  const file = join(autograder, 'results/results.json');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  return {
    status: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    text,
    results: text === undefined ? undefined : (JSON.parse(text) as Results),
  };
}

const aboutTests = (test: Test) => test.name.startsWith('your tests');

describe('pitboss export-gradescope --rules classic', () => {
  it('writes the zip whole, and says what is in it', () => {
    expect(exported.stderr).toBe('');
    expect(exported.status).toBe(0);
    expect(exported.stdout).toMatch(/the private part as instructor\/classic\//);
    expect(readdirSync(work)).toEqual(['autograder.zip']);
  });

  it('holds setup.sh and run_autograder at its root, the private part, and nothing run_autograder does not need', async () => {
    const entries = await unpacked;
    const paths = entries.map((entry) => entry.path);
    for (const script of ['setup.sh', 'run_autograder', 'prepare.sh']) {
      expect(paths).toContain(script);
      expect(entries.find((entry) => entry.path === script)!.mode & 0o111).not.toBe(0);
    }
    // The private part, whole.
    const secret = join(REPO_ROOT, 'instructor/classic');
    const secrets = readdirSync(secret, { recursive: true, encoding: 'utf8' }).filter((name) =>
      statSync(join(secret, name)).isFile(),
    );
    expect(secrets.length).toBeGreaterThan(0);
    for (const name of secrets) expect(paths).toContain(`instructor/classic/${name}`);
    expect(paths).toContain('apps/grader/dist/pitboss.mjs');
    expect(paths).toContain('graders/classic/solution/deck.ts');
    // The C++ edition's own: its reference, harness and correct submissions, and g++ on the image.
    expect(paths).toContain('graders/classic/solution-cpp/deck.cpp');
    expect(paths).toContain('graders/classic/harness-cpp/harness.cpp');
    expect(paths.some((path) => path.startsWith('fixtures/submissions/classic-cpp/correct-tested/'))).toBe(
      true,
    );
    for (const path of paths) {
      expect(path.split('/')[0], path).toMatch(
        /^(setup\.sh|run_autograder|prepare\.sh|tsconfig\.base\.json|apps|packages|graders|fixtures|instructor|node_modules)$/,
      );
      expect(path, path).not.toMatch(/(^|\/)\.git(\/|$)/);
      expect(path, path).not.toMatch(/^(graders|instructor|fixtures\/submissions)\/crusaders\//);
      // The correct implementations students' tests must pass on, in each language (never a wrong or hostile one).
      if (path.startsWith('fixtures/'))
        expect(path).toMatch(/^fixtures\/submissions\/classic(-cpp)?\/correct-/);
      expect(path, path).not.toMatch(
        /^(apps\/grader|packages\/[^/]+|graders\/classic)\/(test|bench|scripts)\//,
      );
      expect(path, path).not.toMatch(/^apps\/[^/]+\/node_modules\//);
    }
    // Only what the run-time bundles read from npm, and esbuild: no test tools, no CLI-only packages.
    const npm = new Set(
      paths
        .filter((path) => path.startsWith('node_modules/'))
        .map((path) =>
          path
            .split('/')
            .slice(1, path.split('/')[1]!.startsWith('@') ? 3 : 2)
            .join('/'),
        ),
    );
    expect(npm).toContain('esbuild');
    expect(npm).toContain('fast-check');
    for (const name of ['vitest', 'typescript', 'commander', 'ajv', 'playwright-core', '@pitboss/deck'])
      expect(npm).not.toContain(name);
  });

  it('writes scripts bash can read', async () => {
    await unpacked;
    for (const script of ['setup.sh', 'run_autograder', 'prepare.sh'])
      expect(spawnSync('bash', ['-n', join(source, script)]).status, script).toBe(0);
  });
});

describe('run_autograder in a simulated /autograder', () => {
  it('grades a correct submission: every test of its code passes, exactly as pitboss grade scores it here', async () => {
    await unpacked;
    const submission = join(FIXTURES, 'correct-tested');
    const run = runAutograder(submission);
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.status).toBe(0);
    const results = run.results!;
    expect(validResults(results), ajv.errorsText(validResults.errors)).toBe(true);
    const code = results.tests.filter((test) => !aboutTests(test));
    expect(code.length).toBeGreaterThan(50);
    expect(code.filter((test) => test.status !== 'passed' || test.score !== test.max_score)).toEqual([]);
    // The students' view of a full grade run, the private part's tests among them.
    expect(results.tests.some((test) => test.visibility === 'hidden')).toBe(true);
    const here = pitboss([
      'grade',
      submission,
      '--rules',
      'classic',
      '--view',
      'student',
      '--format',
      'gradescope',
      '--jobs',
      '2',
    ]);
    expect(here.status).toBeLessThanOrEqual(1);
    expect(run.text).toBe(here.stdout);
  });

  it('grades a wrong submission: it loses points on deck.ts, and hand.ts and player.ts keep theirs', async () => {
    await unpacked;
    const run = runAutograder(join(FIXTURES, 'wrong-shuffle-from-new-deck'));
    expect(run.status).toBe(0);
    const results = run.results!;
    expect(validResults(results), ajv.errorsText(validResults.errors)).toBe(true);
    const lost = (prefix: string) =>
      results.tests
        .filter((test) => test.name.startsWith(prefix))
        .reduce((sum, test) => sum + test.max_score - test.score, 0);
    expect(lost('deck.ts')).toBeGreaterThan(0);
    expect(lost('hand.ts')).toBe(0);
    expect(lost('player.ts')).toBe(0);
    const total = results.tests.reduce((sum, test) => sum + test.max_score, 0);
    expect(results.score).toBeLessThan(total);
    // The students' view: the private part's hidden transcript cases are graded, never named.
    expect(results.tests.some((test) => test.visibility !== 'visible' && test.status === 'failed')).toBe(
      true,
    );
    const hidden = readFileSync(join(REPO_ROOT, 'instructor/classic/transcripts.txt'), 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter((line) => line !== '');
    expect(hidden.length).toBeGreaterThan(0);
    const text = JSON.stringify(results);
    for (const words of hidden) expect(text).not.toContain(`blackjack ${words} (`);
  });

  it('grades the same after the tree is moved (no bundle built at the old place is read)', async () => {
    await unpacked;
    // The runs above built their bundles under this tree: move it, as PITBOSS_AUTOGRADER_ROOT allows.
    runAutograder(join(FIXTURES, 'wrong-shuffle-from-new-deck'));
    const moved = `${autograder}-moved`;
    renameSync(autograder, moved);
    try {
      const run = spawnSync('bash', [join(moved, 'source/run_autograder')], {
        cwd: moved,
        encoding: 'utf8',
        env: { ...process.env, PITBOSS_AUTOGRADER_ROOT: moved, NO_COLOR: '1' },
      });
      expect(run.stderr).not.toMatch(/infrastructure error|ENOENT/);
      expect(run.status).toBe(0);
      const results = JSON.parse(readFileSync(join(moved, 'results/results.json'), 'utf8')) as Results;
      expect(validResults(results), ajv.errorsText(validResults.errors)).toBe(true);
      expect(results.tests.length).toBeGreaterThan(50);
    } finally {
      renameSync(moved, autograder);
    }
  });

  it('a failed run (no submission folder, a broken tree) still writes a valid results.json that says so, with no score, and fails', async () => {
    await unpacked;
    const missing = runAutograder(undefined);
    expect(missing.status).toBe(2);
    const check = (results: Results | undefined, status: number) => {
      expect(validResults(results), ajv.errorsText(validResults.errors)).toBe(true);
      expect(results!.score).toBeUndefined();
      expect(results!.tests).toEqual([]);
      expect(results!.output).toMatch(/the autograder could not grade this submission.*not your score/i);
      expect(results!.extra_data?.pitboss).toEqual({ infrastructure: true, exitStatus: status });
    };
    check(missing.results, 2);
    rmSync(join(source, 'apps/grader/dist/pitboss.mjs'));
    const broken = runAutograder(join(FIXTURES, 'correct-tested'));
    expect(broken.status).toBe(3);
    check(broken.results, 3);
    expect(readdirSync(join(autograder, 'results'))).toEqual(['results.json']);
  });
});

describe('pitboss export-gradescope refuses bad input with status 2 and writes nothing', () => {
  const dir = scratch();
  it.each([
    ['an unknown assignment', ['--rules', 'poker', join(dir, 'a.zip')], /unknown assignment 'poker'/],
    ['a target that is no .zip', ['--rules', 'classic', join(dir, 'a.tar')], /takes a \.zip file/],
    ['a target in no folder', ['--rules', 'classic', join(dir, 'none/a.zip')], /no such folder/],
    ['a target that is a folder', ['--rules', 'classic', `${dir}/x.zip`], /is not a file/],
    ['no assignment named', [join(dir, 'a.zip')], /--assignment/],
    [
      'a missing private part',
      ['--rules', 'classic', '--private', join(dir, 'none'), join(dir, 'a.zip')],
      /no such folder/,
    ],
  ])('%s', (_, args, message) => {
    mkdirSync(join(dir, 'x.zip'), { recursive: true });
    const run = pitboss(['export-gradescope', ...args]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(['x.zip']);
    expect(readdirSync(join(dir, 'x.zip'))).toEqual([]);
  });
});
