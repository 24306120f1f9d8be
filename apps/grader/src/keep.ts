// `pitboss check --keep`: each failing visible test, kept as a test the student runs on their own.
// A unit test's counterexample is replayed against the reference in this process (the reference
// never leaves it: only its answers, as literals, reach the file); the first recorded case the
// student's code fails is written with kit/keep.ts. A transcript is kept as its words, its stdin and
// the expected output a visible case already shows. Files are written whole, never over a file the
// grader did not write.
import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PitbossError } from './errors.ts';
import { type Assignment, providedModules } from './kit/assignment.ts';
import {
  KEPT_MARKER,
  type KeptTranscript,
  type KeptUnit,
  keptFileName,
  NotKeepable,
  renderTranscriptTest,
  renderUnitTest,
} from './kit/keep.ts';
import { type RecordedStep, recordTest, replayTest } from './kit/recorded.ts';
import type { TestContext, UnitTest } from './kit/unit-test.ts';
import { compileShared } from './runner/stage.ts';

/** What a `check --keep` run collects as it grades: the cases to write, and what could not be kept. */
export interface Keeping {
  units: KeptUnit[];
  transcripts: KeptTranscript[];
  /** Test id -> why its failure is not written as a test. */
  notKept: Map<string, string>;
}

export const newKeeping = (): Keeping => ({ units: [], transcripts: [], notKept: new Map() });

const referenceBuilds = new Map<
  string,
  Promise<{ provided: string[]; importModule: (file: string) => Promise<Record<string, unknown>> }>
>();

/**
 * The reference, compiled, imported into this process: in a folder of its own, 0700 and unguessable,
 * since the work root is one a sandboxed student process can pass through.
 */
function referenceModules(assignment: Assignment, work: string) {
  const key = `${work}\0${assignment.name}`;
  let built = referenceBuilds.get(key);
  if (built === undefined) {
    built = (async () => {
      const shared = await compileShared(assignment, work);
      const dir = mkdtempSync(join(work, 'keep-'));
      for (const part of ['provided', 'reference'].filter((part) => existsSync(join(shared, part))))
        for (const name of readdirSync(join(shared, part)))
          copyFileSync(join(shared, part, name), join(dir, name));
      return {
        provided: providedModules(assignment),
        importModule: (file: string) =>
          import(pathToFileURL(join(dir, file.replace(/\.ts$/, '.mjs'))).href) as Promise<
            Record<string, unknown>
          >,
      };
    })();
    referenceBuilds.set(key, built);
  }
  return built;
}

/** The failing case a test's failure carries (the student tool's recorded tests do), if any. */
const carried = (failure: unknown): RecordedStep[] | undefined => {
  const kept = (failure as { kept?: unknown } | null)?.kept;
  return Array.isArray(kept) ? (kept as RecordedStep[]) : undefined;
};

/**
 * The smallest case of a failing unit test that the student's code fails when judged against the
 * reference's answers, or why there is none to keep. `exec` runs scripts against the student's code.
 */
export async function keptUnitCase(
  assignment: Assignment,
  unit: UnitTest,
  failure: { replay?: { seed: number; path: string } | undefined },
  context: { seed: number; numRuns: number; workRoot: string },
  exec: TestContext['exec'],
): Promise<{ steps: RecordedStep[] } | { why: string }> {
  const own = carried(failure);
  if (own !== undefined) return { steps: own };
  if (assignment.referenceDir === undefined)
    return { why: 'a live property: the grader holds no reference here, so no expected answers to write' };
  // A stand-in for a provided file (ProvidedFile.unitTestSource) answers differently from the real
  // file a student's own test imports: a case written from it would not say the same thing.
  const stood = assignment.providedFiles.filter((file) => file.unitTestSource !== undefined);
  if (stood.length > 0)
    return { why: `its calls use the grader's stand-in for ${stood.map((file) => file.name).join(', ')}` };
  const modules = await referenceModules(assignment, context.workRoot);
  let recorded: Awaited<ReturnType<typeof recordTest>>;
  try {
    recorded = await recordTest(
      unit,
      {
        seed: failure.replay?.seed ?? context.seed,
        numRuns: context.numRuns,
        replayPath: failure.replay?.path,
      },
      modules,
    );
  } catch (error) {
    return { why: `the reference's answers could not be recorded (${(error as Error).message})` };
  }
  try {
    await replayTest(recorded, assignment.describeValue ?? (() => undefined)).run({
      exec,
      seed: 0,
      numRuns: 1,
    });
  } catch (error) {
    const steps = carried(error);
    if (steps !== undefined) return { steps };
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'TEST_FAILED' || code === 'LOAD_FAILED') return { why: (error as Error).message };
    // A limit or a malformed reply: the caller ends the student's process.
    throw error;
  }
  return { why: "its case passes when judged against the reference's answers alone" };
}

/**
 * Why the submission's tests folder cannot take kept tests (a file in its place, a folder that cannot
 * be written), before anything is graded; undefined when it can.
 */
export function keepingProblem(dir: string, assignment: Assignment): string | undefined {
  const target = join(dir, assignment.studentTests.folder);
  if (existsSync(target) && !statSync(target).isDirectory())
    return `cannot keep tests: ${target} is a file, not a folder`;
  // The nearest folder that is there must take a new entry.
  let existing = target;
  while (!existsSync(existing)) existing = dirname(existing);
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    return `cannot keep tests: ${existing} cannot be written`;
  }
  return undefined;
}

/** One kept test as a file: where, and what. */
interface KeptFile {
  path: string;
  source: string;
}

/** Renders what a run kept; a case no literal can say is not kept, and `notKept` says why. */
function render(keeping: Keeping, testsFolder: string, suffix: string): KeptFile[] {
  const files: KeptFile[] = [];
  for (const kept of keeping.units) {
    try {
      files.push({
        path: `${testsFolder}/${keptFileName(kept.testId, suffix)}`,
        source: renderUnitTest(kept, testsFolder),
      });
    } catch (error) {
      if (!(error instanceof NotKeepable)) throw error;
      keeping.notKept.set(kept.testId, `its case holds ${error.message}`);
    }
  }
  for (const kept of keeping.transcripts)
    files.push({
      path: `${testsFolder}/${keptFileName(kept.testId, suffix)}`,
      source: renderTranscriptTest(kept, testsFolder),
    });
  return files;
}

/**
 * Writes the kept tests into the submission's tests folder, each whole (a temporary name, then a
 * rename). A file there the grader did not write is left alone and named. What was written is told
 * on `tell`, one path a line. A folder that cannot be written is one error, with nothing half-written.
 */
export function writeKept(
  dir: string,
  keeping: Keeping,
  assignment: Assignment,
  tell: (line: string) => void,
): void {
  const { folder, suffix } = assignment.studentTests;
  const files = render(keeping, folder, suffix);
  const target = join(dir, folder);
  const drafts: { draft: string; path: string; shown: string; replaced: boolean }[] = [];
  const skipped: string[] = [];
  try {
    if (existsSync(target) && !statSync(target).isDirectory())
      throw new PitbossError('KEEP_UNWRITABLE', `cannot keep tests: ${target} is a file, not a folder`);
    if (files.length > 0) mkdirSync(target, { recursive: true });
    for (const file of files) {
      const path = join(dir, file.path);
      const exists = existsSync(path);
      // Only a file with the marker is the grader's to replace: a student's own file never is, whatever its name.
      if (exists && !readFileSync(path, 'utf8').includes(KEPT_MARKER)) {
        skipped.push(file.path);
        continue;
      }
      const draft = `${path}.${process.pid}.keep.tmp`;
      writeFileSync(draft, file.source);
      drafts.push({ draft, path, shown: join(dir, file.path), replaced: exists });
    }
  } catch (error) {
    for (const { draft } of drafts) rmSync(draft, { force: true });
    if (error instanceof PitbossError) throw error;
    throw new PitbossError(
      'KEEP_UNWRITABLE',
      `cannot keep tests in ${target}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  // Every file drafted: only renames are left, which do not fail on a folder just written to.
  for (const { draft, path } of drafts) renameSync(draft, path);
  for (const { shown, replaced } of drafts)
    tell(`kept: ${shown}${replaced ? ' (replaced the one kept before)' : ''}`);
  for (const path of skipped)
    tell(`not kept: ${join(dir, path)} exists and is not a kept test: left as it was`);
  for (const [id, why] of keeping.notKept) tell(`not kept: ${id}: ${why}`);
  if (drafts.length === 0 && skipped.length === 0 && keeping.notKept.size === 0)
    tell('kept: nothing (no visible test failed)');
}
