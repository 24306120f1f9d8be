// Students' tests x variants (Examplar's wheats and chaffs). Every variant (the student's own code,
// the reference, each other correct implementation "wheat", each mutant) runs in a fresh sandboxed
// process of its own, over a folder holding only that variant and the test files it runs, always
// under the same names; the process runs the files one after another and answers once per file:
//   1. the student's own code (only where the names and messages a student sees come from), and the
//      reference: a file none of whose tests passes on the reference does not count;
//   2. every wheat: a test counts only if it passes on each, and a file that registers different
//      tests from one run to the next is flaky and earns nothing;
//   3. the mutants, each over every usable file (a valid test that fails on it exposes it; so does a
//      file that breaks on it, a timeout included, and the report says so).
// Every outcome that earns something is seen twice: the reference runs the list twice (a test counts
// only if it passes in both), and a mutant that a run exposes runs again (an exposure counts only if
// the second run repeats it). A test whose outcome on the same code changes from one run to the next
// is flaky and earns nothing anywhere: a test cannot win mutants by failing at random.
// Tests are identified by file and place in the file (registration order, describe nesting), never by
// name. Nothing a run on the reference, a wheat or a mutant says in words reaches the report.
//
// One process runs several files, so what a file leaves in its realm (globalThis, process.env, a
// patched built-in) reaches the files after it. That is harmless only if every variant runs the same
// list in the same order and the tests are judged on runs of exactly that list: a test that counts
// on a state an earlier file leaves behaves alike on the reference, the wheats and the mutants. So the
// list is settled in rounds: the reference (then the wheats) run the list; a file that breaks a run
// (a limit, or the process ending) or has no test that counts is dropped, and the rest run again
// without it, until the reference and every wheat run the whole list and every file in it counts. The
// mutants then run that list. A file dropped from the list never runs on a mutant, so nothing it does
// there (a hang, a state) can expose one. After MAX_ROUNDS rounds the list is settled with one process
// per file instead (nothing carried at all, so one bad file cannot hold up the others).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LimitFunction } from 'p-limit';
import type { Kill } from '../../0-results/mutant.ts';
import {
  type CaseResult,
  type FileOutcome,
  type IsolateSandbox,
  killGroup,
  type LimitHit,
  type Manifest,
  type Modules,
  runVariant,
  type TestRunReply,
} from '../../3-sandbox/door.ts';
import type { Limits } from '../../kit/assignment.ts';

export interface StudentCase {
  file: string;
  /** Where the runner registered it in its file (`2.0`); absent for a whole file that does not count. */
  position?: string | undefined;
  name: string;
  valid: boolean;
  /** Why it does not count. */
  reason?: string | undefined;
}

export interface MutantVerdict {
  /** Every valid test that failed on the mutant, and every file that broke on it, in file order. */
  killedBy: Kill[];
}

/** A kill's identity, to tell whether a second run repeats it. */
const killKey = (kill: Kill): string =>
  'broke' in kill ? `${kill.file}\0${kill.broke}` : `${kill.file}\0#${kill.position}`;

export interface Matrix {
  cases: StudentCase[];
  verdicts: Map<string, MutantVerdict>;
}

export interface MatrixOptions {
  harness: string;
  limits: Limits;
  limiter: LimitFunction;
  /** Wall time for one test file on one variant (a run of several files gets the sum, capped). */
  runTimeoutMs: number;
  /** Where each run's folder is made (readable by the sandbox's uid). */
  workDir: string;
  /** The student's own modules; undefined when their code cannot run (missing or not compiling). */
  own?: Modules | undefined;
  /** Other correct implementations: a test counts only if it passes on every one. */
  wheats?: readonly Modules[] | undefined;
  /** The submission's isolate host: each variant's run a fresh isolate there, not a process. */
  sandbox?: IsolateSandbox | undefined;
}

const fingerprints = new WeakMap<Modules, string>();
/** An unambiguous digest of a set of modules (names and sources, each length-prefixed). */
function fingerprint(modules: Modules): string {
  let digest = fingerprints.get(modules);
  if (digest === undefined) {
    const hash = createHash('sha256');
    for (const name of Object.keys(modules).sort()) {
      for (const part of [name, modules[name]!]) hash.update(`${Buffer.byteLength(part)}:`).update(part);
    }
    digest = hash.digest('hex');
    fingerprints.set(modules, digest);
  }
  return digest;
}

/** What a file registered, in order: each test's place and whether it is skipped. */
const structureOf = (cases: readonly CaseResult[]) =>
  cases.map((c) => `${c.position}${c.status === 'skipped' ? 's' : ''}`).join(' ');

/** How the files of a list run: all in one process, or one process each (nothing carried). */
type Mode = 'together' | 'apart';

/** Rounds of settling the list in one process before settling it one process per file. */
const MAX_ROUNDS = 4;

/**
 * Runs lists of files on variants through the limiter; the same modules, list and attempt run once.
 * `attempt` tells apart the runs made to see whether an outcome repeats.
 */
function makeRunner(manifest: Manifest, options: MatrixOptions) {
  const memo = new Map<string, Promise<FileOutcome[]>>();
  const once = (modules: Modules, files: readonly string[], attempt: number) => {
    // Length-prefixed names: no two lists share a key.
    const key = `${attempt}:${fingerprint(modules)}:${files.map((file) => `${file.length}:${file}`).join('')}`;
    let outcomes = memo.get(key);
    if (outcomes === undefined) {
      outcomes = options.limiter(() =>
        runVariant(
          modules,
          files.map((file) => manifest.tests[file]!),
          options,
        ),
      );
      memo.set(key, outcomes);
    }
    return outcomes;
  };
  return async (
    modules: Modules,
    files: readonly string[],
    mode: Mode,
    attempt = 0,
  ): Promise<Map<string, FileOutcome>> => {
    const outcomes =
      mode === 'together'
        ? await once(modules, files, attempt)
        : (await Promise.all(files.map((file) => once(modules, [file], attempt)))).flat();
    return new Map(files.map((file, i) => [file, outcomes[i]!]));
  };
}

/** Two runs of one file on the same code: the places whose outcome differs (undefined: not comparable). */
function changedBetween(
  first: FileOutcome | undefined,
  second: FileOutcome | undefined,
): Set<string> | undefined {
  if (first?.kind !== 'reply' || second?.kind !== 'reply') return undefined;
  if (first.reply.error !== undefined || second.reply.error !== undefined) return undefined;
  if (structureOf(first.reply.cases) !== structureOf(second.reply.cases)) return undefined;
  const before = new Map(first.reply.cases.map((c) => [c.position, c.status]));
  return new Set(
    second.reply.cases.filter((c) => before.get(c.position) !== c.status).map((c) => c.position),
  );
}

const FLAKY =
  'its outcome on the same code changed from one run to the next (flaky), so it earns nothing: a test must give the same answer every time';

interface FileVerdict {
  file: string;
  /** Positions of the tests that count, with the name shown for each. */
  valid: Map<string, string>;
  /** Where each counting test's case sits in the list of cases (to mark it if it proves flaky). */
  caseAt: Map<string, number>;
  /** The reference's registration, which every mutant run must repeat to be read. */
  structure: string;
}

/**
 * The reference's two runs of a file as one outcome: a test passes only if it passed in both. A file
 * registering different tests in the two runs is flaky as a whole; `flaky` holds the tests whose
 * outcome changed.
 */
function bothRuns(
  first: FileOutcome | undefined,
  second: FileOutcome | undefined,
): { outcome: FileOutcome | undefined; flaky: Set<string>; flakyFile: boolean } {
  if (first?.kind !== 'reply') return { outcome: first, flaky: new Set(), flakyFile: false };
  if (second?.kind !== 'reply') return { outcome: second, flaky: new Set(), flakyFile: false };
  if (first.reply.error !== undefined) return { outcome: first, flaky: new Set(), flakyFile: false };
  if (second.reply.error !== undefined) return { outcome: second, flaky: new Set(), flakyFile: false };
  const changed = changedBetween(first, second);
  if (changed === undefined) return { outcome: first, flaky: new Set(), flakyFile: true };
  return { outcome: first, flaky: changed, flakyFile: false };
}

/**
 * Settles the list of files the mutants run (see the top of this file), and which tests count, and
 * why not, from runs of exactly that list on the reference and every wheat.
 */
async function validity(
  manifest: Manifest,
  options: MatrixOptions,
  run: ReturnType<typeof makeRunner>,
): Promise<{ cases: StudentCase[]; usable: FileVerdict[]; mode: Mode }> {
  const wheats = options.wheats ?? [];
  const all = Object.keys(manifest.tests).sort();
  // The own code runs every file once, for names and messages only; a file its run never reached
  // runs again on its own, so a student still reads their own messages.
  const ownRun = (async () => {
    if (options.own === undefined) return new Map<string, TestRunReply>();
    const together = await run(options.own, all, 'together');
    const missing = all.filter((file) => together.get(file)?.kind === 'not-run');
    const apart = missing.length > 0 ? await run(options.own, missing, 'apart') : new Map();
    const replies = new Map<string, TestRunReply>();
    for (const file of all) {
      const outcome = apart.get(file) ?? together.get(file);
      if (outcome?.kind === 'reply') replies.set(file, outcome.reply);
    }
    return replies;
  })();
  // What the student reads of a file comes from a run of the same list where there is one (a test
  // may depend on the files before it), else from the run of every file.
  const ownFor = async (list: readonly string[], mode: Mode) => {
    const replies = new Map(await ownRun);
    if (options.own === undefined) return replies;
    for (const [file, outcome] of await run(options.own, list, mode))
      if (outcome.kind === 'reply') replies.set(file, outcome.reply);
    return replies;
  };
  const decided = new Map<string, StudentCase[]>();
  const whole = (file: string, reason: string) =>
    decided.set(file, [{ file, name: '(the whole file)', valid: false, reason }]);
  let list = all;
  let mode: Mode = 'together';
  let usable: FileVerdict[] = [];
  for (let round = 1; list.length > 0; round++) {
    if (round > MAX_ROUNDS) mode = 'apart';
    const dropped = new Set<string>();
    const [own, first, second] = await Promise.all([
      ownFor(list, mode),
      run(manifest.reference, list, mode, 0),
      run(manifest.reference, list, mode, 1),
    ]);
    const reference = new Map<string, FileOutcome>();
    const flakyOnReference = new Map<string, Set<string>>();
    let undetermined = false;
    for (const file of list) {
      const twice = bothRuns(first.get(file), second.get(file));
      if (twice.flakyFile) {
        dropped.add(file);
        whole(file, FLAKY);
        continue;
      }
      if (twice.outcome !== undefined) reference.set(file, twice.outcome);
      flakyOnReference.set(file, twice.flaky);
      const outcome = twice.outcome;
      const ownReply = own.get(file);
      if (outcome?.kind === 'not-run') {
        undetermined = true;
        continue;
      }
      if (outcome === undefined || outcome.kind !== 'reply') {
        dropped.add(file);
        whole(
          file,
          outcome?.kind === 'limit'
            ? `on the reference implementation it ${outcome.message}`
            : 'on the reference implementation its process ended without an answer',
        );
        continue;
      }
      const { reply } = outcome;
      if (reply.error !== undefined) {
        dropped.add(file);
        whole(
          file,
          ownReply?.error === undefined
            ? 'it does not load on the reference implementation'
            : `it does not load: ${ownReply.error}`,
        );
      } else if (!reply.cases.some((c) => c.status !== 'skipped')) {
        dropped.add(file);
        whole(file, 'it registers no test');
      } else if (!reply.cases.some((c) => c.status === 'passed')) {
        dropped.add(file);
        decided.set(
          file,
          judge(file, reply, [], ownReply, flakyOnReference.get(file), manifest.tests[file]).cases,
        );
      }
    }
    if (dropped.size > 0 || undetermined) {
      list = list.filter((file) => !dropped.has(file));
      continue;
    }
    // The reference runs the whole list and every file has a test passing on it: now the wheats.
    const onWheats = await Promise.all(wheats.map((modules) => run(modules, list, mode)));
    usable = [];
    for (const file of list) {
      const outcomes = onWheats.map((runs) => runs.get(file)!);
      if (outcomes.some((outcome) => outcome.kind === 'not-run')) {
        undetermined = true;
        continue;
      }
      const reply = (reference.get(file) as { reply: TestRunReply }).reply;
      const structure = structureOf(reply.cases);
      const flaky = outcomes.some(
        (w) => w.kind === 'reply' && w.reply.error === undefined && structureOf(w.reply.cases) !== structure,
      );
      if (flaky) {
        dropped.add(file);
        whole(file, 'it registers different tests from one run to the next (flaky), so none of them counts');
        continue;
      }
      const verdict = judge(
        file,
        reply,
        outcomes,
        own.get(file),
        flakyOnReference.get(file),
        manifest.tests[file],
      );
      decided.set(file, verdict.cases);
      if (verdict.valid.size === 0) dropped.add(file);
      else usable.push({ file, valid: verdict.valid, caseAt: verdict.caseAt, structure });
    }
    if (dropped.size === 0 && !undetermined) break;
    usable = [];
    list = list.filter((file) => !dropped.has(file));
  }
  // Every file's cases from the round that settled it, in file order; each counting test's place in it.
  const cases: StudentCase[] = [];
  const offsets = new Map<string, number>();
  for (const file of all) {
    offsets.set(file, cases.length);
    cases.push(...(decided.get(file) ?? []));
  }
  for (const verdict of usable) {
    const offset = offsets.get(verdict.file)!;
    for (const [position, at] of verdict.caseAt) verdict.caseAt.set(position, offset + at);
  }
  return { cases, usable, mode };
}

/** Which tests of a file count, from the reference's reply and the wheats' runs of the same list. */
function judge(
  file: string,
  reference: TestRunReply,
  onWheats: readonly FileOutcome[],
  ownReply: TestRunReply | undefined,
  flaky: ReadonlySet<string> = new Set(),
  source = '',
): { cases: StudentCase[]; valid: Map<string, string>; caseAt: Map<string, number> } {
  const structure = structureOf(reference.cases);
  // Names and messages come only from the run on the student's own code, when it registered the same tests.
  const ownCases =
    ownReply !== undefined && ownReply.error === undefined && structureOf(ownReply.cases) === structure
      ? new Map(ownReply.cases.map((c) => [c.position, c]))
      : undefined;
  const cases: StudentCase[] = [];
  const valid = new Map<string, string>();
  const caseAt = new Map<string, number>();
  for (const c of reference.cases) {
    if (c.status === 'skipped') continue;
    const mine = ownCases?.get(c.position);
    // Where the own run gave no names (the student's code did not load: a 50 MB deck.ts), a name from the
    // reference's run is taken only as the test file writes it, a literal of its own source: a name the
    // test computed could carry what the reference did.
    const name = mine?.name ?? (c.name !== '' && source.includes(c.name) ? c.name : `test #${c.position}`);
    let reason: string | undefined;
    if (flaky.has(c.position)) reason = FLAKY;
    else if (c.status !== 'passed') {
      reason =
        mine?.status === 'failed'
          ? `it fails on the reference implementation; on your code: ${mine.message ?? 'it fails'}`
          : 'it passes on your code but fails on the reference implementation';
    } else {
      const failing = onWheats.filter(
        (w) =>
          w.kind !== 'reply' ||
          w.reply.error !== undefined ||
          w.reply.cases.find((other) => other.position === c.position)?.status !== 'passed',
      ).length;
      if (failing > 0)
        reason = `it passes on the reference implementation but fails on ${failing} of the ${onWheats.length} other correct implementations`;
    }
    if (reason === undefined) {
      valid.set(c.position, name);
      caseAt.set(c.position, cases.length);
    }
    cases.push({ file, position: c.position, name, valid: reason === undefined, reason });
  }
  return { cases, valid, caseAt };
}

/** The verdict a limit a whole file hit on a mutant gives. */
const BROKE: Record<LimitHit, 'timeout' | 'memory-limit' | 'output-limit'> = {
  time: 'timeout',
  cpu: 'timeout',
  budget: 'timeout',
  memory: 'memory-limit',
  output: 'output-limit',
};

/** What one usable file says of a mutant: the tests (or the whole file) that exposed it. */
function exposures(
  { file, valid: counting, structure }: FileVerdict,
  outcome: FileOutcome,
  flaky: ReadonlySet<string> = new Set(),
): Kill[] {
  const valid = [...counting].filter(([position]) => !flaky.has(position));
  const every = () => valid.map(([position, name]): Kill => ({ file, position, name }));
  switch (outcome.kind) {
    case 'not-run':
      return [];
    case 'limit':
      // The reference and every wheat ran this very list to the end: the mutant is what broke it.
      return [{ file, broke: BROKE[outcome.hit] }];
    case 'exit':
      return every();
    case 'reply': {
      const { reply } = outcome;
      if (reply.error !== undefined) return every();
      // A file registering other tests on the mutant cannot be read test by test: it earns nothing here.
      if (structureOf(reply.cases) !== structure) return [];
      const status = new Map(reply.cases.map((c) => [c.position, c.status]));
      return valid
        .filter(([position]) => status.get(position) !== 'passed')
        .map(([position, name]): Kill => ({ file, position, name }));
    }
  }
}

/** A file's exposure of a mutant, when two runs on the mutant agree on it. */
function confirmed(
  verdict: FileVerdict,
  first: FileOutcome,
  second: FileOutcome,
  flaky: ReadonlySet<string>,
): Kill[] {
  const repeated = new Set(exposures(verdict, second, flaky).map(killKey));
  return exposures(verdict, first, flaky).filter((kill) => repeated.has(killKey(kill)));
}

/**
 * Settles the list of usable files on the own code, the reference and the wheats, then runs it on
 * every mutant: one process per mutant, every usable file in it, so the verdict lists every valid
 * test that fails on the mutant. A mutant some test exposes runs a second time: an exposure counts
 * only if the second run repeats it, and a test whose outcome on a mutant changed between the two
 * runs is flaky and earns nothing on any mutant. Every process takes a place of the limiter.
 */
export async function runMatrix(manifest: Manifest, options: MatrixOptions): Promise<Matrix> {
  const run = makeRunner(manifest, options);
  const { cases, usable, mode } = await validity(manifest, options, run);
  const files = usable.map((verdict) => verdict.file);
  /** Per mutant, per usable file: the outcomes of its run and, when it exposed the mutant, its second run. */
  const seen = new Map<string, Map<string, [FileOutcome, FileOutcome | undefined]>>();
  const exposes = (verdict: FileVerdict, outcome: FileOutcome) => exposures(verdict, outcome).length > 0;
  await Promise.all(
    Object.entries(manifest.mutants).map(async ([id, mutant]) => {
      const outcomes = new Map<string, [FileOutcome, FileOutcome | undefined]>();
      seen.set(id, outcomes);
      if (files.length === 0) return;
      const modules = { ...manifest.reference, [mutant.module]: mutant.source };
      if (mode === 'together') {
        const first = await run(modules, files, mode, 0);
        const again = usable.some((verdict) => exposes(verdict, first.get(verdict.file)!))
          ? await run(modules, files, mode, 1)
          : undefined;
        for (const verdict of usable)
          outcomes.set(verdict.file, [first.get(verdict.file)!, again?.get(verdict.file)]);
        return;
      }
      // One process per file (a list that could not be settled in one): stop at the first exposure
      // that a second run repeats.
      for (const verdict of usable) {
        const first = (await run(modules, [verdict.file], mode, 0)).get(verdict.file)!;
        if (!exposes(verdict, first)) {
          outcomes.set(verdict.file, [first, undefined]);
          continue;
        }
        const second = (await run(modules, [verdict.file], mode, 1)).get(verdict.file)!;
        outcomes.set(verdict.file, [first, second]);
        if (confirmed(verdict, first, second, new Set()).length > 0) break;
      }
    }),
  );
  // A test that gave two answers on one mutant is flaky: it earns nothing anywhere.
  const flaky = new Map<string, Set<string>>(usable.map((verdict) => [verdict.file, new Set<string>()]));
  for (const outcomes of seen.values()) {
    for (const verdict of usable) {
      const [first, second] = outcomes.get(verdict.file) ?? [];
      for (const position of changedBetween(first, second) ?? []) {
        if (!verdict.valid.has(position)) continue;
        flaky.get(verdict.file)!.add(position);
        cases[verdict.caseAt.get(position)!] = {
          ...cases[verdict.caseAt.get(position)!]!,
          valid: false,
          reason: FLAKY,
        };
      }
    }
  }
  const verdicts = new Map<string, MutantVerdict>();
  for (const [id, outcomes] of seen) {
    const verdict: MutantVerdict = { killedBy: [] };
    for (const file of usable) {
      const [first, second] = outcomes.get(file.file) ?? [];
      if (first === undefined || second === undefined) continue;
      verdict.killedBy.push(...confirmed(file, first, second, flaky.get(file.file)!));
    }
    verdicts.set(id, verdict);
  }
  return { cases, verdicts };
}

/**
 * The baseline the matrix is measured against: one `node --test` process per (test file, mutant)
 * pair, each with the real node:test, exposing the mutant when its exit status is not 0.
 */
export async function runBaselinePair(
  manifest: Manifest,
  testFile: string,
  mutant: string | null,
  dir: string,
  timeoutMs: number,
): Promise<'passed' | 'failed' | 'timeout'> {
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(manifest.reference))
    writeFileSync(join(dir, `${name}.mjs`), source);
  if (mutant !== null) {
    const replaced = manifest.mutants[mutant]!;
    writeFileSync(join(dir, `${replaced.module}.mjs`), replaced.source);
  }
  const test = join(dir, 'student.test.mjs');
  writeFileSync(test, manifest.tests[testFile]!);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=dot', test], {
      cwd: dir,
      detached: true,
      stdio: 'ignore',
    });
    const timer = setTimeout(() => {
      killGroup(child);
      resolve('timeout');
    }, timeoutMs);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve(status === 0 ? 'passed' : 'failed');
    });
  });
}

/**
 * The student's own tests on their own code only: the student tool, which holds no reference, no
 * wheat and no mutant. Every file runs in one fresh sandboxed process (a file that run never reached
 * runs again on its own); each test is told as passing or failing with its own message, and nothing
 * here is scored (how many mutants the tests expose is, when the submission is graded).
 */
export async function runOwnOnly(
  tests: Manifest['tests'],
  own: Modules,
  options: Omit<MatrixOptions, 'own' | 'wheats'>,
): Promise<StudentCase[]> {
  const run = makeRunner({ reference: {}, mutants: {}, tests }, options);
  const all = Object.keys(tests).sort();
  const together = await run(own, all, 'together');
  const missing = all.filter((file) => together.get(file)?.kind === 'not-run');
  const apart = missing.length > 0 ? await run(own, missing, 'apart') : new Map<string, FileOutcome>();
  return all.flatMap((file): StudentCase[] => {
    const outcome = apart.get(file) ?? together.get(file);
    const whole = (reason: string): StudentCase[] => [
      { file, name: '(the whole file)', valid: false, reason },
    ];
    if (outcome === undefined || outcome.kind === 'not-run' || outcome.kind === 'exit')
      return whole('on your code its process ended without an answer');
    if (outcome.kind === 'limit') return whole(`on your code it ${outcome.message}`);
    const { reply } = outcome;
    if (reply.error !== undefined) return whole(`it does not load: ${reply.error}`);
    const ran = reply.cases.filter((c) => c.status !== 'skipped');
    if (ran.length === 0) return whole('it registers no test');
    return ran.map((c) => ({
      file,
      name: c.name,
      valid: c.status === 'passed',
      reason: c.status === 'passed' ? undefined : (c.message ?? 'it fails'),
    }));
  });
}
