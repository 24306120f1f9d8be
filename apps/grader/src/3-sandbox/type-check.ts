// The TypeScript diagnostics of a submission's files: what `tsc` would reject with the starter
// folder's tsconfig.json (strict), told as
// feedback. Whether they cost points is the rubric's choice; by default they cost none.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Submission } from '../1-submission/submission.ts';
import type { TypeCheckResult } from '../6-reports/model.ts';
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

const require = createRequire(import.meta.url);

/**
 * One checker thread for the process, kept between submissions (its library declarations parsed
 * once), checking one submission at a time: a check that hits a limit ends the thread, and only that
 * check is told so; the next starts a new thread.
 */
let checker: Promise<Worker> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Where the checker's tools are, or undefined where the grader was installed without them. */
function findSetup(): TypeCheckSetup | undefined {
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

async function startChecker(setup: TypeCheckSetup): Promise<Worker> {
  const worker = new Worker(await typeCheckBundle(), {
    workerData: setup,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
    stdout: true,
    stderr: true,
  });
  // An idle checker does not keep the grader running.
  worker.unref();
  return worker;
}

function runOne(setup: TypeCheckSetup, job: TypeCheckJob): Promise<TypeCheckResult> {
  checker ??= startChecker(setup);
  const started = checker;
  return started.then(
    (worker) =>
      new Promise<TypeCheckResult>((resolve) => {
        const finish = (result: TypeCheckResult, stop: boolean) => {
          clearTimeout(timer);
          worker.off('message', onAnswer);
          worker.off('error', onError);
          worker.off('exit', onExit);
          if (stop) {
            if (checker === started) checker = undefined;
            void worker.terminate();
          }
          resolve(result);
        };
        const onAnswer = (answer: TypeCheckAnswer) => finish(answer, false);
        const onError = (error: NodeJS.ErrnoException) =>
          finish(
            {
              skipped:
                error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                  ? `the type check needed more than ${HEAP_LIMIT_MB} MiB`
                  : `the type check failed: ${error.message}`,
            },
            true,
          );
        const onExit = () => finish({ skipped: 'the type check ended without an answer' }, true);
        const timer = setTimeout(
          () => finish({ skipped: `the type check took longer than ${TIME_LIMIT_MS / 1000} s` }, true),
          TIME_LIMIT_MS,
        );
        worker.on('message', onAnswer);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.ref();
        worker.postMessage(job);
      }).finally(() => worker.unref()),
    (error: unknown) => {
      if (checker === started) checker = undefined;
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
