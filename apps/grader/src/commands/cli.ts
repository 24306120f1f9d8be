// The pitboss CLI: the commands declared (each a plain function in ../commands/), and the one place
// where an error becomes an exit status: 0 every test passed, 1 a test lost points, 2 usage or input
// error (one line on stderr, nothing graded), 3 the grading machinery failed (nothing it could not
// vouch for was scored or stored), 130/143 stopped by SIGINT/SIGTERM (its temporary folders removed).
import { availableParallelism } from 'node:os';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { FORMATS } from '../6-reports/index.ts';
import { VIEWS } from '../6-reports/views.ts';
import { assignmentNames, defaultAssignment } from '../assignment/load.ts';
import { parseShard, type Shard } from '../class/batch.ts';
import {
  EXIT_INFRASTRUCTURE,
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_USAGE,
  PitbossError,
} from '../plumbing/errors.ts';
import { killChildren } from '../plumbing/infrastructure.ts';
import { writeTimings } from '../plumbing/timings.ts';
import { TOOL_VERSION } from '../plumbing/version.ts';
import { check } from './check.ts';
import { compare } from './compare.ts';
import { exportGradescopeZip } from './export-gradescope.ts';
import { exportStudentTool } from './export-student-tool.ts';
import { grade } from './grade.ts';
import { init } from './init.ts';
import type { Io } from './io.ts';
import { merge } from './merge.ts';
import { type MutantsFlags, mutants } from './mutants.ts';
import type { GradeFlags } from './run-plan.ts';
import { type SimilarityFlags, similarity } from './similarity.ts';
import { watchCheck } from './watch.ts';

export type { Io } from './io.ts';

const shardOption = (value: string): Shard => {
  const shard = parseShard(value);
  if (shard === undefined) throw new InvalidArgumentError('expected i/n with 1 <= i <= n (e.g. 2/4)');
  return shard;
};

/** `--rules`, the older name of `--assignment`: still taken, no longer shown. */
const olderName = () => new Option('--rules <name>', 'the older name of --assignment').hideHelp();

interface Named {
  assignment?: string;
  rules?: string;
}

/** The assignment a command names, by either name, else the project's default. */
const named = (flags: Named): { assignment: string } => ({
  assignment: flags.assignment ?? flags.rules ?? defaultAssignment(),
});

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('expected a positive integer');
  return Number(value);
};

/** Seconds, whole or to a tenth (`2.5`), above 0. */
const positiveSeconds = (value: string): number => {
  if (!/^\d+(\.\d)?$/.test(value) || Number(value) <= 0)
    throw new InvalidArgumentError('expected a number of seconds above 0, to a tenth at most (2.5)');
  return Number(value);
};

function program(io: Io, setStatus: (status: number) => void): Command {
  const cli = new Command('pitboss')
    .description('Grades programming assignments with property-based tests and transcript diffs')
    .version(TOOL_VERSION)
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: io.stdout, writeErr: () => {} })
    .addHelpText(
      'after',
      '\nExit status: 0 every test passed; 1 a test lost points; 2 usage or input error, nothing graded;\n3 the grading machinery failed (infrastructure error): nothing was scored; 130/143 stopped by SIGINT/SIGTERM.\n',
    );

  const gradeOptions = (command: Command) =>
    command
      .option(
        '--assignment <name>',
        `the assignment (${assignmentNames().join(', ')}); default: the class folder's pitboss.json (check: the submission's), else the project's default`,
      )
      .addOption(olderName())
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
        "time all of one submission's tests may take together (a tenth of a second at most: 2.5), overriding the rule set's; what is left after it is not run",
        positiveSeconds,
      )
      .option(
        '--memory <MiB>',
        "heap limit per student process (resident memory: twice that), overriding the rule set's",
        positiveInteger,
      )
      .option('--max-output <bytes>', "most a program may print, overriding the rule set's", positiveInteger)
      .option(
        '--only <prefix...>',
        'only the tests whose id or file begins with a prefix (a file, a test id, transcript., mutant. for your own tests)',
      );

  cli
    .command('init')
    .description('write a starter submission into <dir>')
    .argument('<dir>')
    .option('--assignment <name>', `the assignment (${assignmentNames().join(', ')}); default: the project's`)
    .addOption(olderName())
    .option('--language <name>', "the edition's language: ts (the default) or cpp (C++, with a Makefile)")
    .action(async (dir: string, flags: Named & { language?: string }) =>
      setStatus(await init(dir, { ...named(flags), language: flags.language }, io)),
    );

  gradeOptions(
    cli
      .command('check')
      .description("a student's run: the visible tests, with feedback for people")
      .argument('[dir]', 'the submission', '.')
      .option('--replay <id>', 'run one counterexample again, from the id a report printed')
      .option(
        '--watch',
        'check again each time a file of the submission is saved, telling only what changed since the run before (tests newly failing, fixed, the score); Ctrl-C stops (exit 0)',
      )
      .option(
        '--keep',
        "write each failing visible test as a test of your own format in tests/ (kept.<test id>.test.ts: the counterexample's calls with the expected answers, or the program's words, stdin and expected output); kept tests are the grader's and earn no own-tests points",
      ),
  ).action(async (dir: string, flags: GradeFlags & { watch?: boolean }) =>
    setStatus(
      flags.watch === true ? await watchUntilInterrupted(dir, flags, io) : await check(dir, flags, io),
    ),
  );

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
        "the instructor's private part (its mutants.json); default: instructor/<assignment>/ when present",
      )
      .addOption(
        new Option(
          '--view <view>',
          "whose view stdout shows: student (hidden tests by number and score only) or instructor (everything); --out writes the students' files at its top and the instructor's under instructor/",
        )
          .choices(VIEWS)
          .default('instructor'),
      )
      .option(
        '--regrade-note <text>',
        "with --compare: a note on each submission whose score moved, in every format and on its page ('<text>: your score went 88/100 -> 91/100')",
      )
      .option(
        '--submission-metadata <file>',
        "Gradescope's submission_metadata.json (run_autograder passes it): applies the rubric's submission policy (`submissions`: tokens that refill) to the one submission graded, as of its created_at",
      )
      .option(
        '--compare <dir>',
        "an earlier run's --out folder: after grading, list every submission whose result moved, with the old and new evidence and why (needs --out; the earlier folder is only read)",
      ),
  ).action(async (dirs: string[], flags: GradeFlags) => setStatus(await grade(dirs, flags, io)));

  cli
    .command('compare')
    .description(
      'preview a regrade: every submission whose result moved between two `grade --out` folders, each changed test with its old and new evidence, and why (the submission or the grader: which files)',
    )
    .argument('<earlier>', "the earlier run's --out folder")
    .argument('<later>', "the later run's --out folder")
    .addOption(new Option('--format <format>', 'human or json').choices(['human', 'json']).default('human'))
    .option(
      '--private <dir>',
      "the instructor's private part that graded the runs, to verify their checksums; default: instructor/<assignment>/ when it is that part",
    )
    .action((earlier: string, later: string, flags: { format: 'human' | 'json'; private?: string }) =>
      setStatus(compare(earlier, later, flags, io)),
    );

  cli
    .command('similarity')
    .description(
      'for staff only: pairs of submissions of a class ranked by code similarity (the provided files and the starter left out), side by side on an HTML page, and, given a grade run, submissions that fail alike; never a verdict',
    )
    .argument('<class>', 'a folder of submission folders')
    .requiredOption('--out <dir>', 'where to write similarity.html and similarity.json')
    .option(
      '--results <dir>',
      'the --out folder of a `pitboss grade` run of this class: also group submissions that fail the same test with the same evidence',
    )
    .option(
      '--assignment <name>',
      `the assignment (${assignmentNames().join(', ')}); default: the class folder's pitboss.json, else the project's default`,
    )
    .addOption(olderName())
    .action(async (dir: string, flags: Named & SimilarityFlags) =>
      setStatus(await similarity(dir, { ...flags, assignment: flags.assignment ?? flags.rules }, io)),
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
      "the instructor's private part the shards were graded with (it verifies their checksums); default: instructor/<assignment>/ when present",
    )
    .action((dirs: string[], flags: { out: string; private?: string }) => setStatus(merge(dirs, flags, io)));

  cli
    .command('export-student-tool')
    .description(
      'write the student tool into <dir>: the grader and the visible tests as recorded cases, without the reference, mutants, fixtures or anything hidden',
    )
    .argument('<dir>')
    .option(
      '--update',
      "refresh a tool written before in <dir>: its own files replaced, removed if no longer the tool's; .git and every other file kept",
    )
    .action(async (dir: string, options: { update?: boolean }) =>
      setStatus(await exportStudentTool(dir, io, { update: options.update === true })),
    );

  cli
    .command('export-gradescope')
    .description(
      "write the zip Gradescope's autograder takes: setup.sh, run_autograder and the grader, the private part included (the zip never reaches students)",
    )
    .argument('<file.zip>')
    .option('--assignment <name>', `the assignment (${assignmentNames().join(', ')})`)
    .addOption(olderName())
    .option(
      '--private <dir>',
      "the instructor's private part; default: instructor/<assignment>/ when present",
    )
    .action(async (file: string, flags: Named & { private?: string }) => {
      const assignment = flags.assignment ?? flags.rules;
      if (assignment === undefined)
        throw new PitbossError('USAGE', 'name the assignment: --assignment <name>');
      setStatus(await exportGradescopeZip(file, { ...flags, assignment }, io));
    });

  cli
    .command('mutants')
    .description(
      "the grader's self-check: each property's situations reached at their floors, every mutant caught by a test of its file, every fixture judged right",
    )
    .option('--assignment <name>', `the assignment (${assignmentNames().join(', ')}); default: the project's`)
    .addOption(olderName())
    .option(
      '--private <dir>',
      "the instructor's private part; default: instructor/<assignment>/ when present",
    )
    .option(
      '--fixtures <dir>',
      'fixture submissions; default: fixtures/submissions/<assignment>/ (<assignment>-cpp/ with --language cpp)',
    )
    .option('--language <name>', 'check the edition in this language: ts (the default) or cpp')
    .option('--jobs <n>', 'student processes at once', positiveInteger, availableParallelism())
    .option(
      '--coverage',
      "only the corner coverage: the situations each property's fixed seeds reach, against their floors",
    )
    .action(async (flags: Named & Omit<MutantsFlags, 'assignment'>) =>
      setStatus(await mutants({ ...flags, ...named(flags) }, io)),
    );

  return cli;
}

/**
 * `check --watch` until Ctrl-C, which ends it cleanly with 130, the status a shell gives any command
 * Ctrl-C stops (so `pnpm pitboss`, which itself answers Ctrl-C with 130, says the same as the bare
 * CLI). Idle, the watch just stops; during a
 * run, the students' processes are killed and the process exits at once: its exit handlers remove the
 * run's work folder (registered after this handler, the work root's own SIGINT handler, which exits 130,
 * never runs).
 */
async function watchUntilInterrupted(dir: string, flags: GradeFlags, io: Io): Promise<number> {
  const controller = new AbortController();
  let busy = false;
  const interrupted = () => {
    if (busy) {
      killChildren();
      process.exit(EXIT_INTERRUPTED);
    }
    controller.abort();
  };
  process.prependListener('SIGINT', interrupted);
  try {
    const status = await watchCheck(dir, flags, io, {
      signal: controller.signal,
      onBusy: (now) => {
        busy = now;
      },
    });
    return controller.signal.aborted && status === EXIT_OK ? EXIT_INTERRUPTED : status;
  } finally {
    process.off('SIGINT', interrupted);
  }
}

export async function runPitboss(argv: readonly string[], io: Io): Promise<number> {
  let status = EXIT_OK;
  try {
    const cli = program(io, (next) => {
      status = next;
    });
    // No command at all: what there is to run, and the status of a usage error (nothing was done).
    if (argv.length === 0) {
      io.stderr(cli.helpInformation());
      return EXIT_USAGE;
    }
    await cli.parseAsync([...argv], { from: 'user' });
    return status;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      if (error.code === 'commander.help') return EXIT_OK;
      // One line: commander puts its "(Did you mean --jobs?)" on a line of its own.
      const message = error.message
        .replace(/^error: /, '')
        .replace(/\n\(Did you mean ([^)]*)\)/, ' (did you mean $1)');
      io.stderr(`pitboss: ${message}\n`);
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
  // A reader that has what it wanted (`pitboss grade ... | head`) closes the pipe: stop quietly, as
  // the blackjack CLI does (status 0: the reader has all it wanted), the students' processes killed and
  // the work folder removed (on exit).
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    killChildren();
    process.exit(EXIT_OK);
  });
  process.exitCode = await runPitboss(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    color: wantsColor(process.env, process.stdout.isTTY === true),
    progressTerminal: process.stderr.isTTY === true ? process.stderr : undefined,
  });
  // A bench's side channel (phases.ts): where the time went, never part of a report.
  writeTimings();
}
