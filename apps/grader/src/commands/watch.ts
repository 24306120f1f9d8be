// `pitboss check --watch [dir]`: the student's loop. One check told in full, then, each time a file of
// the submission is saved, the visible tests again and only what changed since the run before: the
// tests newly failing (with their evidence), the tests fixed, the score's move. Like vitest's watch mode.
// Saves are heard through chokidar, which watches folders, not files: Node's own recursive watch on
// Linux follows a file by its inode, so after one safe save (a temporary file renamed over the real
// one: vim, JetBrains, `sed -i`) it heard nothing more of that file.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { watch } from 'chokidar';
import pc from 'picocolors';
import { ownAndKept, type Report } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import { HISTORY_FOLDER } from '../2-plan/hints.ts';
import { ALL_FILES, STUDENT_TESTS } from '../2-plan/plan.ts';
import { SpareHosts } from '../3-sandbox/door.ts';
import { failureLines, statusWord, terminalLine } from '../6-reports/human.ts';
import { points, scoreOutOf } from '../6-reports/words.ts';
import { changedTests } from '../class/regrade.ts';
import type { Limits } from '../kit/assignment.ts';
import { EXIT_OK, EXIT_USAGE, PitbossError } from '../plumbing/errors.ts';
import { checkRun } from './grading.ts';
import type { Io } from './io.ts';
import type { GradeFlags } from './run-plan.ts';

/** Folders whose changes are never the student's edit: the grader's own notes, packages, version control. */
const IGNORED_FOLDERS = new Set([HISTORY_FOLDER, 'node_modules', '.git']);

/**
 * Whether a change at `path` (relative to the submission) is a save worth a run: not in an ignored
 * folder, not a hidden file, not an editor's temporary or backup file (vim's .x.swp, 4913 and x~,
 * emacs's #x# and .#x, JetBrains' x___jb_tmp___).
 */
export function isSave(path: string): boolean {
  const parts = path.split(sep).filter((part) => part !== '');
  const name = parts.at(-1);
  if (name === undefined) return false;
  if (parts.some((part) => IGNORED_FOLDERS.has(part) || part.startsWith('.'))) return false;
  return !(
    name.startsWith('#') ||
    name.endsWith('~') ||
    /^\d+$/.test(name) ||
    /___jb_(tmp|old)___$/.test(name) ||
    /\.(swp|swx|swo|tmp|bak)$/.test(name)
  );
}

/** The submission's files that a save can change, each with what tells a save: its size and time. */
export function filesNow(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath ?? entry.path, entry.name));
    if (!isSave(path)) continue;
    try {
      const stat = statSync(join(dir, path));
      files.set(path, `${stat.size}:${stat.mtimeMs}`);
    } catch {
      // Gone meanwhile: as if it never was.
    }
  }
  return files;
}

/** The files saved, made or removed between two looks at a folder, by name. */
export function savedBetween(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/** What moved between two checks of one submission, read from the reports' data. */
export interface CheckChanges {
  /** Failing now, passing (or absent) before. */
  newlyFailing: TestResult[];
  /** Passing now, failing before. */
  fixed: TestResult[];
  /** Failing in both, with other evidence now. */
  failingOtherwise: TestResult[];
  before: { score: number; maxScore: number };
  after: { score: number; maxScore: number };
  /**
   * The student's own tests (never in `tests`): failing now and not before (a new test, or an old one
   * broken), with why; passing now and failing before. A failing test of theirs counts for nothing, so
   * without these a save that breaks one would read as "nothing changed".
   */
  ownTests: { newlyFailing: OwnTest[]; fixed: OwnTest[] };
}

type OwnTest = Report['studentTests']['cases'][number];

/** One of the student's tests, by where it is: its file, its place in it, its name. */
const ownTestKey = (test: OwnTest) => `${test.file}\u0000${test.position ?? ''}\u0000${test.name}`;

export function checkChanges(before: Report, after: Report): CheckChanges {
  const now = new Map(after.tests.map((test) => [test.id, test]));
  const changes: CheckChanges = {
    newlyFailing: [],
    fixed: [],
    failingOtherwise: [],
    before: { score: before.score, maxScore: before.maxScore },
    after: { score: after.score, maxScore: after.maxScore },
    ownTests: { newlyFailing: [], fixed: [] },
  };
  const ownBefore = new Map(ownAndKept(before).own.map((test) => [ownTestKey(test), test]));
  for (const test of ownAndKept(after).own) {
    const was = ownBefore.get(ownTestKey(test));
    if (!test.valid && (was === undefined || was.valid)) changes.ownTests.newlyFailing.push(test);
    else if (test.valid && was !== undefined && !was.valid) changes.ownTests.fixed.push(test);
  }
  for (const change of changedTests(before, after)) {
    const test = now.get(change.id);
    // A test gone from this run (an own test deleted) shows in the score alone.
    if (test === undefined) continue;
    const was = change.before?.status;
    if (test.status === 'passed') {
      if (was !== undefined && was !== 'passed') changes.fixed.push(test);
    } else if (was === undefined || was === 'passed') changes.newlyFailing.push(test);
    else changes.failingOtherwise.push(test);
  }
  return changes;
}

const moved = (changes: CheckChanges): boolean =>
  changes.newlyFailing.length +
    changes.fixed.length +
    changes.failingOtherwise.length +
    changes.ownTests.newlyFailing.length +
    changes.ownTests.fixed.length >
    0 ||
  changes.before.score !== changes.after.score ||
  changes.before.maxScore !== changes.after.maxScore;

/** The line that opens a re-run, printed as it starts: what was saved. */
export function rerunHeading(saved: readonly string[], color: boolean): string {
  const c = pc.createColors(color);
  const shown = saved.slice(0, 3).map(terminalLine).join(', ');
  const more = saved.length > 3 ? ` and ${saved.length - 3} more` : '';
  return `\n${c.inverse(c.bold(' RERUN '))} ${shown}${more}\n`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A re-run's end told for people: only what changed since the run before, and how long it took. */
export function renderChanges(after: Report, changes: CheckChanges, color: boolean, tookMs: number): string {
  const c = pc.createColors(color);
  const t = terminalLine;
  const took = c.dim(` (${seconds(tookMs)})`);
  const out: string[] = [];
  if (!moved(changes)) {
    out.push(`  nothing changed: score ${scoreOutOf(after.score, after.maxScore)}${took}`);
    return `${out.join('\n')}\n`;
  }
  const section = (heading: string, tests: TestResult[], full: boolean) => {
    if (tests.length === 0) return;
    out.push('', c.bold(`${heading} (${tests.length}):`));
    for (const test of tests)
      if (full) out.push(...failureLines(after, test, c, { cwd: process.cwd() }).map((line) => `  ${line}`));
      else out.push(`  ${statusWord(test, c)} ${t(test.name)}  ${c.dim(`[${t(test.file)}]`)}`);
  };
  section('Newly failing', changes.newlyFailing, true);
  section('Still failing, with other evidence', changes.failingOtherwise, true);
  section('Fixed', changes.fixed, false);
  const own = changes.ownTests;
  if (own.newlyFailing.length > 0) {
    out.push('', c.bold(`Your tests, newly failing (${own.newlyFailing.length}):`));
    for (const test of own.newlyFailing)
      out.push(c.red(`  FAIL ${t(test.file)} > ${t(test.name)}: ${t(test.reason ?? '')}`));
  }
  if (own.fixed.length > 0) {
    out.push('', c.bold(`Your tests, passing again (${own.fixed.length}):`));
    for (const test of own.fixed) out.push(`  ${c.green('pass')} ${t(test.file)} > ${t(test.name)}`);
  }
  const { before, after: now } = changes;
  const delta = now.score - before.score;
  const sign = delta > 0 ? c.green(`+${points(delta)}`) : delta < 0 ? c.red(points(delta)) : '±0';
  out.push(
    '',
    c.bold(
      `Score ${scoreOutOf(before.score, before.maxScore)} -> ${scoreOutOf(now.score, now.maxScore)} (${sign})`,
    ) + took,
  );
  return `${out.join('\n')}\n`;
}

/**
 * The tests a save of `saved` can change, as --only prefixes, or undefined when it can change any. A
 * save of contract files alone changes every test of the code (a run of all the files together is
 * told by the unit tests' and the linked runs' outcomes too: which file a difference comes from), but
 * never the students' tests, which run on the reference and the mutants. A save of anything else (a
 * test, a helper module of the student's own, pitboss.json) reruns everything.
 */
export function changedBy(saved: readonly string[], last: Report): string[] | undefined {
  const ownFiles = last.parts
    .map((part) => part.file)
    .filter((file) => file !== ALL_FILES && file !== STUDENT_TESTS);
  if (saved.length === 0 || !saved.every((name) => ownFiles.includes(name))) return undefined;
  if (!last.parts.some((part) => part.file === STUDENT_TESTS)) return undefined;
  return [...ownFiles, ALL_FILES];
}

/**
 * The last report with the tests a part run reran taken from it, the score and parts summed again:
 * what a whole check would give, since the others' inputs did not change. Undefined (check it all)
 * when the part does not hold exactly the tests `only` chooses of the last report.
 */
export function withRerun(last: Report, part: Report, only: readonly string[]): Report | undefined {
  const chosen = (test: { id: string; file: string }) =>
    only.some((prefix) => test.file.startsWith(prefix) || test.id.startsWith(prefix));
  const fresh = new Map(part.tests.map((test) => [test.id, test]));
  const expected = last.tests.filter(chosen);
  if (expected.length !== fresh.size || !expected.every((test) => fresh.has(test.id))) return undefined;
  const tests = last.tests.map((test) => fresh.get(test.id) ?? test);
  const sum = (of: readonly TestResult[], field: 'score' | 'maxScore') =>
    of.reduce((total, test) => total + test[field], 0);
  return {
    ...last,
    submission: part.submission,
    tests,
    score: sum(tests, 'score'),
    maxScore: sum(tests, 'maxScore'),
    parts: last.parts.map((entry) => {
      const own = tests.filter((test) => test.file === entry.file);
      return { ...entry, score: sum(own, 'score'), maxScore: sum(own, 'maxScore') };
    }),
    // What is of the files themselves comes from the part run, which read them all.
    loadErrors: part.loadErrors,
    ...(part.typeCheck === undefined ? {} : { typeCheck: part.typeCheck }),
    ...(part.compiler === undefined ? {} : { compiler: part.compiler }),
    notes: part.notes,
  };
}

export interface WatchOptions {
  /** Ends the watch: the run in flight finishes, then the watch returns its status (0). */
  signal: AbortSignal;
  /**
   * How long saves are gathered into one run: an editor's save (a temporary file renamed over the
   * real one) or a "save all" is heard as a few events within milliseconds, and every millisecond
   * here is one the student waits for the answer.
   */
  debounceMs?: number;
  /** Told when a run starts and ends (the CLI stops a run in flight itself on Ctrl-C). */
  onBusy?: (busy: boolean) => void;
}

const WATCH_REFUSES: [keyof GradeFlags, string][] = [
  ['out', '--out'],
  ['keep', '--keep'],
  ['replay', '--replay'],
];

/** `pitboss check --watch`: checks `dir` now and on every save, until `signal` aborts. */
export async function watchCheck(
  dir: string,
  flags: GradeFlags,
  io: Io,
  { signal, debounceMs = 50, onBusy }: WatchOptions,
): Promise<number> {
  for (const [flag, option] of WATCH_REFUSES)
    if (flags[flag] !== undefined && flags[flag] !== false)
      throw new PitbossError('USAGE', `--watch tells changes on the terminal: it does not take ${option}`);
  if (flags.format !== 'human')
    throw new PitbossError('USAGE', '--watch tells changes for people: it takes only --format human');
  // Looked at before the first run: a save during it is a change for the next. A folder that is not
  // there (or not a folder) is the first run's to tell, as `pitboss check` tells it.
  let files = existsSync(dir) && statSync(dir).isDirectory() ? filesNow(dir) : new Map<string, string>();
  onBusy?.(true);
  let last: Report | undefined;
  // Hosts for the next save, started once a run ends: a save's runs find them ready. Each save's are
  // new (a run's end closes those it took), and they go when the watch does.
  let spare: SpareHosts | undefined;
  const spareFor = (limits: Limits) => {
    void spare?.close();
    spare = SpareHosts.start(dir, limits, flags.jobs);
  };
  try {
    const first = await checkRun(dir, flags, io);
    last = first.report;
    spareFor(first.limits);
  } finally {
    onBusy?.(false);
  }
  if (signal.aborted) {
    await spare?.close();
    return EXIT_OK;
  }
  const c = pc.createColors(io.color);
  io.stdout(
    c.dim(`\nWatching ${terminalLine(dir)}: each save runs the visible tests again. Ctrl-C stops.\n`),
  );
  // The re-runs tell their reports as data: only the change is printed.
  const quiet: Io = { ...io, stdout: () => {}, progressTerminal: undefined };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const rerun = async () => {
    onBusy?.(true);
    try {
      // Which files were saved is read from the folder, not from the events: an editor's safe save
      // (a temporary file renamed over the real one) is told by the real name, and a temporary file
      // that came and went runs nothing.
      const now = filesNow(dir);
      const saved = savedBetween(files, now);
      files = now;
      if (saved.length === 0) return;
      // Told as it starts, so a save is seen to be heard even when the run takes a while.
      io.stdout(rerunHeading(saved, io.color));
      const started = performance.now();
      const only = last === undefined || flags.only !== undefined ? undefined : changedBy(saved, last);
      let report: Report | undefined;
      let limits: Limits | undefined;
      if (only !== undefined) {
        const part = await checkRun(dir, { ...flags, only, typesToo: true, spare }, quiet);
        limits = part.limits;
        report = part.report === undefined ? undefined : withRerun(last!, part.report, only);
      }
      // A save of anything else (a test, a helper, a setting), or a part that cannot be merged: all of it.
      if (report === undefined) {
        const whole = await checkRun(dir, { ...flags, spare }, quiet);
        limits = whole.limits;
        report = whole.report;
      }
      if (limits !== undefined) spareFor(limits);
      const tookMs = performance.now() - started;
      if (report === undefined) return;
      if (last === undefined) io.stdout(c.dim(`  checked (${seconds(tookMs)})\n`));
      else io.stdout(renderChanges(report, checkChanges(last, report), io.color, tookMs));
      last = report;
    } catch (error) {
      // A save can break the submission's folder (pitboss.json, say): told, and the watch goes on.
      const infrastructure = !(error instanceof PitbossError) || error.code === 'INFRASTRUCTURE';
      io.stderr(`pitboss: ${infrastructure ? 'infrastructure error: ' : ''}${(error as Error).message}\n`);
    } finally {
      onBusy?.(false);
    }
  };
  // One run at a time: a save during a run queues one more, after it.
  const start = () => {
    if (running !== undefined) {
      again = true;
      return;
    }
    running = rerun().finally(() => {
      running = undefined;
      if (again && !signal.aborted) {
        again = false;
        start();
      }
    });
  };
  let failure: Error | undefined;
  const watcher = watch(dir, {
    ignoreInitial: true,
    // A path is looked at only if it could hold a save: not .git, node_modules, hidden or temporary.
    ignored: (path) => {
      const inside = relative(dir, path);
      return inside !== '' && !isSave(inside);
    },
  });
  await new Promise<void>((resolve) => {
    watcher.on('all', () => {
      clearTimeout(timer);
      timer = setTimeout(start, debounceMs);
    });
    watcher.on('error', (error) => {
      failure = error instanceof Error ? error : new Error(String(error));
      resolve();
    });
    // A save made while the first run ran, before the watch was ready, is a change for the next run.
    watcher.on('ready', () => {
      if (savedBetween(files, filesNow(dir)).length > 0) start();
    });
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await watcher.close();
  clearTimeout(timer);
  while (running !== undefined) await running;
  await spare?.close();
  if (failure !== undefined) {
    io.stderr(`pitboss: stopped watching ${terminalLine(dir)}: ${failure.message}\n`);
    return EXIT_USAGE;
  }
  return EXIT_OK;
}
