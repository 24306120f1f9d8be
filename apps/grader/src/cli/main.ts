// The pitboss CLI. The one place where an error becomes an exit status: 0 every test passed,
// 1 a test lost points, 2 usage or input error (one line on stderr, nothing graded), 3 the grading
// machinery failed (nothing it could not vouch for was scored or stored), 130/143 stopped by
// SIGINT/SIGTERM (its temporary folders removed).
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import pLimit from 'p-limit';
import { assignmentNames, loadAssignment } from '../assignments.ts';
import {
  type BatchEntry,
  CLASS_REPORT,
  GRADEBOOK,
  inShard,
  mergeBatches,
  NAME_BYTES,
  newBatch,
  parseShard,
  RESERVED_NAMES,
  type RunIdentity,
  type Shard,
  unsafeName,
  writeBatchFiles,
  writeSubmissionFiles,
} from '../batch.ts';
import { hashSources, REPO_ROOT } from '../bundle.ts';
import { infrastructureFault, runCanary, ungradableReport } from '../canary.ts';
import { CONFIG_FILE, chooseRules, readDeclared } from '../class-rules.ts';
import { EXIT_FAILURES, EXIT_INFRASTRUCTURE, EXIT_OK, EXIT_USAGE, PitbossError } from '../errors.ts';
import { gradeSubmission, type Replay, STUDENT_TOOL_NOTE, selectTests } from '../grade.ts';
import { openWorkRoot } from '../infrastructure.ts';
import type { Assignment, Limits } from '../kit/assignment.ts';
import { readCatalogue } from '../mutants/catalogue.ts';
import { renderSelfCheck, selfCheck } from '../mutants/self-check.ts';
import { planTests } from '../plan.ts';
import { privateFolder, privateTranscriptCases } from '../private-part.ts';
import { terminalLine } from '../report/human.ts';
import { FORMATS, type Format, REPORT_FORMATS, renderAll } from '../report/index.ts';
import type { Report, ReportView } from '../report/model.ts';
import { inView, VIEWS } from '../report/views.ts';
import { hashFolder, RESULTS_FOLDER, ResultStore } from '../results.ts';
import { sandboxSupport } from '../runner/sandbox.ts';
import { readSubmission, type Submission } from '../submission.ts';
import { TOOL_VERSION } from '../version.ts';
import { exportStudentTool } from './export.ts';
import { exportGradescope } from './export-gradescope.ts';
import { initSubmission } from './init.ts';
import { startProgress } from './progress.ts';

interface GradeFlags {
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
}

const shardOption = (value: string): Shard => {
  const shard = parseShard(value);
  if (shard === undefined) throw new InvalidArgumentError('expected i/n with 1 <= i <= n (e.g. 2/4)');
  return shard;
};

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('expected a positive integer');
  return Number(value);
};

function parseReplay(text: string): Replay {
  const match = /^(.+)@(-?\d+):([\d:]*)$/.exec(text);
  if (match === null)
    throw new PitbossError('BAD_REPLAY_ID', `'${text}' is not a replay id (expected <test>@<seed>:<path>)`);
  return { id: match[1]!, seed: Number(match[2]), path: match[3]! };
}

/**
 * The submissions named: a folder that is a submission is one; a folder holding submissions (a class)
 * stands for each folder in it, in name order, so that every student has a row (one whose folder is no
 * submission gets a verdict saying so). Hidden folders, node_modules and the --out folder are not students'.
 */
function expandFolders(
  assignment: Assignment,
  folders: readonly string[],
  io: Io,
  out: string | undefined,
): string[] {
  const files = new Set(assignment.studentFiles.map((file) => file.name));
  // By name only (a directory or a link named deck.ts counts): what it is, the submission's verdict says.
  const holdsSubmission = (dir: string) => {
    try {
      return readdirSync(dir).some((name) => files.has(name));
    } catch {
      return false;
    }
  };
  const skip = out === undefined ? undefined : resolve(out);
  return folders.flatMap((folder) => {
    if (!statSync(folder).isDirectory() || holdsSubmission(folder)) return [folder];
    let inside: string[];
    try {
      inside = readdirSync(folder, { withFileTypes: true })
        .filter(
          (entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules',
        )
        .map((entry) => join(folder, entry.name))
        .filter((dir) => resolve(dir) !== skip)
        .sort();
    } catch {
      return [folder];
    }
    if (!inside.some(holdsSubmission)) return [folder];
    io.stderr(`pitboss: ${folder} holds ${inside.length} submissions\n`);
    return inside;
  });
}

/** A report with this run's notes on the submission's pitboss.json, and nothing older. */
function withNotes(
  report: Report,
  { declaredRules, note }: { declaredRules?: string; note?: string },
): Report {
  const { declaredRules: _declared, ...submission } = report.submission;
  const { notes: older, ...rest } = report;
  // The grader's own note (the student tool's) stays; a note on pitboss.json is this run's alone.
  const notes = [
    ...(older ?? []).filter((text) => text === STUDENT_TOOL_NOTE),
    ...(note === undefined ? [] : [note]),
  ];
  return {
    ...rest,
    submission: declaredRules === undefined ? submission : { ...submission, declaredRules },
    ...(notes.length === 0 ? {} : { notes }),
  };
}

/** What the grader notes about a submission's own pitboss.json when the class is graded by another rule set. */
function rulesNotes(folder: string, rules: string): { declaredRules?: string; note?: string } {
  const declared = readDeclared(folder);
  if ('problem' in declared)
    return {
      note: `its ${CONFIG_FILE} ${declared.problem}: ignored, graded as ${rules}, the class's rule set`,
    };
  if (declared.rules === undefined || declared.rules === rules) return {};
  return {
    declaredRules: declared.rules,
    note: `its ${CONFIG_FILE} names ${declared.rules}: graded as ${rules}, the class's rule set (--rules chooses)`,
  };
}

/**
 * A file name per submission for --out: its folder's name, numbered when two share one (or when it is
 * a name the batch's own files take).
 */
function outputNames(folders: readonly string[]): string[] {
  const used = new Set<string>(RESERVED_NAMES);
  return folders.map((folder) => {
    // A folder's name is the student's: made a plain file name (no separator, control character or
    // leading dot, at most NAME_BYTES less room for a number), which writeSubmissionFiles insists on.
    let base = '';
    for (const char of basename(resolve(folder)).replace(/^\./, '_')) {
      const next = base + (unsafeName(`x${char}`) === undefined ? char : '_');
      if (Buffer.byteLength(next) > NAME_BYTES - 16) break;
      base = next;
    }
    if (base === '') base = 'submission';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()) || unsafeName(name) !== undefined; n++)
      name = `${base}-${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

async function runGrading(
  mode: 'check' | 'grade',
  folders: string[],
  flags: GradeFlags,
  io: Io,
): Promise<number> {
  // A folder named that is not there is a usage error, before anything; any other is graded.
  for (const folder of folders)
    if (!existsSync(folder)) throw new PitbossError('NO_SUCH_FOLDER', `no such folder: ${folder}`);
  const assignment = await loadAssignment(chooseRules(mode, flags.rules, folders));
  const secret = mode === 'grade' ? privateFolder(flags.private, assignment.name) : undefined;
  const plan = planTests(assignment, readCatalogue(assignment, secret), privateTranscriptCases(secret));
  const replay = flags.replay === undefined ? undefined : parseReplay(flags.replay);
  if (replay !== undefined && !plan.some((test) => test.id === replay.id)) {
    throw new PitbossError('BAD_REPLAY_ID', `no test '${replay.id}' in ${assignment.name}`);
  }
  if (flags.only !== undefined && selectTests(plan, { mode, only: flags.only }).length === 0) {
    throw new PitbossError('USAGE', `--only ${flags.only.join(' ')} matches no test`);
  }
  // The rule set's limits (graders/<rules>/index.ts), each overridable on the command line.
  const limits: Limits = {
    ...assignment.limits,
    ...(flags.timeout === undefined
      ? {}
      : { testTimeoutMs: flags.timeout * 1000, programTimeoutMs: flags.timeout * 1000 }),
    ...(flags.memory === undefined ? {} : { heapMb: flags.memory }),
    ...(flags.maxOutput === undefined ? {} : { outputBytes: flags.maxOutput }),
    ...(flags.budget === undefined ? {} : { budgetMs: flags.budget * 1000 }),
  };
  const submissions = expandFolders(assignment, folders, io, flags.out);
  // A folder that cannot be graded gets a verdict of its own; the others are graded all the same.
  // (A student's `check` of a folder that is no submission is a usage error: there is nothing else.)
  // Each folder is read once, safely (snapshot.ts); grading and the result store use what was read.
  const read = submissions.map((folder): { submission: Submission } | { problem: string } => {
    try {
      return { submission: readSubmission(assignment, folder) };
    } catch (error) {
      if (mode === 'check' && error instanceof PitbossError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      return {
        problem:
          error instanceof PitbossError
            ? error.message
            : `${folder} cannot be read: ${typeof code === 'string' ? code : (error as Error).message}`,
      };
    }
  });
  // Names come from every submission, so a shard names each file as a run over all of them does.
  const outNames = outputNames(submissions);
  const shard = flags.shard ?? { index: 1, count: 1 };
  const chosen = submissions.flatMap((folder, order) => (inShard(order, shard) ? [{ folder, order }] : []));
  if (REPORT_FORMATS[flags.format].onePerSubmission && chosen.length > 1 && flags.out === undefined) {
    throw new PitbossError('USAGE', `${flags.format} reports are one file per submission: add --out <dir>`);
  }
  const support = sandboxSupport();
  for (const warning of support.missing) io.stderr(`pitboss: WARNING: not enforced: ${warning}\n`);
  // The class's rule set decides; a submission's pitboss.json that disagrees is noted, never followed.
  const notes = chosen.map(({ folder }) => (mode === 'grade' ? rulesNotes(folder, assignment.name) : {}));
  for (const [i, { note }] of notes.entries())
    if (note !== undefined) io.stderr(`pitboss: ${chosen[i]!.folder}: ${note}\n`);
  if (flags.shard !== undefined)
    io.stderr(
      `pitboss: shard ${shard.index}/${shard.count}: ${chosen.length} of ${submissions.length} submissions\n`,
    );
  const secretHash = hashFolder(secret);
  const out = flags.out;
  // Nothing is written under --out before the canary passed: the store is made on first use.
  let store: ResultStore | undefined;
  const storeNow = (dir: string) => {
    store ??= new ResultStore(dir, {
      assignment: assignment.name,
      version: assignment.version,
      mode,
      only: flags.only,
      limits,
      secret: secretHash,
    });
    return store;
  };
  const stored = (submission: Submission | undefined) =>
    out === undefined || submission === undefined || !existsSync(join(out, RESULTS_FOLDER))
      ? undefined
      : storeNow(out).read(submission);
  const work = openWorkRoot({ otherUser: support.layers.has('setpriv') });
  const limiter = pLimit(flags.jobs);
  const options = {
    mode,
    workRoot: work.path,
    limiter,
    limits,
    replay,
    only: flags.only,
    jobs: flags.jobs,
    privateDir: secret,
  };
  const progress =
    chosen.length > 1 ? startProgress(chosen.length, io.stderr, io.progressTerminal) : undefined;
  const stderr = progress?.log ?? io.stderr;
  let reused = 0;
  // Finished results, told on stdout in the submissions' order whatever order they finish in.
  const finished: (BatchEntry & { path?: string | undefined; infrastructure?: boolean })[] = [];
  let told = 0;
  const tell = () => {
    for (; told < chosen.length && finished[told] !== undefined; told++) {
      const { report, error, path, infrastructure } = finished[told]!;
      if (error !== undefined)
        stderr(
          `pitboss: ${infrastructure ? 'infrastructure error: ' : ''}could not grade ${terminalLine(chosen[told]!.folder)}: ${terminalLine(error)}${infrastructure ? ' (not scored, not stored)' : ''}\n`,
        );
      if (report !== undefined && path !== undefined)
        io.stdout(
          `${terminalLine(report.submission.name)}: ${report.score}/${report.maxScore} -> ${terminalLine(path)}\n`,
        );
    }
  };
  // The canary: the reference graded as a submission is. The first --jobs submissions are graded
  // beside it; every result waits for it, and none counts if it fails.
  let canaryFailure: string | undefined;
  const canary = runCanary(assignment, plan, options).then((failure) => {
    canaryFailure = failure;
  });
  try {
    await Promise.all([
      canary,
      ...chosen.map(async ({ folder, order }, i) => {
        if (i >= flags.jobs) await canary;
        if (canaryFailure !== undefined) return;
        const name = outNames[order]!;
        const entry = read[order]!;
        const submission = 'submission' in entry ? entry.submission : undefined;
        let report = stored(submission);
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
        await canary;
        if (canaryFailure !== undefined) return;
        if (out !== undefined) mkdirSync(out, { recursive: true });
        // Stored as graded; the notes on its pitboss.json are this run's (the file is not in the key).
        if (
          !wasStored &&
          !infrastructure &&
          submission !== undefined &&
          report !== undefined &&
          out !== undefined
        )
          storeNow(out).write(submission, report);
        if (report !== undefined) report = withNotes(report, notes[i]!);
        // Written as soon as it is graded: a batch stopped half-way keeps everything finished.
        const path =
          report === undefined || out === undefined
            ? undefined
            : writeSubmissionFiles(out, name, report, flags.format, { grade: mode === 'grade' });
        finished[i] = { order, name, report, error, path, infrastructure };
        progress?.done(name, report, wasStored);
        tell();
      }),
    ]);
  } finally {
    progress?.stop();
    work.remove();
  }
  if (canaryFailure !== undefined)
    throw new PitbossError('INFRASTRUCTURE', `${canaryFailure}; nothing was graded`);
  const reports = finished.flatMap((entry) => (entry.report === undefined ? [] : [entry.report]));
  if (store !== undefined)
    io.stderr(`pitboss: ${reports.length - reused} graded, ${reused} reused from ${out}\n`);

  if (out !== undefined) {
    mkdirSync(out, { recursive: true });
    // Each report is written above, as it finished; a grade run adds the class's files.
    if (mode === 'grade') {
      const run: RunIdentity = {
        tool: TOOL_VERSION,
        sources: hashSources(),
        assignment: assignment.name,
        version: assignment.version,
        mode,
        format: flags.format,
        only: flags.only,
        limits,
        secret: secretHash,
      };
      const batch = newBatch(
        run,
        shard,
        submissions.length,
        finished.map(({ order, name, report, error }) => ({ order, name, report, error })),
      );
      writeBatchFiles(out, batch, { privateDir: secret });
      io.stdout(`class report -> ${join(out, CLASS_REPORT)}\ngradebook -> ${join(out, GRADEBOOK)}\n`);
    }
  } else {
    // A student's check is always the student's view; grade's stdout is the instructor's unless --view.
    const view = mode === 'check' ? 'student' : (flags.view ?? 'instructor');
    const shown = reports.map((report) => inView(report, view));
    if (shown.length > 0) io.stdout(renderAll(shown, flags.format, io.color));
  }
  if (finished.some((entry) => entry.infrastructure === true)) return EXIT_INFRASTRUCTURE;
  const full = finished.every(
    (entry) => entry.report !== undefined && entry.report.score === entry.report.maxScore,
  );
  return full ? EXIT_OK : EXIT_FAILURES;
}

/** `pitboss merge`: the shards' --out folders as one, written as one run over every submission writes it. */
function runMerge(dirs: readonly string[], out: string, io: Io, privateDir?: string): number {
  // The private part keys the shards' checksums: the one that graded them (--private, or the default).
  const batch = mergeBatches(dirs, { privateDir });
  mkdirSync(out, { recursive: true });
  for (const { name, report, error } of batch.submissions) {
    if (report === undefined) {
      io.stderr(`pitboss: ${name} was not graded: ${error ?? 'no result'}\n`);
      continue;
    }
    const path = writeSubmissionFiles(out, name, report, batch.run.format, { grade: true });
    io.stdout(
      `${terminalLine(report.submission.name)}: ${report.score}/${report.maxScore} -> ${terminalLine(path)}\n`,
    );
  }
  writeBatchFiles(out, batch, { privateDir });
  io.stdout(`class report -> ${join(out, CLASS_REPORT)}\ngradebook -> ${join(out, GRADEBOOK)}\n`);
  io.stderr(`pitboss: merged ${batch.submissions.length} submissions from ${dirs.length} folders\n`);
  const full = batch.submissions.every(
    ({ report }) => report !== undefined && report.score === report.maxScore,
  );
  return full ? EXIT_OK : EXIT_FAILURES;
}

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  color: boolean;
  /** stderr when it is a terminal: a batch draws its progress bar there; else plain lines go to stderr. */
  progressTerminal?: NodeJS.WriteStream | undefined;
}

function program(io: Io, setStatus: (status: number) => void): Command {
  const cli = new Command('pitboss')
    .description('Grades Blackjack submissions with property-based tests and transcript diffs')
    .version(TOOL_VERSION)
    .exitOverride()
    .showSuggestionAfterError(false)
    .configureOutput({ writeOut: io.stdout, writeErr: () => {} })
    .addHelpText(
      'after',
      '\nExit status: 0 every test passed; 1 a test lost points; 2 usage or input error, nothing graded;\n3 the grading machinery failed (infrastructure error): nothing was scored; 130/143 stopped by SIGINT/SIGTERM.\n',
    );

  const gradeOptions = (command: Command) =>
    command
      .option(
        '--rules <name>',
        `rule set (${assignmentNames().join(', ')}); default: the class folder's pitboss.json (check: the submission's), else classic`,
      )
      .addOption(new Option('--format <format>', 'report format').choices(FORMATS).default('human'))
      .option('--out <dir>', 'write one report file per submission into <dir> instead of stdout')
      .option('--jobs <n>', 'student processes at once', positiveInteger, availableParallelism())
      .option(
        '--timeout <seconds>',
        'time limit per test and per program run, overriding the rule set',
        positiveInteger,
      )
      .option(
        '--budget <seconds>',
        "time all of one submission's tests may take together, overriding the rule set's; what is left after it is not run",
        positiveInteger,
      )
      .option(
        '--memory <MiB>',
        "heap limit per student process (resident memory: twice that), overriding the rule set's",
        positiveInteger,
      )
      .option('--max-output <bytes>', "most a program may print, overriding the rule set's", positiveInteger)
      .option(
        '--only <prefix...>',
        'only the tests whose id or file begins with a prefix (deck.ts, deck.model, transcript.course)',
      );

  cli
    .command('init')
    .description('write a starter submission into <dir>')
    .argument('<dir>')
    .option('--rules <name>', 'rule set', 'classic')
    .action(async (dir: string, flags: { rules: string }) => {
      const assignment = await loadAssignment(flags.rules);
      const written = initSubmission(assignment, dir);
      io.stdout(`Wrote a ${assignment.name} starter submission to ${dir}: ${written.join(', ')}\n`);
      io.stdout(`Next: write the files, then run \`pnpm --silent pitboss check ${dir}\` from this folder.\n`);
      setStatus(EXIT_OK);
    });

  gradeOptions(
    cli
      .command('check')
      .description("a student's run: the visible tests, with feedback for people")
      .argument('[dir]', 'the submission', '.')
      .option('--replay <id>', 'run one counterexample again, from the id a report printed'),
  ).action(async (dir: string, flags: GradeFlags) => setStatus(await runGrading('check', [dir], flags, io)));

  gradeOptions(
    cli
      .command('grade')
      .description("an instructor's run: every test, one result per submission")
      .argument('<dirs...>', 'submissions')
      .option(
        '--shard <i/n>',
        'grade only the i-th of n shares of the submissions (dealt round-robin in order); `pitboss merge` joins them',
        shardOption,
      )
      .option(
        '--private <dir>',
        "the instructor's private part (its mutants.json); default: instructor/<rules>/ when present",
      )
      .addOption(
        new Option(
          '--view <view>',
          "whose view stdout shows: student (hidden tests by number and score only) or instructor (everything); --out writes the students' files at its top and the instructor's under instructor/",
        )
          .choices(VIEWS)
          .default('instructor'),
      ),
  ).action(async (dirs: string[], flags: GradeFlags) =>
    setStatus(await runGrading('grade', dirs, flags, io)),
  );

  cli
    .command('merge')
    .description(
      "join the --out folders of `pitboss grade --shard` runs: one class report, gradebook and every submission's files",
    )
    .argument('<dirs...>', "the shards' --out folders")
    .requiredOption('--out <dir>', 'where to write the merged files')
    .option(
      '--private <dir>',
      "the instructor's private part the shards were graded with (it verifies their checksums); default: instructor/<rules>/ when present",
    )
    .action((dirs: string[], flags: { out: string; private?: string }) =>
      setStatus(runMerge(dirs, flags.out, io, flags.private)),
    );

  cli
    .command('export-student-tool')
    .description(
      'write the student tool into <dir>: the grader and the visible tests as recorded cases, without the reference, mutants, fixtures or anything hidden',
    )
    .argument('<dir>')
    .action(async (dir: string) => {
      const work = openWorkRoot({ otherUser: sandboxSupport().layers.has('setpriv') });
      try {
        const count = await exportStudentTool(dir, work.path);
        io.stdout(
          `Wrote ${count} files to ${dir}: no reference, no mutant, nothing hidden. Students run there: npm install -g pnpm@10 && pnpm install && pnpm --silent pitboss check <their folder>\n`,
        );
        setStatus(EXIT_OK);
      } finally {
        work.remove();
      }
    });

  cli
    .command('export-gradescope')
    .description(
      "write the zip Gradescope's autograder takes: setup.sh, run_autograder and the grader, the private part included (the zip never reaches students)",
    )
    .argument('<file.zip>')
    .requiredOption('--rules <name>', `rule set (${assignmentNames().join(', ')})`)
    .option('--private <dir>', "the instructor's private part; default: instructor/<rules>/ when present")
    .action(async (file: string, flags: { rules: string; private?: string }) => {
      const written = await exportGradescope(flags.rules, file, { privateDir: flags.private });
      io.stdout(
        `Wrote ${file}: ${written.files} files, ${written.privatePart === undefined ? 'no private part' : `the private part as ${written.privatePart}/`}. Upload it as a Gradescope programming assignment's autograder.\n`,
      );
      setStatus(EXIT_OK);
    });

  cli
    .command('mutants')
    .description(
      "the grader's self-check: every mutant caught by a test of its file, every fixture judged right",
    )
    .option('--rules <name>', 'rule set', 'classic')
    .option('--private <dir>', "the instructor's private part; default: instructor/<rules>/ when present")
    .option('--fixtures <dir>', 'fixture submissions; default: fixtures/submissions/<rules>/')
    .option('--jobs <n>', 'student processes at once', positiveInteger, availableParallelism())
    .action(async (flags: { rules: string; private?: string; fixtures?: string; jobs: number }) => {
      const assignment = await loadAssignment(flags.rules);
      const secret = privateFolder(flags.private, assignment.name);
      const mutants = readCatalogue(assignment, secret);
      const work = openWorkRoot({ otherUser: sandboxSupport().layers.has('setpriv') });
      const workRoot = work.path;
      try {
        const check = await selfCheck({
          assignment,
          plan: planTests(assignment, mutants, privateTranscriptCases(secret)),
          mutants,
          fixturesDir: flags.fixtures ?? join(REPO_ROOT, 'fixtures/submissions', assignment.name),
          workRoot,
          limiter: pLimit(flags.jobs),
          limits: assignment.limits,
          jobs: flags.jobs,
        });
        io.stdout(renderSelfCheck(check));
        setStatus(check.ok ? EXIT_OK : EXIT_FAILURES);
      } finally {
        work.remove();
      }
    });

  return cli;
}

export async function runPitboss(argv: readonly string[], io: Io): Promise<number> {
  let status = EXIT_OK;
  try {
    await program(io, (next) => {
      status = next;
    }).parseAsync([...argv], { from: 'user' });
    return status;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      if (error.code === 'commander.help') return EXIT_OK;
      io.stderr(`pitboss: ${error.message.replace(/^error: /, '')}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof PitbossError) {
      if (error.code === 'INFRASTRUCTURE') {
        io.stderr(`pitboss: infrastructure error: ${error.message}\n`);
        return EXIT_INFRASTRUCTURE;
      }
      io.stderr(`pitboss: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

/** Colour only for a terminal, never under NO_COLOR (https://no-color.org), always under FORCE_COLOR. */
export function wantsColor(env: NodeJS.ProcessEnv, isTerminal: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return isTerminal && env.TERM !== 'dumb';
}

export async function main(): Promise<void> {
  // The sandbox user reads the bundles and stages this process writes: a user's restrictive umask
  // (077) would lock it out of every run. What must stay private is kept in 0711 folders with
  // unguessable names (infrastructure.ts), not by the umask.
  process.umask(0o022);
  process.exitCode = await runPitboss(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    color: wantsColor(process.env, process.stdout.isTTY === true),
    progressTerminal: process.stderr.isTTY === true ? process.stderr : undefined,
  });
}
