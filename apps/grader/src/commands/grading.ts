// What `check` and `grade` share: a run over submissions, in three steps. `planRun` (run-plan.ts) reads the command
// (the assignment, its tests, the limits, the folders, each read once); `gradeChosen` grades them
// beside the canary, storing and writing each result as it finishes; `tellResults` writes the class's
// files or prints the reports, and says the exit status.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '../0-results/report.ts';
import { ENCODING_NOTE_END } from '../1-submission/encoding.ts';
import { editionFor, type Submission } from '../1-submission/submission.ts';
import { checkHints, countFailures, readHistory, writeHistory } from '../2-plan/hints.ts';
import { isolatesSupport, sandboxSupport } from '../3-sandbox/door.ts';
import { keepingProblem, writeKept } from '../4-phases/keep.ts';
import type { GradeOptions } from '../4-phases/options.ts';
import { ENDLESS_NOTE_END, STUDENT_TOOL_NOTE } from '../5-scoring/score.ts';
import { terminalLine } from '../6-reports/human.ts';
import { writeAll } from '../6-reports/index.ts';
import { inView } from '../6-reports/views.ts';
import { points } from '../6-reports/words.ts';
import {
  type BatchEntry,
  batchEntry,
  batchHead,
  CLASS_REPORT,
  GRADEBOOK,
  type RunIdentity,
  writeBatchFilesStreaming,
  writeSubmissionFiles,
} from '../class/batch.ts';
import { hashFolderFiles, isInfrastructureFault, RESULTS_FOLDER, ResultStore } from '../class/results.ts';
import { Spool } from '../class/spool.ts';
import { gradeSubmission, selectTests } from '../grade.ts';
import type { Limits } from '../kit/assignment.ts';
import { hashSourceFiles } from '../plumbing/bundle.ts';
import { EXIT_FAILURES, EXIT_INFRASTRUCTURE, EXIT_OK, PitbossError } from '../plumbing/errors.ts';
import { openWorkRoot } from '../plumbing/infrastructure.ts';
import { timedNow } from '../plumbing/timings.ts';
import { infrastructureFault, runCanary, ungradableReport } from '../self-check/canary.ts';
import { regradeOf, tellRegrade } from './compare.ts';
import type { Io } from './io.ts';
import { startProgress } from './progress.ts';
import { type GradeFlags, type Mode, planRun, type Run } from './run-plan.ts';

function withNotes(
  report: Report,
  { declaredRules, note }: { declaredRules?: string; note?: string },
): Report {
  const { declaredRules: _declared, ...submission } = report.submission;
  const { notes: older, ...rest } = report;
  // The notes of the submission itself (the student tool's, its files' encoding, a loop at the end
  // of its input) stay; a note on
  // pitboss.json is this run's alone.
  const notes = [
    ...(older ?? []).filter(
      (text) =>
        text === STUDENT_TOOL_NOTE || text.endsWith(ENCODING_NOTE_END) || text.endsWith(ENDLESS_NOTE_END),
    ),
    ...(note === undefined ? [] : [note]),
  ];
  return {
    ...rest,
    submission: declaredRules === undefined ? submission : { ...submission, declaredRules },
    ...(notes.length === 0 ? {} : { notes }),
  };
}

function withRegradeNote(report: Report, run: Run, name: string): Report {
  const before = run.earlier?.get(name);
  const note = run.flags.regradeNote;
  if (note === undefined || before === undefined) return report;
  if (before.score === report.score && before.maxScore === report.maxScore) return report;
  const moved = `${note}: your score went ${points(before.score)}/${points(before.maxScore)} -> ${points(report.score)}/${points(report.maxScore)}`;
  return { ...report, notes: [...(report.notes ?? []), moved] };
}

/**
 * A check's report with the hints its folder's history lets it show, this run counted (hints.ts). The
 * count is the student's own, kept in the folder: it gates a hint and nothing else (a grade never
 * reads it). A folder it cannot be written to shows the hints the count read allows.
 */
function hintsDue(folder: string, report: Report, stderr: (text: string) => void): Report {
  const history = countFailures(readHistory(folder), report);
  // A check where every test passed counts nothing: the folder is left as it was.
  if (report.tests.every((test) => test.status === 'passed')) return checkHints(report, history);
  try {
    writeHistory(folder, history);
  } catch (error) {
    stderr(`pitboss: note: could not keep the count of failing checks: ${(error as Error).message}\n`);
  }
  return checkHints(report, history);
}

/** Everything a run decided before grading anything. */
interface Finished {
  order: number;
  name: string;
  /** Why the grader could not grade it; dropped once told. */
  error?: string | undefined;
  path?: string | undefined;
  infrastructure: boolean;
  /** Its report's name and score, when it has one. */
  graded?: { name: string; score: number; maxScore: number; failing: number } | undefined;
}

interface Graded {
  finished: Finished[];
  reused: number;
  /** Of those reused, how many came from the --compare run (graded by the same grader). */
  reusedEarlier: number;
  stored: boolean;
  /** The first chosen submission's report: `check` of one folder returns it. */
  first: Report | undefined;
}

/** Where a run spools what it writes at the end: the batch's entries under --out, else the reports. */
const spoolsEntries = (run: Run) => run.flags.out !== undefined && run.mode === 'grade';
const spoolsReports = (run: Run) => run.flags.out === undefined && run.chosen.length > 1;

/**
 * Grades the chosen submissions beside the canary (the reference graded as a submission is): the
 * first --jobs of them start with it; every result waits for it, and none counts if it fails. Each
 * result is stored and written as soon as it is graded, and told on stdout in the submissions' order;
 * what the end of the run needs of it goes to `spool`, not memory.
 */
async function gradeChosen(run: Run, io: Io, spool: Spool): Promise<Graded> {
  const { mode, flags, assignment, plan, chosen, read, outNames, notes } = run;
  const support = sandboxSupport();
  for (const warning of support.missing) io.stderr(`pitboss: WARNING: not enforced: ${warning}\n`);
  const isolates = isolatesSupport();
  if ('missing' in isolates)
    io.stderr(
      `pitboss: WARNING: no isolates (${isolates.missing}): each JavaScript run is a process of its own\n`,
    );
  for (const [i, { note }] of notes.entries())
    if (note !== undefined) io.stderr(`pitboss: ${chosen[i]!.folder}: ${note}\n`);
  if (flags.shard !== undefined)
    io.stderr(
      `pitboss: shard ${run.shard.index}/${run.shard.count}: ${chosen.length} of ${run.submissions.length} submissions\n`,
    );
  const out = flags.out;
  // Nothing is written under --out before the canary passed: the store is made on first use.
  let store: ResultStore | undefined;
  const storeNow = (dir: string) => {
    store ??= new ResultStore(dir, {
      assignment: assignment.name,
      version: assignment.version,
      mode,
      only: flags.only,
      limits: run.limits,
      secret: run.secretHash,
    });
    return store;
  };
  let reusedEarlier = 0;
  const fromEarlier = new Set<string>();
  const stored = (submission: Submission | undefined, name: string): Report | undefined => {
    const own =
      out === undefined || submission === undefined || !existsSync(join(out, RESULTS_FOLDER))
        ? undefined
        : storeNow(out).read(submission);
    if (own !== undefined || submission === undefined) return own;
    // The earlier run's verified report of this very submission (its name and every byte of it).
    const earlier = run.reusable?.get(name);
    if (earlier === undefined || earlier.submission.hash !== submission.hash) return undefined;
    if (earlier.submission.name !== submission.name || isInfrastructureFault(earlier)) return undefined;
    reusedEarlier++;
    fromEarlier.add(name);
    return earlier;
  };
  // A watch's save: the hosts it started for this run, in the work root they run in.
  const spare =
    mode === 'check' && chosen.length === 1
      ? flags.spare?.take(chosen[0]!.folder, run.limits, flags.jobs)
      : undefined;
  const work = spare?.work ?? openWorkRoot({ otherUser: support.layers.has('setpriv') });
  const options: GradeOptions = { ...run.options, workRoot: work.path, spare };
  const progress =
    chosen.length > 1 ? startProgress(chosen.length, io.stderr, io.progressTerminal) : undefined;
  const stderr = progress?.log ?? io.stderr;
  let reused = 0;
  const finished: Finished[] = [];
  let first: Report | undefined;
  let told = 0;
  const tell = () => {
    for (; told < chosen.length && finished[told] !== undefined; told++) {
      const entry = finished[told]!;
      const { error, path, infrastructure, graded } = entry;
      if (error !== undefined)
        stderr(
          `pitboss: ${infrastructure ? 'infrastructure error: ' : ''}could not grade ${terminalLine(chosen[told]!.folder)}: ${terminalLine(error)}${infrastructure ? ' (not scored, not stored)' : ''}\n`,
        );
      if (graded !== undefined && path !== undefined)
        io.stdout(
          `${terminalLine(graded.name)}: ${graded.score}/${graded.maxScore} -> ${terminalLine(path)}\n`,
        );
      entry.error = undefined;
    }
  };
  let canaryFailure: string | undefined;
  let canaryDone = false;
  // One canary per language the chosen folders are in (a folder of .cpp files: the C++ reference too).
  const editions = new Set(chosen.map(({ folder }) => editionFor(assignment, folder)));
  // A --budget too small for the reference itself (runCanary proves it) stops the run as a usage error.
  let canaryUsage: PitbossError | undefined;
  const canary = Promise.all(
    [...editions].map((edition) =>
      runCanary(assignment, plan, options, edition).catch((error: unknown) => {
        if (!(error instanceof PitbossError) || error.code !== 'USAGE') throw error;
        canaryUsage ??= error;
        return error.message;
      }),
    ),
  ).then((failures) => {
    canaryFailure = failures.find((failure) => failure !== undefined);
    canaryDone = true;
  });
  try {
    await Promise.all([
      canary,
      ...chosen.map(async ({ folder, order }, i) => {
        if (i >= flags.jobs) await canary;
        if (canaryFailure !== undefined) return;
        const entry = read(order);
        const submission = 'submission' in entry ? entry.submission : undefined;
        let report = stored(submission, outNames[order]!);
        const wasStored = report !== undefined;
        let error: string | undefined;
        let infrastructure = false;
        if (wasStored) reused++;
        else if ('problem' in entry) {
          report = ungradableReport(assignment, selectTests(plan, options), folder, mode, entry.problem);
        } else {
          try {
            report = await gradeSubmission(assignment, plan, folder, { ...options, submission });
          } catch (caught) {
            if (caught instanceof PitbossError && caught.code === 'NOT_A_SUBMISSION') {
              report = ungradableReport(assignment, selectTests(plan, options), folder, mode, caught.message);
            } else {
              // The grader's own failure: never a score.
              error = (caught as Error).message;
              infrastructure = true;
            }
          }
          const fault = report === undefined ? undefined : infrastructureFault(report);
          if (fault !== undefined) {
            error = fault;
            infrastructure = true;
            report = undefined;
          }
        }
        // Waits only while the canary runs: once it is done, a result read from the store is written
        // and let go before the next is read, never every stored result of a class read at once.
        if (!canaryDone) await canary;
        if (canaryFailure !== undefined) return;
        if (out !== undefined) mkdirSync(out, { recursive: true });
        // Stored as graded; the notes on its pitboss.json are this run's (the file is not in the key).
        if (
          (!wasStored || fromEarlier.has(outNames[order]!)) &&
          !infrastructure &&
          submission !== undefined &&
          report !== undefined &&
          out !== undefined
        )
          storeNow(out).write(submission, report);
        if (report !== undefined)
          report = withRegradeNote(withNotes(report, notes[i]!), run, outNames[order]!);
        // The policy's standing is this submission's on Gradescope, not the graded result's: never stored.
        if (report !== undefined && run.tokens !== undefined) report = { ...report, tokens: run.tokens };
        // A student's check counts its failing tests in the folder and shows the hints now due.
        if (report !== undefined && mode === 'check' && 'submission' in entry)
          report = hintsDue(folder, report, stderr);
        // Written as soon as it is graded: a batch stopped half-way keeps everything finished.
        const name = outNames[order]!;
        const path =
          report === undefined || out === undefined
            ? undefined
            : timedNow('reports', () =>
                writeSubmissionFiles(out, name, report!, flags.format, { grade: mode === 'grade' }),
              );
        // Held on disk until the end, in the form the end needs: never a class's worth in memory.
        if (spoolsEntries(run)) spool.put(i, batchEntry({ order, name, report, error }));
        else if (spoolsReports(run) && report !== undefined) spool.put(i, report);
        if (i === 0) first = report;
        finished[i] = {
          order,
          name,
          error,
          path,
          infrastructure,
          graded:
            report === undefined
              ? undefined
              : {
                  name: report.submission.name,
                  score: report.score,
                  maxScore: report.maxScore,
                  failing: report.tests.filter((test) => test.status !== 'passed').length,
                },
        };
        progress?.done(name, report, wasStored);
        tell();
      }),
    ]);
  } finally {
    progress?.stop();
    // A watch's hosts end with this run, whether or not a grade got to use them (its sandbox closes them too).
    void spare?.hosts.then((hosts) => {
      for (const host of hosts) host.close();
    });
    work.remove();
  }
  if (canaryUsage !== undefined)
    throw new PitbossError('USAGE', `${canaryUsage.message}; nothing was graded`);
  if (canaryFailure !== undefined)
    throw new PitbossError('INFRASTRUCTURE', `${canaryFailure}; nothing was graded`);
  return { finished, reused, reusedEarlier, stored: store !== undefined, first };
}

/** The class's files (grade --out) or the reports on stdout; the exit status of the run. */
function tellResults(
  run: Run,
  { finished, reused, reusedEarlier, stored, first }: Graded,
  spool: Spool,
  io: Io,
): number {
  const { mode, flags } = run;
  const out = flags.out;
  const graded = finished.filter((entry) => entry.graded !== undefined);
  if (stored) {
    const fromOut = reused - reusedEarlier;
    const sources = [
      ...(fromOut > 0 || reusedEarlier === 0 ? [`${fromOut} reused from ${out}`] : []),
      ...(reusedEarlier > 0
        ? [`${reusedEarlier} unchanged since ${flags.compare} (same grader): reused`]
        : []),
    ];
    io.stderr(`pitboss: ${graded.length - reused} graded, ${sources.join(', ')}\n`);
  }
  if (out !== undefined) {
    mkdirSync(out, { recursive: true });
    // Each report is written as it finished; a grade run adds the class's files.
    if (mode === 'grade') {
      const identity: RunIdentity = {
        ...run.deciding,
        format: flags.format,
        files: {
          ...hashSourceFiles(),
          ...Object.fromEntries(
            Object.entries(hashFolderFiles(run.secret)).map(([name, hash]) => [`private/${name}`, hash]),
          ),
        },
      };
      // Each entry read back from the spool in turn: one report in memory at a time.
      function* entries() {
        for (const [i, { order, name }] of finished.entries())
          yield spool.get<BatchEntry>(i) ?? { order, name };
      }
      const head = batchHead(identity, run.shard, run.submissions.length);
      timedNow('reports', () => writeBatchFilesStreaming(out, head, entries(), { privateDir: run.secret }));
      io.stdout(`class report -> ${join(out, CLASS_REPORT)}\ngradebook -> ${join(out, GRADEBOOK)}\n`);
      if (flags.compare !== undefined) {
        io.stdout(`\nCompared with ${flags.compare}:\n`);
        const status = tellRegrade(regradeOf(flags.compare, out, [run.secret], io), 'human', io);
        if (status !== EXIT_OK) return status;
      }
    }
  } else {
    // A student's check is always the student's view; grade's stdout is the instructor's unless --view.
    const view = mode === 'check' ? 'student' : (flags.view ?? 'instructor');
    // Each report read back from the spool in turn (one submission's is the one kept), and written.
    function* shown() {
      for (const [i, entry] of finished.entries()) {
        if (entry.graded === undefined) continue;
        const report = spoolsReports(run) ? spool.get<Report>(i) : i === 0 ? first : undefined;
        if (report !== undefined) yield inView(report, view);
      }
    }
    if (graded.length > 0)
      timedNow('reports', () =>
        // stdout is read where the run was: its replay commands name the folders from there.
        writeAll(shown, graded.length, flags.format, io.color, (text) => io.stdout(text), {
          cwd: process.cwd(),
        }),
      );
  }
  if (finished.some((entry) => entry.infrastructure)) return EXIT_INFRASTRUCTURE;
  // A replay is asked whether its counterexample still fails: a failing one worth no points (a live
  // property of the student tool) is a failure found all the same.
  const replayed = run.options.replay !== undefined;
  const full = finished.every(
    (entry) =>
      entry.graded !== undefined &&
      entry.graded.score === entry.graded.maxScore &&
      !(replayed && entry.graded.failing > 0),
  );
  return full ? EXIT_OK : EXIT_FAILURES;
}

/** A run of `check` or `grade` over the folders named. */
export async function runGrading(mode: Mode, folders: string[], flags: GradeFlags, io: Io): Promise<number> {
  return (await gradeAndTell(mode, folders, flags, io)).status;
}

/**
 * One `check` of a folder, told on `io` as `pitboss check` tells it, and its result as data: the
 * student's view of the report (undefined when the grader could not grade it) and the exit status.
 */
export async function checkRun(
  folder: string,
  flags: GradeFlags,
  io: Io,
): Promise<{ status: number; report: Report | undefined; limits: Limits }> {
  const { status, report, limits } = await gradeAndTell('check', [folder], flags, io);
  return { status, report: report === undefined ? undefined : inView(report, 'student'), limits };
}

async function gradeAndTell(
  mode: Mode,
  folders: string[],
  flags: GradeFlags,
  io: Io,
): Promise<{ status: number; report: Report | undefined; limits: Limits }> {
  const run = await planRun(mode, folders, flags, io);
  const keeping = run.options.keep;
  // A tests folder --keep cannot write is told before anything is graded.
  const problem = keeping === undefined ? undefined : keepingProblem(folders[0]!, run.assignment);
  if (problem !== undefined) throw new PitbossError('KEEP_UNWRITABLE', problem);
  // The spool's folder: inside --out (the class's own disk), else a private one in the temporary folder.
  const spool = new Spool(() => run.flags.out ?? tmpdir());
  let graded: Graded;
  let status: number;
  try {
    graded = await gradeChosen(run, io, spool);
    status = tellResults(run, graded, spool, io);
  } finally {
    spool.remove();
  }
  const report = graded.first;
  if (keeping !== undefined && report !== undefined && graded.finished[0]?.infrastructure !== true) {
    // The report is data on stdout in any other format: the paths go to stderr there.
    const tell = flags.format === 'human' && flags.out === undefined ? io.stdout : io.stderr;
    writeKept(folders[0]!, keeping, run.assignment, (line) => tell(`${line}\n`));
  }
  return {
    status,
    report: graded.finished[0]?.infrastructure === true ? undefined : report,
    limits: run.limits,
  };
}
