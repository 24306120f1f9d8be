// How a command that runs a submission's test again is written where it is read away from the run: on
// a page, in a report file, in the header of a test `check --keep` wrote.

/** A word the shell reads as itself: quoted when it holds anything but plain path characters. */
export const shellWord = (text: string): string =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;

/**
 * Where a command printed on a page or in a file (read away from the run) is to be run: pitboss runs
 * from the folder of the student tool or of the course's repository (`pnpm --silent pitboss`, whose
 * script lives there), with the submission's folder inside it; from the submission's own folder pnpm
 * would look for the script in the submission's package.json.
 */
export const RERUN_WHERE =
  "from the folder that holds your submission's folder (the student tool's, where you run pitboss)";

/**
 * A command that runs one test of a submission again, named by its folder's name, as RERUN_WHERE says:
 * its one counterexample (`replay`: only a grader that draws with the seed it was made with can), or
 * the test with the cases this grader draws (`only`).
 */
export function rerunCommand(name: string, what: { replay: string } | { only: string }): string {
  // A folder named like an option would be read as one.
  const named = name.startsWith('-') ? `./${name}` : name;
  const chosen = 'replay' in what ? `--replay ${shellWord(what.replay)}` : `--only ${shellWord(what.only)}`;
  return `pnpm --silent pitboss check ${shellWord(named === '' ? '.' : named)} ${chosen}`;
}
