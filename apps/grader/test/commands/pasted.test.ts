// Every command pitboss prints works when pasted (issue 30): a replay line, run as printed from where
// it was printed, reproduces its failure (exit 1), in the grader and in the exported student tool; a
// replay id a tool cannot run as printed (another tool's seed) is refused in one line, exit 2. And
// `check --keep` writes what the next `check` reads: each kept test small, within the file limit,
// and named in the report as kept, not as one of the student's tests.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { pitbossHere, REPO_ROOT, type Run, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');
const SOLUTION = join(REPO_ROOT, 'graders/classic/solution');
const TSX = join(REPO_ROOT, 'node_modules/.bin/tsx');

/** The built CLI run in `cwd`, as `pnpm --silent pitboss` runs it there. */
const cli = (cwd: string, args: readonly string[], bin = BIN): Run => {
  const run = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 1 << 26,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
};

/** A line pasted into a shell in `cwd`, exactly as printed. */
const pasted = (cwd: string, line: string): Run => {
  const run = spawnSync('sh', ['-c', line], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 1 << 26,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
};

/** The command a report printed after `replay: ` for the test named, and the message above it. */
function printedReplay(stdout: string, name: string): { command: string; message: string } {
  const lines = stdout.split('\n');
  const at = lines.findIndex((line) => line.startsWith('FAIL') && line.includes(name));
  expect(at, stdout).toBeGreaterThanOrEqual(0);
  const replay = lines.slice(at).find((line) => line.trim().startsWith('replay: '));
  expect(replay, stdout).toBeDefined();
  return { command: replay!.trim().slice('replay: '.length), message: lines[at + 1]!.trim() };
}

/** A student's folder as `pitboss init` writes it, with a fixture's files over it. */
async function studentFolder(fixture: string, name: string): Promise<string> {
  const dir = join(scratch(), name);
  expect((await pitbossHere(['init', dir, '--assignment', 'classic'])).status).toBe(0);
  cpSync(join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

describe('a printed replay command, pasted where it was printed', { timeout: 600_000 }, () => {
  it('names the folder as given from there (a relative path with a space, quoted), and reproduces the failure', () => {
    const dir = join(scratch(), 'a class', 'wrong shuffle');
    cpSync(join(FIXTURES, 'wrong-shuffle-from-new-deck'), dir, { recursive: true });
    const given = relative(REPO_ROOT, dir);
    const run = cli(REPO_ROOT, ['check', given, '--only', 'deck.reset']);
    expect(run.status).toBe(1);
    const { command, message } = printedReplay(run.stdout, 'reset()');
    expect(command).toMatch(
      /^pnpm --silent pitboss check '[^']*wrong shuffle' --replay deck\.reset@-?\d+:[\d:]+$/,
    );
    const again = pasted(REPO_ROOT, command);
    expect(again.status, again.stderr).toBe(1);
    expect(again.stdout).toContain(message);
    expect(again.stdout).toMatch(/^Score 0\/3 /m);
    // JUnit on stdout names it the same way.
    const junit = cli(REPO_ROOT, ['check', given, '--only', 'deck.reset', '--format', 'junit']);
    expect(junit.stdout).toContain(`replay: ${command}`);
  });

  it('a replay id drawn with another seed (another tool, a graded page) is refused: one line, exit 2', () => {
    const dir = join(FIXTURES, 'wrong-shuffle-from-new-deck');
    const run = cli(REPO_ROOT, ['check', dir, '--replay', 'deck.reset@12345:3']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^pitboss: cannot replay 'deck\.reset@12345:3': it was made with seed 12345, [^\n]*\n$/,
    );
  });
});

describe('check --keep, then check, as a student runs them', { timeout: 900_000 }, () => {
  for (const { fixture, unit } of [
    // Fails the 5000-hand transcript (a 1.5 MiB test kept whole) and deck tests.
    { fixture: 'wrong-shuffle-from-new-deck', unit: 'tests/kept.deck.reset.test.ts' },
    // A strategy table: the failing draw() was the 149th call of the case.
    { fixture: 'wrong-counting-copied-table', unit: 'tests/kept.player.counting-draw.test.ts' },
    // A bet after 104 expose() and 47 shuffled() calls.
    {
      fixture: 'wrong-double-bet-below-twice-minimum',
      unit: 'tests/kept.player.counting-bet-boundary.test.ts',
    },
  ])
    it(`${fixture}: each kept test is small, within the file limit, named as kept, and shows the bug`, async () => {
      const dir = await studentFolder(fixture, fixture);
      const keep = await pitbossHere(['check', dir, '--keep']);
      expect(keep.status).toBe(1);
      const kept = readdirSync(join(dir, 'tests'))
        .filter((name) => name.startsWith('kept.'))
        .map((name) => `tests/${name}`);
      expect(kept).toContain(unit);
      // Far within the 1 MiB a check reads of one file: a transcript through its first difference.
      for (const file of kept) expect(statSync(join(dir, file)).size, file).toBeLessThan(128 * 1024);
      expect(statSync(join(dir, unit)).size).toBeLessThan(8 * 1024);
      // The unit case: the calls that show the bug, a handful (it was 106 and more).
      const calls = readFileSync(join(dir, unit), 'utf8').match(/^ {2}(const \w+ = )?s\d+\.\w+\(/gm) ?? [];
      expect(calls.length).toBeLessThanOrEqual(4);

      const again = await pitbossHere(['check', dir, '--format', 'json']);
      const report = JSON.parse(again.stdout) as Report;
      const cases = report.studentTests.cases.filter((test) => test.file.startsWith('tests/kept.'));
      expect(cases.map((test) => test.file).sort()).toEqual([...kept].sort());
      for (const test of cases) {
        expect(test).toMatchObject({ kept: true, valid: false });
        // Read: no file over a limit.
        expect(test.reason ?? '').not.toMatch(/was not read|larger than/);
      }
      const human = (await pitbossHere(['check', dir])).stdout;
      expect(human).toContain(`Kept by pitboss check --keep (${kept.length}):`);
      for (const file of kept) {
        expect(human).toContain(`    kept: ${file}\n`);
        expect(human).not.toContain(`does not count: ${file}`);
      }
      const own = report.studentTests.cases.length - cases.length;
      expect(human).toMatch(new RegExp(` of ${own} of your tests count`));

      // The kept tests fail on the code they came from and pass on the reference solution.
      const tsxTest = (cwd: string, files: readonly string[]) =>
        spawnSync(TSX, ['--test', ...files], { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
      const count = (out: string, what: string) =>
        Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(out)?.[1]);
      const transcript = kept.find((file) => file.includes('5000_5000'));
      const chosen = [unit, ...(transcript === undefined ? [] : [transcript])];
      const wrong = tsxTest(dir, chosen);
      expect(count(wrong.stdout, 'fail'), wrong.stdout).toBe(chosen.length);
      const right = join(scratch(), `${fixture}-solution`);
      expect((await pitbossHere(['init', right, '--assignment', 'classic'])).status).toBe(0);
      cpSync(SOLUTION, right, { recursive: true });
      for (const file of chosen) cpSync(join(dir, file), join(right, file));
      const passing = tsxTest(right, chosen);
      expect(count(passing.stdout, 'pass'), passing.stdout).toBe(chosen.length);
    });
});

describe('the student tool: its printed commands, pasted in its folder', { timeout: 900_000 }, () => {
  const root = scratch();
  const tool = join(root, 'tool');

  it('exports and installs', () => {
    const exported = cli(REPO_ROOT, ['export-student-tool', tool]);
    expect(exported.status, exported.stderr).toBe(0);
    const install = spawnSync('pnpm', ['install', '--prefer-offline'], { cwd: tool, encoding: 'utf8' });
    expect(install.status, install.stderr + install.stdout).toBe(0);
  });

  it("a recorded case's replay and a live property's reproduce their failures (exit 1); a graded page's id is refused (exit 2)", () => {
    const subs = join(root, 'my subs');
    for (const name of ['wrong-shuffle-from-new-deck', 'wrong-deck-empty-never-thrown'])
      cpSync(join(FIXTURES, name), join(subs, name), { recursive: true });
    const bin = join(tool, 'apps/grader/bin/pitboss.mjs');
    const folder = relative(tool, join(subs, 'wrong-shuffle-from-new-deck'));
    const run = cli(tool, ['check', folder, '--only', 'deck.reset'], bin);
    expect(run.status, run.stderr).toBe(1);
    const recorded = printedReplay(run.stdout, 'reset()');
    expect(recorded.command).toMatch(
      /^pnpm --silent pitboss check '\.\.\/my subs\/wrong-shuffle-from-new-deck' --replay deck\.reset@\d+:\d+$/,
    );
    const again = pasted(tool, recorded.command);
    expect(again.status, again.stderr).toBe(1);
    expect(again.stdout).toContain(recorded.message);

    const empty = relative(tool, join(subs, 'wrong-deck-empty-never-thrown'));
    const live = cli(tool, ['check', empty, '--only', 'live.deck.deck-empty-after-52-deals'], bin);
    const property = printedReplay(live.stdout, 'the 53rd deal throws DeckEmpty');
    const liveAgain = pasted(tool, property.command);
    expect(liveAgain.status, liveAgain.stderr).toBe(1);
    expect(liveAgain.stdout).toContain(property.message);

    // The grader's own id for the same test and submission: drawn with the graded seed.
    const graded = cli(REPO_ROOT, [
      'check',
      join(subs, 'wrong-shuffle-from-new-deck'),
      '--only',
      'deck.reset',
    ]);
    const id = /--replay (\S+)/.exec(printedReplay(graded.stdout, 'reset()').command)![1]!;
    const foreign = cli(tool, ['check', folder, '--replay', id], bin);
    expect(foreign.status).toBe(2);
    expect(foreign.stdout).toBe('');
    expect(foreign.stderr).toMatch(
      new RegExp(`^pitboss: cannot replay '${id.replaceAll('.', '\\.')}': [^\\n]*\\n$`),
    );
    // A graded page's command, pasted where it says (the tool's folder, holding the submission's):
    // the student's view names the test, which the tool runs with its own cases, failing as graded.
    const graderOut = join(root, 'graded');
    cpSync(join(FIXTURES, 'wrong-shuffle-from-new-deck'), join(tool, 'wrong-shuffle-from-new-deck'), {
      recursive: true,
    });
    /** The course's grade of that folder's deck.reset, in one format, written to `out`. */
    const gradeReset = (format: string, out: string) =>
      cli(REPO_ROOT, [
        'grade',
        join(tool, 'wrong-shuffle-from-new-deck'),
        '--only',
        'deck.reset',
        '--format',
        format,
        '--out',
        out,
      ]);
    gradeReset('html', graderOut);
    const printedOn = (page: string) =>
      /<code>(pnpm --silent pitboss check [^<]*)<\/code>/
        .exec(readFileSync(page, 'utf8'))![1]!
        .replaceAll('&#39;', "'")
        .replaceAll('&amp;', '&');
    const studentCommand = printedOn(join(graderOut, 'wrong-shuffle-from-new-deck.html'));
    expect(studentCommand).toBe('pnpm --silent pitboss check wrong-shuffle-from-new-deck --only deck.reset');
    const fromPage = pasted(tool, studentCommand);
    expect(fromPage.status, fromPage.stderr).toBe(1);
    expect(fromPage.stdout).toMatch(/FAIL .*reset\(\)/);
    // The instructor's view: the graded counterexample itself, with the course's grader.
    const instructorCommand = printedOn(join(graderOut, 'instructor', 'wrong-shuffle-from-new-deck.html'));
    expect(instructorCommand).toMatch(
      /^pnpm --silent pitboss check wrong-shuffle-from-new-deck --replay deck\.reset@/,
    );
    const inGrader = pasted(
      REPO_ROOT,
      instructorCommand.replace(
        'check wrong-shuffle-from-new-deck',
        `check ${relative(REPO_ROOT, join(tool, 'wrong-shuffle-from-new-deck'))}`,
      ),
    );
    expect(inGrader.status, inGrader.stderr).toBe(1);

    // The graded report files handed out with the page (text, JUnit): the student's view gives the
    // page's command, which the tool runs; the instructor's the graded counterexample, as its page.
    const textOut = join(root, 'graded-text');
    for (const format of ['human', 'junit']) gradeReset(format, textOut);
    for (const file of ['wrong-shuffle-from-new-deck.txt', 'wrong-shuffle-from-new-deck.xml']) {
      const printed = readFileSync(join(textOut, file), 'utf8');
      expect(printed, file).toContain(`with cases of its own: ${studentCommand}\n`);
      expect(printed, file).not.toContain('--replay');
      expect(readFileSync(join(textOut, 'instructor', file), 'utf8'), file).toContain(
        `replay: ${instructorCommand}\n`,
      );
    }
    const fromText = pasted(tool, studentCommand);
    expect(fromText.status, fromText.stderr).toBe(1);

    // A case the tool does not hold, with its own seed.
    const seed = /@(\d+):/.exec(recorded.command)![1]!;
    const missing = cli(tool, ['check', folder, '--replay', `deck.reset@${seed}:99999`], bin);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      `pitboss: cannot replay 'deck.reset@${seed}:99999': deck.reset holds no case 99999 here; \`--only deck.reset\` runs its cases here\n`,
    );
  });
});
