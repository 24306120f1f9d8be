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
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeSize, SNAPSHOT_LIMITS } from '../1-submission/snapshot.ts';
import {
  compileShared,
  type ExecRequest,
  type ExecutorOptions,
  makeExecutor,
  type WireOutcome,
  type WireStep,
} from '../3-sandbox/door.ts';
import { type Assignment, providedModules } from '../kit/assignment.ts';
import {
  KEPT_MARKER,
  type KeptTranscript,
  type KeptUnit,
  keptFileName,
  NotKeepable,
  renderTranscriptTest,
  renderUnitTest,
} from '../kit/keep.ts';
import { type RecordedStep, type RecordedTest, recordTest, replayTest } from '../kit/recorded.ts';
import type { TestContext, UnitTest } from '../kit/unit-test.ts';
import { PitbossError } from '../plumbing/errors.ts';

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
  const describe = assignment.describeValue ?? (() => undefined);
  try {
    await replayTest(recorded, describe).run({ exec, seed: 0, numRuns: 1 });
  } catch (error) {
    const steps = carried(error);
    if (steps !== undefined) return { steps: await cutCase(recorded, steps, modules, exec, describe) };
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'TEST_FAILED' || code === 'LOAD_FAILED') return { why: (error as Error).message };
    // A limit or a malformed reply: the caller ends the student's process.
    throw error;
  }
  return { why: "its case passes when judged against the reference's answers alone" };
}

/** The slots the steps read (a call's target, an argument passed by reference, a recorder taken). */
function slotsUsed(steps: readonly RecordedStep[]): Set<number> {
  const used = new Set<number>();
  for (const { wire } of steps) {
    if (wire.op === 'call') used.add(wire.target);
    if (wire.op === 'same') for (const slot of [wire.a, wire.b]) used.add(slot);
    if (wire.op === 'take') used.add(wire.recorder);
    if ('args' in wire)
      for (const arg of wire.args) {
        if ('ref' in arg) used.add(arg.ref);
        // A view is data here; should one ever carry a reference, no bound step is left out.
        if ('view' in arg && JSON.stringify(arg.view).includes('"ref"'))
          for (const other of steps)
            if ('bind' in other.wire && other.wire.bind !== undefined) used.add(other.wire.bind);
      }
  }
  return used;
}

/** The most rounds cutting one kept case may take: each asks the student's process once. */
const CUT_ROUNDS = 24;

/** What the reference answers to `steps`, as each step's expectation, or undefined when it answers otherwise. */
async function expectationsOf(
  steps: readonly RecordedStep[],
  run: (request: ExecRequest) => Promise<WireOutcome[][]>,
): Promise<RecordedStep[] | undefined> {
  const [outcomes] = await run({ id: 0, scripts: [steps.map((step) => step.wire)] });
  const kept: RecordedStep[] = [];
  for (const [i, step] of steps.entries()) {
    const outcome = outcomes?.[i];
    // The same kind of answer as before (a value, a throw), or the case means something else now.
    if (outcome === undefined || 'l' in outcome) return undefined;
    if ('throws' in step.expect) {
      if (!('t' in outcome)) return undefined;
      kept.push({ ...step, expect: { throws: { provided: outcome.t.provided, name: outcome.t.name } } });
    } else if ('t' in outcome) return undefined;
    else kept.push({ ...step, expect: 'value' in step.expect ? { value: outcome.v } : { returns: true } });
  }
  return kept;
}

/**
 * The kept case cut down while the student's code still fails it: started as late as it still fails,
 * then calls of the failing call's own kind before it (a table-driven test's earlier `draw()`s, say)
 * left out. Each shorter case's answers are the reference's own for it, and it is kept only as the
 * student's code ran it, failing; a call whose result a later one uses is never left out.
 */
async function cutCase(
  recorded: RecordedTest,
  failing: RecordedStep[],
  modules: ExecutorOptions,
  exec: TestContext['exec'],
  describe: (value: unknown) => string | undefined,
): Promise<RecordedStep[]> {
  const run = makeExecutor(modules);
  const kindOf = (wire: WireStep) =>
    wire.op === 'call'
      ? `call ${wire.method}`
      : wire.op === 'fn'
        ? `fn ${wire.file} ${wire.export}`
        : undefined;
  /** Of the cases the reference answers alike, the smallest the student's code fails, through its failing call. */
  const smallestFailing = async (cases: RecordedStep[][]): Promise<RecordedStep[] | undefined> => {
    const candidates: RecordedStep[][] = [];
    for (const steps of cases) {
      const expected = await expectationsOf(steps, run);
      if (expected !== undefined) candidates.push(expected);
    }
    if (candidates.length === 0) return undefined;
    try {
      await replayTest({ ...recorded, scripts: candidates }, describe).run({ exec, seed: 0, numRuns: 1 });
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== 'TEST_FAILED' && code !== 'LOAD_FAILED') throw error;
      return carried(error);
    }
    return undefined;
  };
  let steps = failing;
  // First the latest start the failure shows from: a call of the kind the case began with (a
  // shuffle, say) and every call since as it was, so each call's words still tell what came before
  // it; the objects made before it are kept.
  const used = slotsUsed(steps);
  const made = (step: RecordedStep) =>
    'bind' in step.wire && step.wire.bind !== undefined && used.has(step.wire.bind);
  const opening = steps.find((step) => !made(step));
  const begins = (step: RecordedStep) =>
    opening !== undefined && !made(step) && kindOf(step.wire) === kindOf(opening.wire);
  const starts = steps.flatMap((step, at) => (at > 0 && at < steps.length - 1 && begins(step) ? [at] : []));
  const later =
    starts.length === 0
      ? undefined
      : await smallestFailing(
          starts.map((start) => [...steps.slice(0, start).filter(made), ...steps.slice(start)]),
        );
  if (later !== undefined && later.length < steps.length) steps = later;
  // Then calls of the failing call's own kind before it (a table's earlier draw()s), halves first.
  let chunk = Number.POSITIVE_INFINITY;
  for (let round = 0; round < CUT_ROUNDS; round++) {
    const last = kindOf(steps.at(-1)!.wire);
    const bound = slotsUsed(steps);
    const removable = steps
      .slice(0, -1)
      .flatMap((step, i) =>
        last !== undefined &&
        kindOf(step.wire) === last &&
        !('bind' in step.wire && step.wire.bind !== undefined && bound.has(step.wire.bind))
          ? [i]
          : [],
      );
    if (removable.length === 0) break;
    chunk = Math.min(chunk, Math.ceil(removable.length / 2));
    const cases: RecordedStep[][] = [];
    for (let from = 0; from < removable.length; from += chunk) {
      const out = new Set(removable.slice(from, from + chunk));
      cases.push(steps.filter((_, i) => !out.has(i)));
    }
    const shorter = await smallestFailing(cases);
    if (shorter !== undefined && shorter.length < steps.length) steps = shorter;
    else if (chunk === 1) break;
    else chunk = Math.ceil(chunk / 2);
  }
  return steps;
}

/**
 * Why the submission's tests folder cannot take kept tests (a file in its place, a folder that cannot
 * be written), before anything is graded; undefined when it can.
 */
export function keepingProblem(dir: string, assignment: Assignment): string | undefined {
  // Kept tests are TypeScript: in a submission of another language the next check would not run them.
  for (const edition of Object.values(assignment.languages ?? {}))
    if (edition.studentFiles.some((file) => existsSync(join(dir, file.name))))
      return `cannot keep tests: --keep writes TypeScript tests, and this is a ${edition.native?.title ?? 'C++'} submission; to see a failing test again, run the replay line its report prints`;
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

/**
 * Renders what a run kept; a case no literal can say is not kept, nor one whose file the next check
 * would not read (past a file's size limit), and `notKept` says why.
 */
function render(keeping: Keeping, testsFolder: string, suffix: string, submissionName: string): KeptFile[] {
  const files: KeptFile[] = [];
  const add = (testId: string, source: string) => {
    const bytes = Buffer.byteLength(source);
    if (bytes > SNAPSHOT_LIMITS.fileBytes)
      keeping.notKept.set(
        testId,
        `its test would be ${describeSize(bytes)}, over the ${describeSize(SNAPSHOT_LIMITS.fileBytes)} a check reads of one file`,
      );
    else files.push({ path: `${testsFolder}/${keptFileName(testId, suffix)}`, source });
  };
  for (const kept of keeping.units) {
    try {
      add(kept.testId, renderUnitTest(kept, testsFolder, submissionName));
    } catch (error) {
      if (!(error instanceof NotKeepable)) throw error;
      keeping.notKept.set(kept.testId, `its case holds ${error.message}`);
    }
  }
  for (const kept of keeping.transcripts)
    add(kept.testId, renderTranscriptTest(kept, testsFolder, submissionName));
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
  const files = render(keeping, folder, suffix, basename(resolve(dir)));
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
