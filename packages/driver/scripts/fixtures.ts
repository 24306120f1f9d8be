// `pnpm fixtures:check [which...]` / `pnpm fixtures:update [which...]`: the golden transcripts against
// the reference CLI; `which` narrows them to rule sets (`classic`), case folders or cases' files.
// Exit status: 0 all match, 1 a transcript differs (or is missing, or stale), 2 usage.
import { realpathSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  orphanFiles,
  REPO_ROOT,
  readCaseFolders,
  runCases,
  selectCases,
  writeGolden,
} from './transcript-fixtures.ts';

export interface FixturesOutput {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

const USAGE = 'usage: fixtures check|update [rule set | case folder | case file]...';

/** The command, in-process: its exit status. */
export async function fixturesCommand(
  args: readonly string[],
  out: FixturesOutput,
  cwd = process.cwd(),
): Promise<number> {
  const [mode, ...which] = args;
  if (mode !== 'check' && mode !== 'update') {
    out.stderr(`fixtures: expected \`check\` or \`update\` (${USAGE})`);
    return 2;
  }
  const every = readCaseFolders();
  let cases: ReturnType<typeof readCaseFolders>;
  try {
    cases = selectCases(every, which, cwd);
  } catch (error) {
    out.stderr(`fixtures: ${(error as Error).message}`);
    return 2;
  }
  const outcomes = await runCases(cases);
  let failures = 0;
  for (const outcome of outcomes) {
    const name = relative(REPO_ROOT, outcome.case.file);
    if (outcome.problem === '') continue;
    if (mode === 'update' && outcome.case.regenerable && outcome.actual !== undefined) {
      writeGolden(outcome);
      out.stdout(`updated ${name} (${outcome.problem})`);
      continue;
    }
    failures++;
    out.stdout(`FAIL ${name}: ${outcome.problem}`);
  }
  // A stale file is its folder's: looked for only when whole folders are checked, not single cases.
  const folders = new Set(cases.map((c) => c.folder));
  const whole = every.filter((c) => folders.has(c.folder));
  const orphans = whole.length === cases.length ? orphanFiles(cases) : [];
  for (const orphan of orphans) {
    failures++;
    out.stdout(`FAIL ${relative(REPO_ROOT, orphan)}: no case in cases.txt makes or reads it`);
  }
  out.stdout(
    failures === 0
      ? cases.length === 1
        ? '1 transcript matches the reference CLI'
        : `all ${cases.length} transcripts match the reference CLI`
      : `${failures} problem(s) in ${cases.length} transcripts`,
  );
  return failures === 0 ? 0 : 1;
}

// Run as a script (tsx packages/driver/scripts/fixtures.ts ...), not when a test imports it.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await fixturesCommand(process.argv.slice(2), {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
  });
}
