// `pnpm fixtures:check` / `pnpm fixtures:update`: the golden transcripts against the reference CLI.
// Exit status: 0 all match, 1 a transcript differs (or is missing, or stale), 2 usage.
import { relative } from 'node:path';
import { orphanFiles, REPO_ROOT, readCaseFolders, runCases, writeGolden } from './transcript-fixtures.ts';

const mode = process.argv[2];
if (mode !== 'check' && mode !== 'update') {
  process.stderr.write('fixtures: expected `check` or `update` (usage: fixtures check|update)\n');
  process.exit(2);
}

const cases = readCaseFolders();
const outcomes = await runCases(cases);
let failures = 0;
for (const outcome of outcomes) {
  const name = relative(REPO_ROOT, outcome.case.file);
  if (outcome.problem === '') continue;
  if (mode === 'update' && outcome.case.regenerable && outcome.actual !== undefined) {
    writeGolden(outcome);
    console.log(`updated ${name} (${outcome.problem})`);
    continue;
  }
  failures++;
  console.log(`FAIL ${name}: ${outcome.problem}`);
}
for (const orphan of orphanFiles(cases)) {
  failures++;
  console.log(`FAIL ${relative(REPO_ROOT, orphan)}: no case in cases.txt makes or reads it`);
}
console.log(
  failures === 0
    ? `all ${cases.length} transcripts match the reference CLI`
    : `${failures} problem(s) in ${cases.length} transcripts`,
);
process.exitCode = failures === 0 ? 0 : 1;
