import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/0-results/report.ts';
import { renderAll } from '../src/6-reports/index.ts';
import {
  CORRECT,
  IMPLEMENTATION,
  json,
  pitboss,
  pitbossHere,
  REPO_ROOT,
  type Run,
  scratch,
  withBug,
} from './support.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
const reportSchema = JSON.parse(
  readFileSync(join(REPO_ROOT, 'apps/grader/schema/report.schema.json'), 'utf8'),
);
const gradescopeSchema = JSON.parse(
  readFileSync(join(REPO_ROOT, 'apps/grader/schema/gradescope-results.schema.json'), 'utf8'),
);
const validReport = ajv.compile(reportSchema);
const validGradescope = ajv.compile(gradescopeSchema);

describe('pitboss grade on a correct submission', () => {
  // The implementation's tests; the student-tests part is graded in student-tests.test.ts.
  let run: Run;
  let report: Report;
  beforeAll(async () => {
    run = await pitbossHere(['grade', CORRECT, '--format', 'json', '--only', ...IMPLEMENTATION]);
    report = json<Report>(run);
  });

  it('scores the maximum on every test, hidden ones included, and exits 0', () => {
    expect(run.status).toBe(0);
    expect(report.tests.filter((test) => test.status !== 'passed')).toEqual([]);
    expect(report.score).toBe(report.maxScore);
    expect(report.tests.some((test) => test.visibility === 'hidden')).toBe(true);
  });

  it('prints a report that validates against the documented schema', () => {
    expect(validReport(report), ajv.errorsText(validReport.errors)).toBe(true);
    expect(report.seed).toBe(20261121);
  });

  it('gives the same report on every run (fixed seeds, no times), in this process as through the CLI', () => {
    expect(pitboss(['grade', CORRECT, '--format', 'json', '--only', ...IMPLEMENTATION]).stdout).toBe(
      run.stdout,
    );
  });
});

describe('pitboss check on the init stubs', () => {
  const dir = join(scratch(), 'starter');
  let init: Run;
  let run: Run;
  let report: Report;
  beforeAll(async () => {
    init = await pitbossHere(['init', dir]);
    run = await pitbossHere(['check', dir, '--format', 'json']);
    report = json<Report>(run);
  });

  it('init writes the provided files, the four stubs, an example test and what the folder needs', () => {
    expect(init.status).toBe(0);
    for (const file of [
      'card.ts',
      'rand.ts',
      'contract.ts',
      'deck.ts',
      'hand.ts',
      'player.ts',
      'blackjack.ts',
    ]) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    expect(readdirSync(join(dir, 'tests'))).toEqual(['deck.shuffle-returns-dealt-card.test.ts']);
    expect(readFileSync(join(dir, 'card.ts'), 'utf8')).toBe(
      readFileSync(join(REPO_ROOT, 'packages/deck/src/card.ts'), 'utf8'),
    );
    expect(JSON.parse(readFileSync(join(dir, 'pitboss.json'), 'utf8'))).toEqual({ rules: 'classic' });
  });

  it('scores 0, says "not implemented" for each file, and exits 1', () => {
    expect(run.status).toBe(1);
    expect(report.score).toBe(0);
    expect(report.tests.every((test) => test.status !== 'passed')).toBe(true);
    for (const file of ['deck.ts', 'hand.ts', 'player.ts']) {
      const failing = report.tests.filter((test) => test.file === file);
      expect(failing.length).toBeGreaterThan(0);
      expect(failing.every((test) => test.message?.includes('not implemented'))).toBe(true);
    }
    // With all the student's files, the driver's own error is told; beside the reference's files
    // (linked), nothing it printed is, only how it ended.
    const transcripts = report.tests.filter((test) => test.kind === 'transcript');
    expect(
      transcripts
        .filter((test) => test.id.includes('.own:'))
        .every((test) => test.message?.includes('not implemented')),
    ).toBe(true);
    expect(
      transcripts
        .filter((test) => test.id.includes('.linked:'))
        .every((test) => test.message?.startsWith('blackjack.ts exited with status 1;')),
    ).toBe(true);
  });

  it('gives no mutant points for the example test, handed in unchanged', () => {
    const example = report.studentTests.cases.find((test) =>
      test.file.startsWith('tests/deck.shuffle-returns'),
    );
    expect(example?.valid).toBe(false);
    expect(example?.reason).toBe('it is the example from pitboss init, unchanged: only your own tests count');
    expect(
      report.tests.filter((test) => test.kind === 'mutant').every((test) => test.status === 'failed'),
    ).toBe(true);
  });

  it("writes a .gitignore under which git tracks none of what a check leaves (.pitboss/), only the student's files", () => {
    expect(existsSync(join(dir, '.pitboss'))).toBe(true);
    const git = (...args: string[]) =>
      spawnSync('git', args, {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, GIT_DIR: join(dir, '.git') },
      });
    expect(git('init', '-q').status).toBe(0);
    const tracked = git('add', '--dry-run', '-A').stdout;
    expect(tracked).toContain("add 'deck.ts'");
    expect(tracked).toContain("add '.gitignore'");
    expect(tracked).not.toContain('.pitboss');
  });

  it('runs only visible tests', () => {
    expect(report.mode).toBe('check');
    expect(report.tests.every((test) => test.visibility === 'visible')).toBe(true);
  });

  it('refuses to init into a folder that is not empty, with status 2 and nothing written', async () => {
    const again = await pitbossHere(['init', dir]);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/^pitboss: .*already exists and is not empty\n$/);
  });
});

// One bug in one file: the tests about that file lose points, the report names it, the rest pass.
const bugs = [
  [
    'deck.ts',
    'const left = this.cards.slice(0, n);',
    'this.cards = newDeck();\n    const left = this.cards.slice(0, n);',
  ],
  ['deck.ts', 'if (this.next >= DECK_SIZE) {', 'if (this.next > DECK_SIZE) {'],
  ['hand.ts', 'total + 10 <= 21', 'total + 10 < 21'],
  [
    'player.ts',
    'up === Spot.SEVEN || up === Spot.EIGHT',
    'up === Spot.SEVEN || up === Spot.EIGHT || up === Spot.NINE',
  ],
  ['player.ts', 'bankroll >= 2 * minimum', 'bankroll > 2 * minimum'],
  ['blackjack.ts', "say('Player dealt natural 21');", "say('Player dealt natural 21 ');"],
  ['blackjack.ts', 'while (dealerHand.handValue().count < 17)', 'while (dealerHand.handValue().count <= 17)'],
] as const;

describe.each(bugs)('one bug in %s (%s)', (file, find, replace) => {
  const dir = withBug(file, find, replace);
  let lost: Report['tests'];
  let human: string;
  beforeAll(async () => {
    const report = json<Report>(
      await pitbossHere(['grade', dir, '--format', 'json', '--only', ...IMPLEMENTATION]),
    );
    lost = report.tests.filter((test) => test.status !== 'passed');
    // Graded once: the human text is what grade's stdout writes for this same report (no colour,
    // replays from here), not a second grade of the same folder.
    human = renderAll([report], 'human', false, { cwd: process.cwd() });
  });

  it('loses points on tests about that file', () => {
    expect(lost.filter((test) => test.file === file).length).toBeGreaterThan(0);
  });

  it('loses none on tests about the other files', () => {
    expect(lost.filter((test) => test.file !== file && test.file !== 'all files')).toEqual([]);
  });

  it('names the file in the report', () => {
    // `[blackjack.ts, 0/1]`, or what a transcript's parts earned (`[blackjack.ts, 0.8/1: game right, ...`).
    expect(human).toMatch(new RegExp(`\\[${file.replace('.', '\\.')}, [0-9.]+/`));
    const ownFailures = lost.filter((test) => test.file === 'all files');
    if (file !== 'blackjack.ts') for (const test of ownFailures) expect(test.message).toContain(file);
  });
});

describe('counterexamples', () => {
  const dir = withBug(
    'deck.ts',
    'const left = this.cards.slice(0, n);',
    'this.cards = newDeck();\n    const left = this.cards.slice(0, n);',
  );
  let model: Report['tests'][number];
  beforeAll(async () => {
    const report = json<Report>(await pitbossHere(['check', dir, '--format', 'json']));
    model = report.tests.find((test) => test.id === 'deck.model')!;
  });

  it('are shrunk and told in the game words', () => {
    expect(model.status).toBe('failed');
    expect(model.message).toMatch(
      /^new deck; .*shuffle\(\d+\).*; deal\(\) returned \w+ of \w+; expected \w+ of \w+$/,
    );
    expect(model.message!.split(';').length).toBeLessThanOrEqual(6);
  });

  it('replay with the id the report prints', async () => {
    const replay = json<Report>(
      await pitbossHere(['check', dir, '--format', 'json', '--replay', model.replay!]),
    );
    expect(replay.tests).toHaveLength(1);
    expect(replay.tests[0]!.message).toBe(model.message);
  });
});

describe('transcript diffs', () => {
  const dir = withBug('blackjack.ts', "say('Push');", "say('Push ');");
  let failed: Report['tests'][number];
  beforeAll(async () => {
    const report = json<Report>(await pitbossHere(['check', dir, '--format', 'json']));
    // The run with all the student's files: its lines are shown (a linked run's are not).
    failed = report.tests.find(
      (test) => test.kind === 'transcript' && test.id.includes('.own:') && test.status === 'failed',
    )!;
  });

  it('show the first differing line, its number, context on both sides, and say when only whitespace differs', () => {
    expect(failed.diff?.whitespaceOnly).toBe(true);
    expect(failed.message).toMatch(
      /the format is not: line \d+ differs: expected "Push", got "Push " \(only whitespace differs/,
    );
    const at = failed.diff!.line - failed.diff!.expected.from;
    expect(failed.diff!.expected.lines[at]).toBe('Push');
    expect(failed.diff!.actual.lines[at]).toBe('Push ');
    expect(failed.diff!.expected.lines.length).toBeGreaterThan(at + 1);
  });
});

describe('a driver with two mistakes', () => {
  it('shows the first in full and says where the other is, in the message every format carries', async () => {
    const dir = withBug('blackjack.ts', "say('Player busts');", "say('Player bust');");
    const path = join(dir, 'blackjack.ts');
    writeFileSync(path, readFileSync(path, 'utf8').replace(' hands`);', ' hand`);'));
    const report = json<Report>(
      await pitbossHere(['check', dir, '--format', 'json', '--only', 'transcript.']),
    );
    const own = report.tests.filter(
      (test) => test.transcript?.linking === 'own' && test.message?.includes('"Player busts"'),
    );
    expect(own.length).toBeGreaterThan(0);
    const listedAll = own.filter((test) => test.diff!.moreRegions === undefined);
    expect(listedAll.length).toBeGreaterThan(0);
    for (const test of listedAll) {
      // The other mistake is on the last line: the last region listed reaches it.
      const region = test.diff!.regions!.at(-1)!;
      expect(region.expected + region.expectedCount - 1).toBe(test.diff!.expectedLines);
      expect(test.message).toContain(`line ${region.expected}, ${region.expectedCount} line`);
      expect(test.message).toMatch(
        /line \d+ differs: expected "Player busts", got "Player bust"; \d+ more places? differs?: /,
      );
    }
    // A run beside the reference's files says where it first differs, nothing more.
    const linked = report.tests.filter((test) => test.transcript?.linking === 'linked' && test.diff);
    expect(linked.length).toBeGreaterThan(0);
    expect(
      linked.every((test) => test.diff!.regions === undefined && !test.message!.includes('more place')),
    ).toBe(true);
  });
});

describe('formats', () => {
  it('gradescope output validates against Gradescope results.json fields', async () => {
    const run = await pitbossHere([
      'check',
      withBug('hand.ts', 'total + 10 <= 21', 'total + 10 < 21'),
      '--format',
      'gradescope',
    ]);
    const results = JSON.parse(run.stdout);
    expect(validGradescope(results), ajv.errorsText(validGradescope.errors)).toBe(true);
    expect(results.tests.some((test: { status: string }) => test.status === 'failed')).toBe(true);
  });

  it('junit output holds one testcase per test and a failure per lost test', async () => {
    const run = await pitbossHere([
      'check',
      withBug('hand.ts', 'total + 10 <= 21', 'total + 10 < 21'),
      '--format',
      'junit',
    ]);
    expect(run.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const cases = run.stdout.match(/<testcase /g)?.length ?? 0;
    const failures = run.stdout.match(/<failure /g)?.length ?? 0;
    const report = json<Report>(
      await pitbossHere([
        'check',
        withBug('hand.ts', 'total + 10 <= 21', 'total + 10 < 21'),
        '--format',
        'json',
      ]),
    );
    expect(cases).toBe(report.tests.length);
    expect(failures).toBe(report.tests.filter((test) => test.status === 'failed').length);
  });

  it('junit output for several submissions is one document, no two cases of a suite named alike', async () => {
    const run = await pitbossHere([
      'grade',
      CORRECT,
      withBug('hand.ts', 'total + 10 <= 21', 'total + 10 < 21'),
      '--format',
      'junit',
      '--only',
      'hand.',
      'mutant.',
    ]);
    expect(run.stdout.match(/<\?xml /g)).toHaveLength(1);
    const suites: string[][] = [];
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => {
      if (tag.name === 'testsuite') suites.push([]);
      if (tag.name === 'testcase') suites.at(-1)!.push(`${tag.attributes.classname} ${tag.attributes.name}`);
    });
    parser.write(run.stdout).close();
    expect(suites).toHaveLength(2);
    for (const names of suites) {
      expect(names.length).toBeGreaterThan(40);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('--out writes one file per submission, whole, and says where', () => {
    const out = join(scratch(), 'out');
    const dir = scratch();
    const second = join(dir, 'other');
    const run = pitboss([
      'grade',
      CORRECT,
      withBug('hand.ts', 'total + 10 <= 21', 'total + 10 < 21'),
      '--format',
      'gradescope',
      '--out',
      out,
      '--only',
      ...IMPLEMENTATION,
    ]);
    expect(run.status).toBe(1);
    // Each submission also as HTML; the instructor's view of both under instructor/ (class.test.ts).
    expect(readdirSync(out).sort()).toEqual([
      '.pitboss-results',
      'bug-hand.html',
      'bug-hand.results.json',
      'correct-indexed.html',
      'correct-indexed.results.json',
      'gradebook.csv',
      'index.html',
      'instructor',
      'pitboss-batch.json',
    ]);
    expect(run.stdout).toMatch(/correct-indexed: (\d+)\/\1 -> /);
    expect(existsSync(second)).toBe(false);
  });

  it('human output has colour only for a terminal or FORCE_COLOR, never under NO_COLOR', () => {
    const ansi = '\u001b[';
    expect(pitboss(['check', CORRECT], { NO_COLOR: undefined, CI: '1' }).stdout).not.toContain(ansi);
    expect(pitboss(['check', CORRECT], { NO_COLOR: undefined, FORCE_COLOR: '1' }).stdout).toContain(ansi);
    expect(pitboss(['check', CORRECT], { NO_COLOR: '1', FORCE_COLOR: '1' }).stdout).not.toContain(ansi);
  });
});

describe('grade names its rows after submissions, never after the class folder', () => {
  it('a class folder whose folders hold no submission: a zero row per folder, each saying so', async () => {
    const classDir = join(scratch(), 'class');
    for (const student of ['ann', 'bob']) mkdirSync(join(classDir, student, 'notes'), { recursive: true });
    const run = await pitbossHere(['grade', classDir, '--format', 'json']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('holds 2 folders, none of them a submission');
    const reports = json<Report[]>(run);
    expect(reports.map((report) => report.submission.name)).toEqual(['ann', 'bob']);
    for (const report of reports) {
      expect(report.score).toBe(0);
      expect(report.tests[0]?.message).toMatch(/is not a submission/);
    }
  });

  it("a non-submission's row names the folder by its name: the files hold no path of the grading machine", async () => {
    const classDir = join(scratch(), 'class');
    for (const student of ['ann', 'bob']) mkdirSync(join(classDir, student, 'notes'), { recursive: true });
    const out = join(scratch(), 'out');
    const run = await pitbossHere(['grade', classDir, '--only', 'deck.reset', '--out', out]);
    expect(run.status, run.stderr).toBe(1);
    for (const file of ['ann.txt', 'ann.html', 'instructor/bob.txt', 'pitboss-batch.json']) {
      const written = readFileSync(join(out, file), 'utf8');
      expect(written, file).toMatch(/(ann|bob) is not a submission: it holds none of deck\.ts/);
      expect(written, file).not.toContain(classDir);
    }
  });

  it('a submission whose files are misnamed (Deck.ts) is one row, its own, whatever folders it has', async () => {
    const dir = join(scratch(), 'misnamed');
    mkdirSync(join(dir, 'tests'), { recursive: true });
    writeFileSync(join(dir, 'Deck.ts'), 'export class Deck {}\n');
    const run = await pitbossHere(['grade', dir, '--format', 'json']);
    expect(run.status).toBe(1);
    expect(json<Report>(run).submission.name).toBe('misnamed');
  });
});

describe('messages that point at the right thing', () => {
  it('an empty file is told as empty, not as an export missing or a CommonJS one unread', async () => {
    const dir = join(scratch(), 'empty-deck');
    cpSync(CORRECT, dir, { recursive: true });
    writeFileSync(join(dir, 'deck.ts'), '\n  \n');
    const report = json<Report>(await pitbossHere(['check', dir, '--only', 'deck.', '--format', 'json']));
    expect(report.loadErrors).toEqual([
      {
        file: 'deck.ts',
        message: 'deck.ts is empty: write its code (pitboss init writes a starter to fill in)',
      },
    ]);
    for (const test of report.tests) expect(test.message).toContain('deck.ts is empty');
    expect(JSON.stringify(report)).not.toMatch(/CommonJS|\.mjs/);
  });

  it("a contract file too large to read keeps the student's tests named as they wrote them, not 'test #0'", async () => {
    const dir = join(scratch(), 'huge-deck');
    cpSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested'), dir, { recursive: true });
    writeFileSync(join(dir, 'deck.ts'), `// ${'x'.repeat(2 * 1024 * 1024)}\n`);
    const report = json<Report>(await pitbossHere(['check', dir, '--only', 'mutant.', '--format', 'json']));
    const names = report.studentTests.cases.map((test) => test.name);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => name.startsWith('test #'))).toEqual([]);
    expect(names).toContain('an Ace and a King make a soft 21');
  });
});

describe('a reader that closes the pipe (pitboss grade ... | head)', () => {
  it('stops the grade quietly: no stack trace, status 0', async () => {
    const classDir = join(scratch(), 'piped');
    for (const student of ['ann', 'bob', 'cy'])
      mkdirSync(join(classDir, student, 'notes'), { recursive: true });
    const child = spawn(
      process.execPath,
      [join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs'), 'grade', classDir, '--format', 'json'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // As a reader that has all it wants does (`| head -c 0`): the pipe closed before the report is written.
    child.stdout.destroy();
    const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(status).toBe(0);
  }, 120_000);
});

describe('bad input: one line on stderr and status 2', () => {
  const empty = scratch();
  writeFileSync(join(empty, 'a-file.txt'), 'not a folder');
  it.each([
    [['grade'], /missing required argument 'dirs'/],
    [['check', '/no/such/folder'], /no such folder: \/no\/such\/folder/],
    [['check', empty], /is not a submission: it holds none of deck.ts, hand.ts, player.ts, blackjack.ts/],
    [['check', join(empty, 'a-file.txt')], /a-file\.txt is a file, not a folder: name a submission's folder/],
    [['grade', join(empty, 'a-file.txt')], /a-file\.txt is a file, not a folder: name a submission's folder/],
    [
      ['grade', empty],
      /is not a submission: it holds none of deck.ts.*nor a folder that could be a student's/,
    ],
    [
      ['check', CORRECT, '--assignment', 'poker'],
      /unknown assignment 'poker' \(expected classic, crusaders, minbet(, [a-z]+)*\)/,
    ],
    [['check', CORRECT, '--bogus'], /unknown option '--bogus'$/m],
    [['grade', CORRECT, '--jbos', '2'], /unknown option '--jbos' \(did you mean --jobs\?\)/],
    [['grad', CORRECT], /unknown command 'grad' \(did you mean grade\?\)/],
    [['check', CORRECT, '--format', 'pdf'], /argument 'pdf' is invalid/],
    [['check', CORRECT, '--jobs', '0'], /expected a positive integer/],
    [['check', CORRECT, '--budget', '0.25'], /expected a number of seconds above 0, to a tenth at most/],
    [['check', CORRECT, '--budget', '0'], /expected a number of seconds above 0/],
    [['check', CORRECT, '--replay', 'garbage'], /'garbage' is not a replay id/],
    [['frobnicate'], /unknown command 'frobnicate'$/m],
    [
      ['check', join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested'), '--assignment', 'straights'],
      /holds none of straights\.ts, rules\.ts \(its pitboss\.json names classic: run it without --assignment straights, or with --assignment classic\)/,
    ],
    [['init', join(empty, 'a-file.txt')], /a-file\.txt is a file, not a folder/],
  ])('%j', async (args, problem) => {
    // In this process: the command as a function, its exit status returned.
    const run = await pitbossHere(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(problem);
    expect(run.stderr.split('\n')).toHaveLength(2);
  });

  it('no command at all prints the help on stderr, status 2', async () => {
    const run = await pitbossHere([]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^Usage: pitboss /);
    expect(run.stderr).toContain('check [options] [dir]');
  });
});
