// The TypeScript diagnostics of a submission's files: what `tsc` would reject with the starter
// folder's tsconfig.json (strict), told as
// feedback. Whether they cost points is the rubric's choice; by default they cost none.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TypeCheckResult } from '../0-results/problems.ts';
import type { Submission } from '../1-submission/submission.ts';
import { typeCheckBundle } from '../assignment/load.ts';
import type { Assignment } from '../kit/assignment.ts';
import { STARTER_COMPILER_OPTIONS } from '../kit/starter.ts';
import { CACHE_ROOT, hashSources } from '../plumbing/bundle.ts';
import { readKept, writeKept } from '../plumbing/kept.ts';
import type { TypeCheckAnswer, TypeCheckJob, TypeCheckSetup } from './children/type-check-protocol.ts';

/** The most problems told for one file: the first few are what a student fixes first. */
const PER_FILE = 10;
/** A type can be made to cost any amount of checking: past these the check stops, saying so. */
const TIME_LIMIT_MS = 30_000;
const HEAP_LIMIT_MB = 512;
/** Writing the warm checker's snapshot (parsing the libraries once): past this, checks go without. */
const SNAPSHOT_LIMIT_MS = 120_000;
/** Snapshots kept (one per Node binary and TypeScript): each is tens of MiB. */
const SNAPSHOTS_KEPT = 3;

const require = createRequire(import.meta.url);

/** The checker process, its answers in order of the jobs sent. */
interface Checker {
  child: ChildProcess;
  answers: ((line: string | undefined) => void)[];
  /** The end of its stderr, to tell why it ended. */
  stderr: string;
  /** The snapshot it started from, if any. */
  blob: string | undefined;
}

/**
 * One checker process for the grader, kept between submissions (its library declarations parsed
 * once), checking one submission at a time: a check that hits a limit ends the process, and only that
 * check is told so; the next starts a new one.
 */
let checker: Promise<Checker> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Where the checker's tools are, or undefined where the grader was installed without them. */
export function findSetup(): TypeCheckSetup | undefined {
  try {
    const typescript = require.resolve('typescript');
    const nodeTypes = dirname(require.resolve('@types/node/package.json'));
    // TypeScript's package, and the folder holding @types/node and the packages it references
    // (undici-types), each as linked and as it really is.
    const folders = [
      dirname(dirname(typescript)),
      dirname(nodeTypes),
      dirname(dirname(realpathSync(nodeTypes))),
    ];
    return {
      compilerOptions: STARTER_COMPILER_OPTIONS,
      typescript,
      typeRoots: dirname(nodeTypes),
      readable: [...new Set(folders.flatMap((folder) => [folder, realpathSync(folder)]))],
    };
  } catch {
    return undefined;
  }
}

const SNAPSHOTS = join(CACHE_ROOT, 'type-check-snapshot');
let snapshot: Promise<string | undefined> | undefined;

/**
 * The warm checker's V8 startup snapshot (children/type-check.ts says why), written the first time it
 * is needed on this machine: under a hash of everything in it (the checker's script, the Node binary,
 * the setup, TypeScript's and Node's types' files as installed). Undefined where it cannot be written
 * (a Node without snapshots, a full disk): checks then parse the libraries as they start.
 */
export function snapshotOf(setup: TypeCheckSetup, script: string): Promise<string | undefined> {
  snapshot ??= (async () => {
    const stamp = (file: string) => {
      const { size, mtimeMs } = statSync(file);
      return [file, size, mtimeMs];
    };
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          readFileSync(script, 'utf8'),
          process.execPath,
          process.version,
          process.arch,
          HEAP_LIMIT_MB,
          setup,
          stamp(setup.typescript),
          stamp(join(setup.typeRoots, 'node', 'package.json')),
        ]),
      )
      .digest('hex')
      .slice(0, 32);
    const blob = join(SNAPSHOTS, `${key}.blob`);
    if (existsSync(blob)) return blob;
    // A snapshot that could not be written is not tried again on every check, only the next day.
    const failed = `${blob}.failed`;
    if (existsSync(failed) && Date.now() - statSync(failed).mtimeMs < 86_400_000) return undefined;
    mkdirSync(SNAPSHOTS, { recursive: true });
    const temporary = `${blob}.${process.pid}.tmp`;
    const built = await new Promise<boolean>((resolve) => {
      const builder = spawn(
        process.execPath,
        // V8's settings are part of a snapshot: the heap limit it will run with is set when it is written.
        [
          '--no-warnings',
          `--max-old-space-size=${HEAP_LIMIT_MB}`,
          '--snapshot-blob',
          temporary,
          '--build-snapshot',
          script,
        ],
        { env: checkerEnv(setup), stdio: 'ignore' },
      );
      const timer = setTimeout(() => builder.kill('SIGKILL'), SNAPSHOT_LIMIT_MS);
      builder.on('error', () => resolve(false));
      builder.on('exit', (code) => {
        clearTimeout(timer);
        resolve(code === 0 && existsSync(temporary));
      });
    });
    if (!built) {
      rmSync(temporary, { force: true });
      try {
        writeFileSync(failed, '');
      } catch {}
      return undefined;
    }
    renameSync(temporary, blob);
    // Only the newest few: a Node or TypeScript upgraded leaves its old snapshot behind.
    const blobs = readdirSync(SNAPSHOTS)
      .filter((name) => name.endsWith('.blob'))
      .map((name) => join(SNAPSHOTS, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const old of blobs.slice(SNAPSHOTS_KEPT)) rmSync(old, { force: true });
    return blob;
  })().catch(() => undefined);
  return snapshot;
}

/** How the checker starts: from its snapshot where there is one, else from its script. */
export const checkerArguments = (script: string, blob: string | undefined): string[] => [
  '--no-warnings',
  `--max-old-space-size=${HEAP_LIMIT_MB}`,
  ...(blob === undefined ? [script] : ['--snapshot-blob', blob]),
];

/** The checker's environment: its setup, and no NODE_OPTIONS (V8 flags there would not match its snapshot's). */
export function checkerEnv(setup: TypeCheckSetup): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  return { ...env, PITBOSS_TYPE_CHECK: JSON.stringify(setup) };
}

async function startChecker(setup: TypeCheckSetup): Promise<Checker> {
  const script = await typeCheckBundle();
  const blob = await snapshotOf(setup, script);
  const child = spawn(process.execPath, checkerArguments(script, blob), {
    env: checkerEnv(setup),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const started: Checker = { child, answers: [], stderr: '', blob };
  const ended = () => {
    for (const answer of started.answers.splice(0)) answer(undefined);
  };
  createInterface({ input: child.stdout!, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
    started.answers.shift()?.(line),
  );
  child.stderr!.on('data', (chunk: Buffer) => {
    started.stderr = (started.stderr + chunk.toString('utf8')).slice(-2000);
  });
  child.on('exit', ended);
  child.on('error', ended);
  idle(started);
  return started;
}

/** An idle checker does not keep the grader running. */
function idle(started: Checker): void {
  started.child.unref();
  for (const stream of [started.child.stdin, started.child.stdout, started.child.stderr])
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
}

function busy(started: Checker): void {
  started.child.ref();
  for (const stream of [started.child.stdin, started.child.stdout, started.child.stderr])
    (stream as unknown as { ref?: () => void } | null)?.ref?.();
}

function runOne(setup: TypeCheckSetup, job: TypeCheckJob): Promise<TypeCheckResult> {
  checker ??= startChecker(setup);
  const current = checker;
  const stop = (started: Checker) => {
    if (checker === current) checker = undefined;
    started.child.kill('SIGKILL');
  };
  return current.then(
    (started) =>
      new Promise<TypeCheckResult>((resolve) => {
        const timer = setTimeout(() => {
          stop(started);
          resolve({ skipped: `the type check took longer than ${TIME_LIMIT_MS / 1000} s` });
        }, TIME_LIMIT_MS);
        started.answers.push((line) => {
          clearTimeout(timer);
          if (line === undefined) {
            stop(started);
            // A snapshot this Node cannot load (written by another build of it) is written again next time.
            if (started.blob !== undefined && /startup snapshot/i.test(started.stderr)) {
              rmSync(started.blob, { force: true });
              snapshot = undefined;
            }
            resolve({
              skipped: /heap out of memory|Allocation failed/.test(started.stderr)
                ? `the type check needed more than ${HEAP_LIMIT_MB} MiB`
                : 'the type check ended without an answer',
            });
            return;
          }
          try {
            resolve(JSON.parse(line) as TypeCheckAnswer);
          } catch {
            stop(started);
            resolve({ skipped: 'the type check answered what is not an answer' });
          }
        });
        busy(started);
        started.child.stdin!.write(`${JSON.stringify(job)}\n`);
      }).finally(() => idle(started)),
    (error: unknown) => {
      if (checker === current) checker = undefined;
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return { skipped: `the type checker could not start: ${why}` };
    },
  );
}

/**
 * The student's modules and the provided files, checked together as the program is built. Undefined
 * where TypeScript is not installed beside the grader (the Gradescope image leaves it out): no check.
 */
export function checkTypes(
  assignment: Assignment,
  submission: Submission,
): Promise<TypeCheckResult | undefined> {
  const setup = findSetup();
  if (setup === undefined) return Promise.resolve(undefined);
  const files: Record<string, string> = {};
  for (const name of submission.modules.keys()) {
    const bytes = submission.snapshot.files.get(name);
    if (bytes !== undefined) files[name] = bytes.toString('utf8');
  }
  // The provided files are the course's, whatever the submission holds under their names.
  for (const file of assignment.providedFiles) files[file.name] = readFileSync(file.source, 'utf8');
  const provided = new Set(assignment.providedFiles.map((file) => file.name));
  const job: TypeCheckJob = {
    files,
    report: Object.keys(files)
      .filter((name) => !provided.has(name))
      .sort(),
    perFile: PER_FILE,
  };
  // The same files under the same checker have the same problems: a check of code that has not
  // changed since (a student who edited only a test, a regrade) reads them instead of checking again.
  const kept = join(CACHE_ROOT, 'type-check', `${checkKey(setup, job)}.json`);
  const known = readKept(kept, isAnswer);
  if (known !== undefined) return Promise.resolve(known);
  const result = queue.then(() => runOne(setup, job));
  queue = result.catch(() => undefined);
  return result.then((answer) => {
    // Only an answer: a check stopped at a limit is tried again next time.
    if (!('skipped' in answer)) writeKept(kept, answer);
    return answer;
  });
}

/** Everything an answer depends on: the checker (its code, TypeScript's and Node's types' versions), its settings, the job. */
function checkKey(setup: TypeCheckSetup, job: TypeCheckJob): string {
  const version = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
  return createHash('sha256')
    .update(
      JSON.stringify([
        // The checker's own code (3-sandbox/children/type-check.ts) among the grader's sources.
        hashSources(),
        version(join(dirname(dirname(setup.typescript)), 'package.json')),
        version(join(setup.typeRoots, 'node', 'package.json')),
        setup.compilerOptions,
        job.perFile,
        job.report,
        Object.entries(job.files).sort(([a], [b]) => (a < b ? -1 : 1)),
      ]),
    )
    .digest('hex');
}

/** A kept answer, read as the data from disk it is: undefined unless whole and of the right shape. */
const isAnswer = (value: unknown): value is TypeCheckAnswer =>
  Array.isArray((value as TypeCheckAnswer | null)?.problems) &&
  typeof (value as TypeCheckAnswer).omitted === 'number';
