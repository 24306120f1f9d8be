// Planning a run of `check` or `grade` (planRun): the command read once, the assignment, its tests,
// the limits, the folders, the replay, the submission's tokens and its pitboss.json's notes.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import pLimit from 'p-limit';
import type { Report, ReportTokens, ReportView } from '../0-results/report.ts';
import { editionFor } from '../1-submission/submission.ts';
import { readSubmissionMetadata } from '../1-submission/submission-metadata.ts';
import { tokenStanding } from '../1-submission/tokens.ts';
import { type PlannedTest, planForEdition, planTests } from '../2-plan/plan.ts';
import { readSubmissionPolicy } from '../2-plan/rubric.ts';
import type { SpareHosts } from '../3-sandbox/door.ts';
import { newKeeping } from '../4-phases/keep.ts';
import type { GradeOptions, Replay } from '../4-phases/options.ts';
import { type Format, REPORT_FORMATS } from '../6-reports/index.ts';
import { CONFIG_FILE, chooseAssignment, declaredLanguage, readDeclared } from '../assignment/choose.ts';
import { loadAssignment } from '../assignment/load.ts';
import { privateFolder, privateTranscriptCases } from '../assignment/private-part.ts';
import { gradeDecidingPart, inShard, type RunIdentity, type Shard } from '../class/batch.ts';
import { expandFolders, outputNames, type ReadFolder, readFolder, readFolders } from '../class/folders.ts';
import { readCheckedBatch } from '../class/merge.ts';
import { hashFolder } from '../class/results.ts';
import { selectTests } from '../grade.ts';
import type { Assignment, Limits } from '../kit/assignment.ts';
import { readCatalogue } from '../mutants/catalogue.ts';
import { hashSources } from '../plumbing/bundle.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { countedLimiter } from '../plumbing/timings.ts';
import { TOOL_VERSION } from '../plumbing/version.ts';
import type { Io } from './io.ts';

export interface GradeFlags {
  assignment?: string;
  /** The older name of --assignment. */
  rules?: string;
  format: Format;
  out?: string;
  jobs: number;
  replay?: string;
  timeout?: number;
  budget?: number;
  memory?: number;
  maxOutput?: number;
  private?: string;
  only?: string[];
  shard?: Shard;
  /** grade: whose view stdout shows (--out writes both); check: always the student's. */
  view?: ReportView;
  /** grade: an earlier run's --out folder, compared with this run's once it is written. */
  compare?: string;
  /** grade, with --compare: a note for each submission whose score moved (`<note>: your score went a -> b`). */
  regradeNote?: string;
  /** grade: Gradescope's submission_metadata.json, for the rubric's submission policy (tokens.ts). */
  submissionMetadata?: string;
  /** check: write each failing visible test as a test in the submission's tests folder. */
  keep?: boolean;
  /** With `only` (watch's rerun of the tests a save can change): the types are checked all the same. */
  typesToo?: boolean;
  /** check: the hosts a watch started for this run (its next save), taken if the run is theirs. */
  spare?: SpareHosts | undefined;
}

export type Mode = 'check' | 'grade';

function parseReplay(text: string): Replay {
  const match = /^(.+)@(-?\d+):([\d:]*)$/.exec(text);
  if (match === null)
    throw new PitbossError('BAD_REPLAY_ID', `'${text}' is not a replay id (expected <test>@<seed>:<path>)`);
  return { id: match[1]!, seed: Number(match[2]), path: match[3]! };
}

/**
 * A replay id this grader cannot run as the case it names, refused: a test it does not have, a seed
 * it does not draw that test with (an id from another tool: the student tool's recorded cases and the
 * graded run are drawn with different seeds), a case its test does not hold. Run anyway, it would be
 * another case than the one printed.
 */
function refuseForeignReplay(
  assignment: Assignment,
  plan: readonly PlannedTest[],
  replay: Replay,
  text: string,
): void {
  const test = plan.find((each) => each.id === replay.id);
  if (test === undefined)
    throw new PitbossError('BAD_REPLAY_ID', `no test '${replay.id}' in ${assignment.name}`);
  const unit = assignment.unitTests.find((each) => each.id === replay.id);
  const why =
    // fast-check takes a seed as a 32-bit integer and prints it signed: the same seed either way.
    (replay.seed | 0) !== (test.seed | 0)
      ? `it was made with seed ${replay.seed}, and this grader draws ${test.id} with seed ${test.seed | 0} (an id from another report: the student tool's and the graded run's are drawn apart)`
      : unit?.replayable !== undefined && !unit.replayable(replay.path)
        ? `${test.id} holds no case ${replay.path} here`
        : undefined;
  if (why !== undefined)
    throw new PitbossError(
      'BAD_REPLAY_ID',
      `cannot replay '${text}': ${why}; \`--only ${test.id}\` runs its cases here`,
    );
}

/** A report with this run's notes on the submission's pitboss.json, and nothing older. */

/** What the grader notes about a submission's own pitboss.json when the class is graded by another assignment. */
function rulesNotes(folder: string, rules: string): { declaredRules?: string; note?: string } {
  const declared = readDeclared(folder);
  if ('problem' in declared)
    return {
      note: `its ${CONFIG_FILE} ${declared.problem}: ignored, graded as ${rules}, the class's assignment`,
    };
  if (declared.rules === undefined || declared.rules === rules) return {};
  return {
    declaredRules: declared.rules,
    note: `its ${CONFIG_FILE} names ${declared.rules}: graded as ${rules}, the class's assignment (--assignment chooses)`,
  };
}

/** With --regrade-note: the note, and the score before and after, for a submission whose score moved. */

export interface Run {
  mode: Mode;
  flags: GradeFlags;
  assignment: Assignment;
  plan: PlannedTest[];
  limits: Limits;
  secret: string | undefined;
  secretHash: string;
  /** Every submission named (a class folder stands for each one in it). */
  submissions: string[];
  /**
   * A submission's folder as read, by its place. `check` reads every folder before anything is graded
   * (one that is no submission stops the run); `grade` reads each as its grading starts, and lets it
   * go with it, so that a class's files are not all in memory at once.
   */
  read: (order: number) => ReadFolder;
  /** Its file name under --out, per submission. */
  outNames: string[];
  shard: Shard;
  /** The submissions this run grades (a shard's share), with their place among all of them. */
  chosen: { folder: string; order: number }[];
  notes: { declaredRules?: string; note?: string }[];
  options: Omit<GradeOptions, 'workRoot'>;
  /** --compare: the earlier run's reports, by their file name under --out. */
  earlier?: Map<string, Report> | undefined;
  /** --compare, graded by the very same grader and settings: its reports, reused where unchanged. */
  reusable?: Map<string, Report> | undefined;
  /** What of the run decides its grades (RunIdentity without its format and files). */
  deciding: Omit<RunIdentity, 'format' | 'files'>;
  /** --submission-metadata with a rubric that declares a policy: what this submission spends. */
  tokens?: ReportTokens | undefined;
}

/** The rubric's submission policy applied to the submission Gradescope's metadata describes. */
function submissionTokens(mode: Mode, assignment: Assignment, flags: GradeFlags, graded: number) {
  if (flags.submissionMetadata === undefined) return undefined;
  if (mode !== 'grade' || graded !== 1)
    throw new PitbossError(
      'USAGE',
      '--submission-metadata describes one submission (Gradescope grades one at a time): grade exactly one',
    );
  // Both read before anything is graded: either one broken stops the run with exit status 2.
  const metadata = readSubmissionMetadata(flags.submissionMetadata);
  const policy = readSubmissionPolicy(assignment.rubricFile);
  if (policy === undefined) return undefined;
  const standing = tokenStanding(policy, metadata.earlier, metadata.now);
  return {
    allowance: policy.tokens,
    spent: standing.spent,
    left: standing.left,
    nextAt: new Date(standing.nextAt).toISOString(),
  } satisfies ReportTokens;
}

/**
 * `--only` that matches no test of the editions these submissions are graded in (a C++ one's files are
 * deck.cpp...) is refused, with what a prefix can start in those editions.
 */
function refuseUnmatchedOnly(
  assignment: Assignment,
  plan: readonly PlannedTest[],
  submissions: readonly string[],
  mode: Mode,
  only: readonly string[],
): void {
  const editions = new Set(
    submissions.map((folder) => editionFor(assignment, folder, declaredLanguage(folder))),
  );
  if (editions.size === 0) editions.add(assignment);
  const plans = [...editions].map((edition) => planForEdition(plan, assignment, edition));
  if (plans.some((edited) => selectTests(edited, { mode, only }).length > 0)) return;
  // What a prefix can start: a file a test grades, or the first part of a test id.
  const prefixes = [
    ...new Set(
      plans.flatMap((edited) =>
        selectTests(edited, { mode }).flatMap((test) => [test.file, `${test.id.split(/[.:]/)[0]}.`]),
      ),
    ),
  ];
  throw new PitbossError(
    'USAGE',
    `--only ${only.join(' ')} matches no test (a prefix of a file or an id: ${prefixes.join(', ')})`,
  );
}

/** Reads the command: nothing is graded or written here, and any usage error is thrown before. */
export async function planRun(mode: Mode, folders: string[], flags: GradeFlags, io: Io): Promise<Run> {
  // A folder named that is not there is a usage error, before anything; any other is graded.
  // So is a file: a submission, and a class, are folders (`grade README.md` grades nothing).
  for (const folder of folders) {
    if (!existsSync(folder)) throw new PitbossError('NO_SUCH_FOLDER', `no such folder: ${folder}`);
    if (!statSync(folder).isDirectory())
      throw new PitbossError(
        'NOT_A_FOLDER',
        `${folder} is a file, not a folder: name a submission's folder, or a class folder that holds them`,
      );
  }
  const assignment = await loadAssignment(chooseAssignment(mode, flags.assignment ?? flags.rules, folders));
  const secret = mode === 'grade' ? privateFolder(flags.private, assignment.name) : undefined;
  const plan = planTests(assignment, readCatalogue(assignment, secret), privateTranscriptCases(secret));
  const replay = flags.replay === undefined ? undefined : parseReplay(flags.replay);
  if (replay !== undefined) refuseForeignReplay(assignment, plan, replay, flags.replay!);
  // The assignment's limits (graders/<name>/index.ts), each overridable on the command line.
  const limits: Limits = {
    ...assignment.limits,
    ...(flags.timeout === undefined
      ? {}
      : { testTimeoutMs: flags.timeout * 1000, programTimeoutMs: flags.timeout * 1000 }),
    ...(flags.memory === undefined ? {} : { heapMb: flags.memory }),
    ...(flags.maxOutput === undefined ? {} : { outputBytes: flags.maxOutput }),
    ...(flags.budget === undefined ? {} : { budgetMs: Math.round(flags.budget * 1000) }),
  };
  const submissions = expandFolders(assignment, folders, io.stderr, flags.out);
  if (flags.only !== undefined) refuseUnmatchedOnly(assignment, plan, submissions, mode, flags.only);
  const readFirst = mode === 'check' ? readFolders(assignment, submissions, mode) : undefined;
  const read = (order: number) => readFirst?.[order] ?? readFolder(assignment, submissions[order]!, mode);
  // Names come from every submission, so a shard names each file as a run over all of them does.
  const outNames = outputNames(submissions);
  const shard = flags.shard ?? { index: 1, count: 1 };
  const chosen = submissions.flatMap((folder, order) => (inShard(order, shard) ? [{ folder, order }] : []));
  if (flags.compare !== undefined) {
    if (flags.out === undefined)
      throw new PitbossError('USAGE', '--compare compares this run with an earlier one: add --out <dir>');
    if (resolve(flags.compare) === resolve(flags.out))
      throw new PitbossError(
        'USAGE',
        '--compare and --out name the same folder: grade into a new folder, so the earlier run stays as it was',
      );
  }
  if (flags.regradeNote !== undefined && flags.compare === undefined)
    throw new PitbossError(
      'USAGE',
      '--regrade-note tells a score that moved since an earlier run: add --compare <dir>',
    );
  // Read (its checksum verified) before anything is graded: a folder that holds no run, or one changed
  // since, is an input error, not a late surprise.
  const earlierBatch =
    flags.compare === undefined ? undefined : readCheckedBatch(flags.compare, [secret]).batch;
  const earlier =
    earlierBatch === undefined
      ? undefined
      : new Map(
          earlierBatch.submissions.flatMap(({ name, report }) =>
            report === undefined ? [] : [[name, report] as const],
          ),
        );
  // The earlier run's results are this run's own where everything that decides a grade is the same
  // (grader, assignment, private part, limits, --only): an unchanged submission is not graded again.
  const secretHash = hashFolder(secret);
  /** What of this run decides its grades: compared with --compare's run, and written in the batch. */
  const deciding = {
    tool: TOOL_VERSION,
    sources: hashSources(),
    assignment: assignment.name,
    version: assignment.version,
    mode,
    only: flags.only,
    limits,
    secret: secretHash,
  };
  const sameGrader =
    earlierBatch !== undefined && gradeDecidingPart(earlierBatch.run) === gradeDecidingPart(deciding);
  if (REPORT_FORMATS[flags.format].onePerSubmission && chosen.length > 1 && flags.out === undefined) {
    throw new PitbossError('USAGE', `${flags.format} reports are one file per submission: add --out <dir>`);
  }
  const tokens = submissionTokens(mode, assignment, flags, chosen.length);
  // The class's assignment decides; a submission's pitboss.json that disagrees is noted, never followed.
  const notes = chosen.map(({ folder }) => (mode === 'grade' ? rulesNotes(folder, assignment.name) : {}));
  return {
    mode,
    flags,
    assignment,
    plan,
    limits,
    secret,
    secretHash,
    submissions,
    read,
    outNames,
    shard,
    chosen,
    notes,
    earlier,
    reusable: sameGrader ? earlier : undefined,
    deciding,
    tokens,
    options: {
      mode,
      limiter: countedLimiter(pLimit(flags.jobs)),
      limits,
      replay,
      only: flags.only,
      typesToo: flags.typesToo,
      jobs: flags.jobs,
      privateDir: secret,
      keep: mode === 'check' && flags.keep === true ? newKeeping() : undefined,
    },
  };
}

/**
 * What a run keeps of a finished submission until the end: a few fields, never its report, which
 * goes to the run's spool (the batch file and the reports on stdout read it back, one at a time).
 */
