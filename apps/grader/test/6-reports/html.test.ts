// The HTML reports as functions of a report: escaping, visibility, the diff's marks, the gradebook.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Report, SCHEMA_VERSION } from '../../src/0-results/report.ts';
import { planTests } from '../../src/2-plan/plan.ts';
import { renderClassReport } from '../../src/6-reports/class.ts';
import { renderGradebook } from '../../src/6-reports/class-tally.ts';
import { renderHtml } from '../../src/6-reports/html.ts';
import { esc } from '../../src/6-reports/page.ts';
import { instructorView, studentView } from '../../src/6-reports/views.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import { privateFolder, privateTranscriptCases } from '../../src/assignment/private-part.ts';
import { readCatalogue } from '../../src/mutants/catalogue.ts';
import { CORRECT, pitboss, REPO_ROOT, scratch, testResult as test } from '../support.ts';

const HOSTILE = '<script>alert("pwned")</script>';

function report(mode: Report['mode'], name = `alice ${HOSTILE}`): Report {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'pitboss', version: '0.1.0' },
    assignment: { name: 'classic', title: 'Blackjack', version: '1' },
    mode,
    seed: 7,
    submission: { name, path: `/home/someone/${name}`, hash: '0'.repeat(64) },
    score: 3,
    maxScore: 7,
    parts: [
      { file: 'deck.ts', score: 1, maxScore: 2 },
      { file: 'blackjack.ts', score: 1, maxScore: 2 },
      { file: 'your tests', score: 1, maxScore: 3 },
    ],
    studentTests: {
      cases: [
        { file: 'tests/a.test.ts', position: '0', name: `first ${HOSTILE}`, valid: true },
        { file: 'tests/b.test.ts', position: '0', name: 'second', valid: true },
        {
          file: 'tests/c.test.ts',
          position: '0',
          name: 'third',
          valid: false,
          reason: 'it fails on the reference',
        },
      ],
      exposed: 2,
      mutants: 3,
    },
    loadErrors: [],
    tests: [
      test({
        id: 'deck.new',
        name: 'a new deck',
        status: 'failed',
        score: 0,
        message: `got ${HOSTILE}`,
        replay: 'deck.new@1:2:3',
      }),
      test({
        id: 'deck.secret',
        name: 'the secret deck test',
        visibility: 'hidden',
        status: 'failed',
        score: 0,
        message: 'hidden failure',
      }),
      test({
        id: 'transcript.course.linked:1_2',
        name: 'blackjack 1 2 simple',
        file: 'blackjack.ts',
        kind: 'transcript',
        status: 'failed',
        score: 0,
        message: 'line 3 differs',
        diff: {
          line: 3,
          expected: { from: 1, lines: ['cut at 3', 'Hand 1 bankroll 1', 'Player\tbets 5'] },
          actual: { from: 1, lines: ['cut at 3', 'Hand 1 bankroll 1', `Player bets 5 ${HOSTILE}`, 'extra'] },
          whitespaceOnly: false,
          expectedLines: 3,
          actualLines: 4,
          finalNewline: { expected: true, actual: false },
        },
      }),
      test({
        id: 'transcript.after',
        name: 'blackjack 9 9 later',
        file: 'blackjack.ts',
        kind: 'transcript',
        visibility: 'after_due_date',
      }),
      test({
        id: 'mutant.public.deck.one',
        name: 'Your tests expose deck.one: deals twice',
        file: 'your tests',
        kind: 'mutant',
        message: 'exposed',
        mutant: {
          id: 'deck.one',
          description: 'deals twice',
          status: 'killed',
          killedBy: [{ file: 'tests/a.test.ts', position: '0', name: `first ${HOSTILE}` }],
        },
      }),
      test({
        id: 'mutant.public.deck.two',
        name: 'Your tests expose deck.two: never shuffles',
        file: 'your tests',
        kind: 'mutant',
        status: 'failed',
        score: 0,
        mutant: { id: 'deck.two', description: 'never shuffles', status: 'survived', killedBy: [] },
      }),
      test({
        id: 'mutant.private.deck.three',
        name: 'Your tests expose a hidden mutant',
        file: 'your tests',
        kind: 'mutant',
        visibility: 'hidden',
        mutant: {
          id: 'deck.three',
          description: 'the secret one',
          status: 'killed',
          killedBy: [{ file: 'tests/b.test.ts', position: '0', name: 'second' }],
        },
      }),
    ],
  };
}

describe('a submission as HTML', () => {
  const html = renderHtml(report('grade'));

  it('is one self-contained page: no external scripts, styles, images or fetches', () => {
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]*(src|href)=/i);
    expect(html).not.toMatch(/https?:\/\/(?!pitboss)/);
  });

  it('escapes every name and message: a <script> in a transcript line or a folder name stays text', () => {
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('alice &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
    expect(html).toContain('got &lt;script&gt;');
    // The page has no script at all: a submission's report needs none.
    expect(html).not.toContain('<script');
  });

  it('shows the header, the score by part and the replay command of a failing test', () => {
    expect(html).toContain('Score 3/7');
    expect(html).toContain('seed 7');
    expect(html).toMatch(/<td>deck\.ts<\/td><td class="n">1<\/td><td class="n">2<\/td>/);
    expect(html).toContain('LOST 1');
    // The instructor's page: the case itself, the submission's folder named (quoted for the shell).
    expect(html).toMatch(
      /<code>pnpm --silent pitboss check &#39;alice .*&#39; --replay deck\.new@1:2:3<\/code>/,
    );
    // The student's page: the test in their own check (the graded seed is the course's alone).
    expect(renderHtml({ ...report('grade'), view: 'student' })).toMatch(
      /<code>pnpm --silent pitboss check &#39;alice .*&#39; --only deck\.new<\/code>/,
    );
    // A check's page: its own counterexample.
    expect(renderHtml(report('check'))).toMatch(/--replay deck\.new@1:2:3<\/code>/);
  });

  it('says nothing machine-dependent: not the folder the submission was graded from', () => {
    expect(html).not.toContain('/home/someone');
  });

  it('marks the first differing line, and its differing part', () => {
    const first = /<tr class="first">.*<\/tr>/.exec(html)?.[0] ?? '';
    expect(first).toContain('<td class="mk" title="first difference">▶</td>');
    expect(first).toContain('<td class="ln">3</td>');
    expect(first).toContain('Player<mark>');
    expect(html.match(/<tr class="first">/g)).toHaveLength(1);
  });

  it('makes whitespace visible: spaces, tabs, line ends and a missing final newline', () => {
    const first = /<tr class="first">.*<\/tr>/.exec(html)?.[0] ?? '';
    expect(first).toContain('<span class="ws">→\t</span>');
    expect(first).toContain('<span class="ws">·</span>');
    expect(html).toContain('<span class="eol" title="end of line">↵</span>');
    const last = html.split('\n').find((line) => line.includes('<td class="ln">4</td>')) ?? '';
    expect(last).toContain('extra<span class="eof"');
    expect(last).toContain('no newline at end');
    expect(last).toContain('(end of output)');
  });

  it('cuts a very long transcript line, saying how much is left out', () => {
    const long = report('grade');
    const diff = long.tests[2]!.diff!;
    diff.actual.lines[2] = `Player bets 5${'x'.repeat(5000)}`;
    const page = renderHtml(long);
    expect(page).toContain('… 3013 more characters');
    expect(page).not.toContain('x'.repeat(2001));
  });

  it('tells status in words, not colour alone', () => {
    expect(html).toContain('<span class="status fail">FAIL</span>');
    expect(html).toContain('<span class="status pass">EXPOSED</span>');
    expect(html).toContain('<span class="status fail">SURVIVED</span>');
    expect(html).toContain('NOT COUNTED');
  });

  it('draws the tests x mutants matrix for visible mutants, and only counts hidden ones', () => {
    const matrix = /<table class="matrix">[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    const rows = matrix.split('\n').filter((line) => line.startsWith('<tr><td class="name">'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('deck.one');
    expect(rows[0]!.match(/<td class="hit"/g)).toHaveLength(1);
    expect(rows[1]).toContain('deck.two');
    expect(rows[1]).not.toContain('class="hit"');
    expect(html).not.toContain('deck.three');
    expect(html).toContain('1 of 1 hidden mutants exposed.');
  });

  it('in grade mode lists failing hidden tests with their visibility', () => {
    expect(html).toContain('the secret deck test <span class="tag">hidden</span>');
  });
});

describe('each thing said once', () => {
  it('one diff for transcripts failing alike, the others named below it; a different failure is its own card', () => {
    const base = report('grade');
    const transcript = base.tests.find((each) => each.id === 'transcript.course.linked:1_2')!;
    // The same first differing line at another line number is the same failure (human.ts groups it too).
    const alike = [2, 3, 4].map((n) => ({
      ...transcript,
      id: `${transcript.id}-${n}`,
      name: `blackjack ${n} 2 simple`,
      diff: {
        ...transcript.diff!,
        line: 3 + n,
        expected: { from: 1 + n, lines: transcript.diff!.expected.lines },
        actual: { from: 1 + n, lines: transcript.diff!.actual.lines },
      },
    }));
    const html = renderHtml({ ...base, tests: [...base.tests, ...alike] });
    expect(html.split('class="diff mono"')).toHaveLength(2);
    expect(html).toContain(
      'the same in 3 more tests: blackjack 2 2 simple [blackjack.ts]; blackjack 3 2 simple',
    );
    // deck.new fails otherwise: a card of its own.
    expect(html).toContain('a new deck');
  });

  it('a hint shared by missed mutants is said once under the matrix, naming them; no row repeats it', () => {
    const base = report('check');
    const hint = { text: 'Does your test deal after a shuffle?' };
    const missed = [1, 2, 3].map((n) =>
      test({
        id: `mutant.public.deck.m${n}`,
        name: `Your tests expose deck.m${n}`,
        file: 'your tests',
        kind: 'mutant',
        status: 'failed',
        score: 0,
        hint,
        mutant: { id: `deck.m${n}`, description: `bug ${n}`, status: 'survived', killedBy: [] },
      }),
    );
    const html = renderHtml({ ...base, tests: [...base.tests, ...missed] });
    expect(html.split(hint.text)).toHaveLength(2);
    expect(html).toContain('(deck.m1, deck.m2, deck.m3)');
  });
});

describe('a check report as HTML', () => {
  const html = renderHtml(report('check'));

  it('never names a test that is not visible, even one the report holds', () => {
    expect(html).not.toContain('the secret deck test');
    expect(html).not.toContain('hidden failure');
    expect(html).not.toContain('blackjack 9 9 later');
    expect(html).not.toContain('hidden mutant');
    expect(html).not.toContain('deck.three');
  });
});

describe('the class report and the gradebook', () => {
  const entries = [
    { name: 'bob', report: report('grade', 'bob') },
    {
      name: 'carol',
      report: {
        ...report('grade', 'carol'),
        score: 7,
        parts: report('grade').parts.map((p) => ({ ...p, score: p.maxScore })),
      },
    },
    { name: `eve ${HOSTILE}`, report: report('grade', `eve ${HOSTILE}`) },
    { name: 'mallory' },
  ];

  it('gradebook.csv: one row per submission, one column per part, the total and the maximum', () => {
    expect(renderGradebook(entries).split('\n')).toEqual([
      'submission,deck.ts,blackjack.ts,your tests,total,max',
      'bob,1,1,1,3,7',
      'carol,2,2,3,7,7',
      '"eve <script>alert(""pwned"")</script>",1,1,1,3,7',
      'mallory,,,,,',
      '',
    ]);
  });

  it('index.html: links each graded submission, escapes names, holds no paths', () => {
    const html = renderClassReport(entries);
    expect(html).toContain('<a href="instructor/bob.html">bob</a>');
    expect(html).toContain(
      `<a href="instructor/eve%20%3Cscript%3Ealert(%22pwned%22)%3C%2Fscript%3E.html">eve &lt;script&gt;`,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('mallory <span class="status fail">NOT GRADED</span>');
    expect(html).not.toContain('/home/someone');
    expect(html).toContain('<svg class="histogram"');
    // Worst first: the failing tests before the ones everyone passes.
    const rates = html.indexOf('id="tests"');
    expect(html.indexOf('a new deck', rates)).toBeLessThan(html.indexOf('The other', rates));
    expect(html).toMatch(/a new deck<\/td><td>deck.ts<\/td><td class="n">0\/3<\/td><td class="n">0%<\/td>/);
  });
});

describe('HTML from real runs', () => {
  it('escapes a hostile folder name and transcript line, and marks the first differing line with whitespace visible', () => {
    const dir = join(scratch(), '<img src=x onerror=alert(1)>');
    cpSync(CORRECT, dir, { recursive: true });
    const driver = join(dir, 'blackjack.ts');
    const source = readFileSync(driver, 'utf8');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the submission's own source text
    const line = 'say(`Player bets ${wager}`);';
    expect(source).toContain(line);
    const hostile = line.replace('}`', '} <script>alert(1)</script>\t`');
    writeFileSync(driver, source.replace(line, hostile));
    const run = pitboss([
      'check',
      dir,
      '--format',
      'html',
      '--only',
      // Its own run: a linked run shows none of the program's lines.
      'transcript.course.own:100_3_simple',
    ]);
    expect(run.status).toBe(1);
    const html = run.stdout;
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '<title>Blackjack (classic): Deck, Hand, Player and the driver: &lt;img src=x onerror=alert(1)&gt;</title>',
    );
    const first = /<tr class="first">.*<\/tr>/.exec(html)?.[0] ?? '';
    expect(first).toMatch(
      /<td class="ln">(\d+)<\/td><td class="tx">Player<span class="ws">·<\/span>bets<span class="ws">·<\/span>5<span class="eol"/,
    );
    expect(first).toContain(
      '<mark><span class="ws">·</span>&lt;script&gt;alert(1)&lt;/script&gt;<span class="ws">→\t</span></mark>',
    );
  });

  it("check never names a test or mutant that is not visible; grade's student view names no hidden mutant either, the instructor's names them", async () => {
    const assignment = await loadAssignment('classic');
    const secret = privateFolder(undefined, 'classic');
    const plan = planTests(assignment, readCatalogue(assignment, secret), privateTranscriptCases(secret));
    const unseen = plan.filter((test) => test.visibility !== 'visible');
    expect(unseen.length).toBeGreaterThan(40);
    const tested = join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested');
    const check = pitboss(['check', tested, '--format', 'html']).stdout;
    expect(check).toContain('<table class="matrix">');
    // A hidden transcript case may share its words with a visible one: only names of their own count.
    const seen = new Set(plan.filter((test) => test.visibility === 'visible').map((test) => test.name));
    for (const test of unseen) {
      if (!seen.has(test.name)) expect(check).not.toContain(esc(test.name));
      if (test.mutant !== undefined) expect(check).not.toContain(test.mutant.id);
    }
    expect(check).not.toMatch(/>hidden<|hidden mutant|after due date/);
    const graded = pitboss(['grade', tested, '--format', 'json', '--only', 'mutant.']).stdout;
    const report = JSON.parse(graded) as Report;
    const student = renderHtml(studentView(report));
    expect(student).toMatch(/\d+ of 44 hidden mutants exposed/);
    const instructor = renderHtml(instructorView(report));
    for (const test of unseen.filter((t) => t.mutant?.part === 'private')) {
      expect(student).not.toContain(test.mutant!.id);
      expect(instructor).toContain(test.mutant!.id);
    }
  });
});
