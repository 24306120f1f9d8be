// A class graded as a batch: the files under --out, the same whatever --jobs, a sharded run merged
// back, progress on stderr, and merge's refusals.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { renderClassReport } from '../../src/6-reports/class.ts';
import { pitboss, pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const CLASS = join(REPO_ROOT, 'fixtures/submissions/classic');
const NAMES = ['correct-tested', 'wrong-shuffle-from-new-deck', 'correct-indexed', 'wrong-natural-rounds-up'];
const SUBMISSIONS = NAMES.map((name) => join(CLASS, name));
// A failing property with a replay, a transcript diff, and the student-tests x mutants matrix.
const ONLY = [
  '--only',
  'deck.new-order',
  'deck.model',
  'transcript.course.own:100_3_simple',
  'mutant.public.deck',
];
const grade = (out: string, ...more: string[]) =>
  pitboss(['grade', ...SUBMISSIONS, ...ONLY, '--format', 'json', '--out', out, ...more]);

/** Every file a run wrote, by path under it, but the result store (a cache keyed by hashes). */
const files = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => !name.startsWith('.pitboss-results') && statSync(join(dir, name)).isFile())
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

const single = scratch();
const singleRun = grade(single, '--jobs', '2');

describe('grade --out over a class', () => {
  it('writes each submission in its format and as HTML, for the student and under instructor/ for the instructor, the class report, the gradebook and the batch file', () => {
    expect(singleRun.status).toBe(1);
    expect(Object.keys(files(single))).toEqual(
      [
        ...NAMES.flatMap((name) => [`${name}.html`, `${name}.json`]),
        ...NAMES.flatMap((name) => [`instructor/${name}.html`, `instructor/${name}.json`]),
        'gradebook.csv',
        'index.html',
        'pitboss-batch.json',
      ].sort(),
    );
    expect(readdirSync(single).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('prints one line per submission in the order they were named, then where the class files are', () => {
    expect(singleRun.stdout.split('\n')).toEqual([
      ...NAMES.map((name) =>
        expect.stringMatching(new RegExp(`^${name}: [\\d.]+/12.5 -> ${single}/${name}.json$`)),
      ),
      `class report -> ${single}/index.html`,
      `gradebook -> ${single}/gradebook.csv`,
      '',
    ]);
  });

  it('gradebook.csv: one row per submission in order, one column per part, the total and the maximum', () => {
    const lines = files(single)['gradebook.csv']!.split('\n');
    expect(lines[0]).toBe(
      'submission,deck.ts,all files,your tests,total,max,transcripts: game (of all files),transcripts: format (of all files)',
    );
    expect(lines).toHaveLength(NAMES.length + 2);
    NAMES.forEach((name, i) => {
      const report = JSON.parse(files(single)[`${name}.json`]!) as Report;
      const part = (file: string) => report.parts.find((p) => p.file === file)!.score;
      // The transcripts' game and format points, apart (their parts summed).
      const transcripts = report.tests.filter((test) => test.parts !== undefined);
      const sum = (which: 'game' | 'format') =>
        Number(transcripts.reduce((total, test) => total + test.parts![which].score, 0).toFixed(2));
      expect(lines[i + 1]).toBe(
        [
          name,
          part('deck.ts'),
          part('all files'),
          part('your tests'),
          report.score,
          report.maxScore,
          sum('game'),
          sum('format'),
        ].join(','),
      );
      // The part columns (those before `total`) add up to the total: the breakdown comes after.
      const cells = lines[i + 1]!.split(',').map(Number);
      expect(cells.slice(1, 4).reduce((a, b) => a + b, 0)).toBeCloseTo(report.score, 5);
    });
  });

  it("index.html: links every submission's instructor page, and holds no path, date or duration", () => {
    const html = files(single)['index.html']!;
    for (const name of NAMES) expect(html).toContain(`<a href="instructor/${name}.html">${name}</a>`);
    expect(html).toContain("are the students' view");
    expect(html).toContain('<table id="submissions" class="sortable">');
    expect(html).toContain('<svg class="histogram"');
    expect(html).toContain('id="mutants"');
    for (const text of [files(single)['index.html']!, files(single)['gradebook.csv']!]) {
      expect(text).not.toContain(REPO_ROOT);
      expect(text).not.toContain(single);
      expect(text).not.toMatch(/\b20\d\d-\d\d-\d\d\b|\d+(\.\d+)? ?(ms|seconds)\b/);
    }
  });

  it("index.html: each part's maximum in its header, lost points marked, and who failed each test", () => {
    const html = files(single)['index.html']!;
    const wrong = JSON.parse(files(single)['wrong-shuffle-from-new-deck.json']!) as Report;
    const deck = wrong.parts.find((part) => part.file === 'deck.ts')!;
    expect(deck.score).toBeLessThan(deck.maxScore);
    expect(html).toContain(`deck.ts <span class="muted">/ ${deck.maxScore}</span>`);
    expect(html).toContain(`<span class="lost">−${deck.maxScore - deck.score}</span>`);
    // deck.model fails for the wrong shuffle: its row names who failed it, linked.
    const row = html
      .split('\n')
      .find((line) => line.startsWith('<tr><td>') && line.includes('<td>deck.ts</td>'))!;
    expect(row).toContain(
      '<a href="instructor/wrong-shuffle-from-new-deck.html">wrong-shuffle-from-new-deck</a>',
    );
    expect(row).not.toContain('correct-indexed');
  });

  it('index.html: a submission that hit a limit is flagged with it, once a limit', () => {
    const report = JSON.parse(files(single)['instructor/correct-indexed.json']!) as Report;
    const hung: Report = {
      ...report,
      tests: report.tests.map((test, i) => (i < 2 ? { ...test, status: 'timeout' as const } : test)),
    };
    const flag = (text: string) =>
      (text.match(/<span class="status warn"[^>]*>TIMEOUT<\/span>/g) ?? []).length;
    expect(flag(renderClassReport([{ name: 'correct-indexed', report: hung }]))).toBe(1);
    expect(flag(renderClassReport([{ name: 'correct-indexed', report }]))).toBe(0);
  });

  it("an instructor's page links back to the class page; a student's page links nowhere", () => {
    for (const name of NAMES) {
      expect(files(single)[`instructor/${name}.html`]).toContain('<a href="../index.html">← the class</a>');
      expect(files(single)[`${name}.html`]).not.toContain('index.html');
    }
  });

  it('each submission report has its failing tests, a diff and the matrix', () => {
    const html = files(single)['wrong-shuffle-from-new-deck.html']!;
    expect(html).toContain('<tr class="first">');
    // A graded case is drawn with the course's seed: the student's page runs the test in their own check.
    expect(html).toContain(
      '<code>pnpm --silent pitboss check wrong-shuffle-from-new-deck --only deck.model</code>',
    );
    expect(files(single)['instructor/wrong-shuffle-from-new-deck.html']).toMatch(
      /<code>pnpm --silent pitboss check wrong-shuffle-from-new-deck --replay deck\.model@/,
    );
    const tested = files(single)['correct-tested.html']!;
    expect(tested).toContain('<table class="matrix">');
    expect(tested).toContain('<td class="hit"');
  });

  it('shows progress on stderr when not a terminal: a plain line per finished submission', () => {
    const lines = singleRun.stderr.split('\n').filter((line) => line.startsWith('['));
    expect(lines).toHaveLength(NAMES.length);
    for (const [i, line] of lines.entries())
      expect(line).toMatch(new RegExp(`^\\[${i + 1}/4\\] (${NAMES.join('|')}) [\\d.]+/12\\.5$`));
    expect(new Set(lines.map((line) => line.split(' ')[1]))).toEqual(new Set(NAMES));
    expect(singleRun.stderr).not.toContain('\r');
    expect(singleRun.stderr).not.toContain('\u001b[');
    expect(singleRun.stdout).not.toContain('[1/4]');
  });
});

describe('--format html without --out', () => {
  it('refuses several submissions (one page each needs a folder), and prints one', () => {
    const several = pitboss(['grade', ...SUBMISSIONS.slice(0, 2), '--format', 'html', ...ONLY]);
    expect(several.status).toBe(2);
    expect(several.stderr).toMatch(/^pitboss: html reports are one file per submission: add --out <dir>\n$/m);
    const one = pitboss(['grade', SUBMISSIONS[1]!, '--format', 'html', ...ONLY]);
    expect(one.status).toBe(1);
    expect(one.stdout).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>\n$/);
  });
});

describe('--jobs', () => {
  it('gives the same stdout and the same files at --jobs 1 as at --jobs 2', () => {
    const out = scratch();
    const run = grade(out, '--jobs', '1');
    expect(run.stdout.replaceAll(out, '<out>')).toBe(singleRun.stdout.replaceAll(single, '<out>'));
    expect(files(out)).toEqual(files(single));
  });
});

describe('progress in a terminal', () => {
  it('draws a bar with done/total, submissions below full marks and the time left, on stderr only', () => {
    const out = scratch();
    const command = [
      process.execPath,
      join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs'),
      'grade',
      ...SUBMISSIONS,
      ...ONLY,
      '--out',
      out,
    ]
      .map((word) => `'${word}'`)
      .join(' ');
    // `script` gives the command a terminal; its stdout goes elsewhere, so what shows is stderr.
    const run = spawnSync('script', ['-qec', `${command} > ${out}/stdout.txt`, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.stdout).toMatch(/grading \[=+\] 4\/4 \| [1-4] below full marks \| \d+s left/);
    expect(run.stdout).toContain('unknown time left');
    expect(readFileSync(join(out, 'stdout.txt'), 'utf8')).not.toContain('grading [');
  });
});

describe('--shard and merge', () => {
  const a = scratch();
  const b = scratch();
  const merged = join(scratch(), 'merged');
  const first = grade(a, '--shard', '1/2');
  const second = grade(b, '--shard', '2/2', '--jobs', '1');
  const merge = pitboss(['merge', a, b, '--out', merged]);

  it('deals the submissions round-robin in the order named', () => {
    expect(first.stderr).toContain('pitboss: shard 1/2: 2 of 4 submissions');
    expect(second.stderr).toContain('pitboss: shard 2/2: 2 of 4 submissions');
    const own = (dir: string) =>
      Object.keys(files(dir)).filter(
        (name) => name.endsWith('.json') && name !== 'pitboss-batch.json' && !name.includes('/'),
      );
    expect(own(a)).toEqual(['correct-indexed.json', 'correct-tested.json']);
    expect(own(b)).toEqual(['wrong-natural-rounds-up.json', 'wrong-shuffle-from-new-deck.json']);
  });

  it('merged, write the same files byte for byte as one run over every submission', () => {
    expect(merge.status).toBe(1);
    expect(files(merged)).toEqual(files(single));
    expect(merge.stdout.replaceAll(merged, '<out>')).toBe(singleRun.stdout.replaceAll(single, '<out>'));
  });

  it('holds no path of this machine: a submission is named by its folder alone', () => {
    for (const [name, text] of Object.entries(files(merged))) {
      expect(text, name).not.toContain(REPO_ROOT);
      expect(text, name).not.toContain(tmpdir());
    }
  });

  it('a merged folder merges again', () => {
    const again = join(scratch(), 'again');
    expect(pitboss(['merge', merged, '--out', again]).status).toBe(1);
    expect(files(again)).toEqual(files(single));
  });

  it('prints every path as it was given: relative folders give relative paths, the reports and the class files alike', () => {
    const here = scratch();
    cpSync(a, join(here, 'shard-1'), { recursive: true });
    cpSync(b, join(here, 'shard-2'), { recursive: true });
    const run = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs'), 'merge', 'shard-1', 'shard-2', '--out', 'class'],
      { cwd: here, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout.split('\n')).toEqual([
      ...NAMES.map((name) =>
        expect.stringMatching(new RegExp(`^${name}: [\\d.]+/12.5 -> class/${name}.json$`)),
      ),
      'class report -> class/index.html',
      'gradebook -> class/gradebook.csv',
      '',
    ]);
    expect(run.stdout).not.toContain(here);
    expect(files(join(here, 'class'))).toEqual(files(single));
  });

  /** A copy of shard b with its batch file changed. */
  const altered = (
    change: (batch: { run: Record<string, unknown>; submissions: { report: Report }[] }) => void,
  ) => {
    const dir = scratch();
    cpSync(b, dir, { recursive: true });
    const file = join(dir, 'pitboss-batch.json');
    const batch = JSON.parse(readFileSync(file, 'utf8'));
    change(batch);
    writeFileSync(file, JSON.stringify(batch));
    return dir;
  };
  const empty = scratch();

  it.each([
    ['no folders', () => ['merge', '--out', scratch()], /missing required argument 'dirs'/],
    ['no --out', () => ['merge', a, b], /required option '--out <dir>' not specified/],
    [
      'a folder that is not there',
      () => ['merge', a, '/no/such/folder', '--out', scratch()],
      /no such folder: \/no\/such\/folder/,
    ],
    [
      'a folder with no results',
      () => ['merge', a, empty, '--out', scratch()],
      /holds no results \(no pitboss-batch.json\)/,
    ],
    [
      'a missing shard',
      () => ['merge', a, '--out', scratch()],
      /2 of 4 submissions have no result here: .*\(missing: 2\/2\)/,
    ],
    [
      'another assignment version',
      () => [
        'merge',
        a,
        altered((batch) => {
          batch.run.version = '99';
        }),
        '--out',
        scratch(),
      ],
      /cannot merge .*: graded with different assignment versions \("\d+" and "99"\)/,
    ],
    [
      'other options',
      () => [
        'merge',
        a,
        altered((batch) => {
          batch.run.only = ['deck.'];
        }),
        '--out',
        scratch(),
      ],
      /cannot merge .*: graded with different --only/,
    ],
    [
      'one submission with two results',
      () => [
        'merge',
        a,
        b,
        altered((batch) => {
          batch.submissions[0]!.report.score = 0;
        }),
        '--out',
        scratch(),
      ],
      /are both shard 2\/2: give each shard once/,
    ],
    [
      'the same shard twice',
      () => ['merge', a, b, a, '--out', scratch()],
      /are both shard 1\/2: give each shard once/,
    ],
  ])('refuses %s: one line on stderr, nothing on stdout, status 2', async (_what, args, problem) => {
    const run = await pitbossHere(args());
    expect(run.stderr).toMatch(problem);
    expect(run.stderr.split('\n')).toHaveLength(2);
    expect(run.stdout).toBe('');
    expect(run.status).toBe(2);
  });

  it('refuses a shard that is not i/n with 1 <= i <= n', async () => {
    for (const shard of ['0/2', '3/2', '1', 'a/b']) {
      const run = await pitbossHere(['grade', SUBMISSIONS[0]!, '--shard', shard]);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/expected i\/n with 1 <= i <= n/);
    }
  });
});
