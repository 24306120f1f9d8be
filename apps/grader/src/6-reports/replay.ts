// How a report tells a failing test to be run again: the command, from where it is to be run.
import { basename, isAbsolute, relative, resolve } from 'node:path';
import type { Report } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import { RERUN_WHERE, rerunCommand, shellWord } from '../kit/rerun.ts';

/**
 * Where a printed replay command is to be run: the working directory of the run that printed it (its
 * stdout), or the submission's own folder (a page or a file read elsewhere, where no path of the
 * grading machine is true).
 */
export type ReplayFrom = { cwd: string } | 'submission';

/**
 * The command that runs one counterexample again, run as printed from where it is to be run. From the
 * run's working directory: the way this project runs pitboss (`pnpm --silent pitboss`, which resolves
 * folders from there) and the folder as that directory reaches it (`folder` is the path the run was
 * given). From the submission's folder: `pitboss check .`, the folder itself, with pitboss as the course
 * installs it (pnpm would look for its script in the submission's own package.json).
 */
export function replayCommand(folder: string, replay: string, from: ReplayFrom): string {
  return commandFrom(folder, { replay }, from);
}

/** replayCommand's folder and place, for a counterexample (`replay`) or a test's own cases (`only`). */
function commandFrom(folder: string, what: { replay: string } | { only: string }, from: ReplayFrom): string {
  if (from === 'submission') return rerunCommand(basename(folder), what);
  const reached = isAbsolute(folder) ? folder : relative(from.cwd, resolve(from.cwd, folder)) || '.';
  // A folder named like an option would be read as one.
  const named = reached.startsWith('-') ? `./${reached}` : reached;
  const chosen = 'replay' in what ? `--replay ${shellWord(what.replay)}` : `--only ${shellWord(what.only)}`;
  return `pnpm --silent pitboss check ${shellWord(named)} ${chosen}`;
}

/**
 * The line a text report (human, JUnit) gives a failing test to run it again, as the page does
 * (rerunFor): a grade's student view names the test for the student's own check (`--only`), since its
 * counterexample was drawn with the course's seed, which only the course's grader draws with (the
 * student tool refuses that id); any other report, the counterexample itself (`replay: ...`).
 */
export function rerunLine(
  report: Pick<Report, 'mode' | 'view' | 'submission'>,
  test: Pick<TestResult, 'id' | 'replay'>,
  from: ReplayFrom,
): string | undefined {
  if (test.replay === undefined) return undefined;
  if (report.mode === 'grade' && report.view === 'student')
    return `your own check runs this test too, with cases of its own: ${commandFrom(report.submission.path, { only: test.id }, from)}`;
  return `replay: ${replayCommand(report.submission.path, test.replay, from)}`;
}

/**
 * How a page tells a failing test to be run again. A student's check: its counterexample, with the
 * tool that drew it. A grade's student view: the graded cases are drawn with the course's seed, which
 * only the course's grader draws with, so the student's own check of the same test (cases of its own).
 * An instructor's view: the counterexample, with the course's grader.
 */
export function rerunFor(
  report: Pick<Report, 'mode' | 'view' | 'submission'>,
  test: Pick<TestResult, 'id' | 'replay'>,
): { words: string; command: string } | undefined {
  if (test.replay === undefined) return undefined;
  const name = report.submission.name;
  if (report.mode === 'grade' && report.view === 'student')
    return {
      words: `Your own check runs this test too, with cases of its own (this case was drawn with the graded seed, which only the course's grader draws), ${RERUN_WHERE}`,
      command: rerunCommand(name, { only: test.id }),
    };
  return {
    words:
      report.mode === 'grade'
        ? "Run this case again with the course's grader, in its repository (the submission's folder named as it is from there)"
        : `Run it again, ${RERUN_WHERE}`,
    command: rerunCommand(name, { replay: test.replay }),
  };
}
