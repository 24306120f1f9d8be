// Report formats and merged shards as an attack surface: whatever a submission's code prints, names or
// leaves in a result, and whatever a shard holds, no renderer runs out of memory, no terminal, XML
// reader, spreadsheet or browser is steered by it, and merge writes only what its own checks allow.
import { createHash, createHmac } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { boundReport, CASES_LIMIT, cutText, LINES_LIMIT, TEXT_LIMIT } from '../../src/0-results/bounds.ts';
import { type Report, SCHEMA_VERSION } from '../../src/0-results/report.ts';
import type { TestResult } from '../../src/0-results/test.ts';
import { renderClassReport } from '../../src/6-reports/class.ts';
import { renderGradebook } from '../../src/6-reports/class-tally.ts';
import { renderGradescope } from '../../src/6-reports/gradescope.ts';
import { renderHtml } from '../../src/6-reports/html.ts';
import { renderHuman } from '../../src/6-reports/human.ts';
import { FORMATS, render } from '../../src/6-reports/index.ts';
import { renderJunit } from '../../src/6-reports/junit.ts';
import { replayCommand } from '../../src/6-reports/replay.ts';
import {
  BATCH_FILE,
  type BatchEntry,
  type BatchFile,
  canonicalJson,
  newBatch,
  type RunIdentity,
  writeBatchFiles,
  writeSubmissionFiles,
} from '../../src/class/batch.ts';
import { mergeBatches } from '../../src/class/merge.ts';
import { hashFolder } from '../../src/class/results.ts';
import { PitbossError } from '../../src/plumbing/errors.ts';
import { CORRECT, pitboss, pitbossHere, REPO_ROOT, scratch, testResult as test } from '../support.ts';

function report(tests: TestResult[], name = 'alice'): Report {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'pitboss', version: '0.1.0' },
    assignment: { name: 'classic', title: 'Blackjack', version: '1' },
    mode: 'grade',
    seed: 7,
    submission: { name, path: `/subs/${name}`, hash: '0'.repeat(64) },
    score: tests.reduce((sum, t) => sum + t.score, 0),
    maxScore: tests.reduce((sum, t) => sum + t.maxScore, 0),
    parts: [
      {
        file: 'deck.ts',
        score: tests.reduce((sum, t) => sum + t.score, 0),
        maxScore: tests.reduce((sum, t) => sum + t.maxScore, 0),
      },
    ],
    studentTests: { cases: [], exposed: 0, mutants: 0 },
    loadErrors: [],
    tests,
  };
}

describe('a report cut to size before it is stored or rendered', () => {
  // A flat one-byte string of 140 million characters, as a student's error message once was.
  const huge = Buffer.alloc(140_000_000, 'x').toString('latin1');
  const hostile = (): Report => {
    const r = report([
      test({ id: 'deck.a', name: 'a', status: 'failed', score: 0, message: huge, replay: huge }),
      test({
        id: 'transcript.b',
        name: huge,
        file: 'blackjack.ts',
        kind: 'transcript',
        status: 'failed',
        score: 0,
        message: huge,
        diff: {
          line: 1,
          expected: { from: 1, lines: ['a'] },
          actual: { from: 1, lines: Array.from({ length: 100_000 }, () => huge) },
          whitespaceOnly: false,
          expectedLines: 1,
          actualLines: 100_000,
        },
      }),
      test({
        id: 'mutant.public.deck.x',
        name: 'Your tests expose deck.x: y',
        file: 'your tests',
        kind: 'mutant',
        mutant: {
          id: huge,
          description: huge,
          status: 'killed',
          killedBy: Array.from({ length: 50_000 }, () => ({ file: huge, position: '0', name: huge })),
        },
      }),
    ]);
    r.submission.name = huge;
    r.loadErrors = [{ file: 'deck.ts', message: huge }];
    r.studentTests = {
      cases: Array.from({ length: 50_000 }, (_, i) => ({
        file: `tests/${i}.test.ts`,
        name: huge,
        valid: false,
        reason: huge,
      })),
      exposed: 0,
      mutants: 1,
    };
    return r;
  };

  it('cuts a string to the limit, saying how much was cut, and is the identity within it', () => {
    const cut = cutText(huge);
    expect(cut.length).toBeLessThanOrEqual(TEXT_LIMIT);
    expect(cut).toMatch(/\.\.\. \[cut: 139,93\d,\d{3} more characters\]$/);
    expect(cut.length + Number(/cut: ([\d,]+)/.exec(cut)![1]!.replaceAll(',', ''))).toBe(
      huge.length + cut.length - cut.indexOf('...'),
    );
    expect(cutText(cut)).toBe(cut);
    expect(cutText('short')).toBe('short');
    // Never half a surrogate pair.
    const emoji = '🂡'.repeat(TEXT_LIMIT);
    expect(cutText(emoji)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('bounds every string, every list a student decides, and the whole report; bounding again changes nothing', () => {
    const bounded = boundReport(hostile());
    const size = JSON.stringify(bounded).length;
    expect(size).toBeLessThan(16 * 1024 * 1024);
    expect(bounded.tests[0]!.message).toMatch(/\[cut: [\d,]+ more characters\]$/);
    expect(bounded.tests[1]!.diff!.actual.lines).toHaveLength(LINES_LIMIT);
    expect(bounded.studentTests.cases).toHaveLength(CASES_LIMIT);
    expect(bounded.studentTests.omittedCases).toBe(50_000 - CASES_LIMIT);
    expect(bounded.tests[2]!.mutant!.killedBy).toHaveLength(CASES_LIMIT);
    expect(JSON.stringify(boundReport(bounded))).toBe(JSON.stringify(bounded));
  });

  it('leaves a report within the limits exactly as it was', () => {
    const r = report([test({ id: 'a', name: 'a', status: 'failed', score: 0, message: 'one\ntwo' })]);
    expect(JSON.parse(JSON.stringify(boundReport(r)))).toStrictEqual(JSON.parse(JSON.stringify(r)));
  });

  it.each([...FORMATS])('renders as %s in bounded memory and size', (format) => {
    const input = hostile();
    const heap = process.memoryUsage().heapUsed;
    const out = render(input, format, true);
    expect(out.length).toBeLessThan(40 * 1024 * 1024);
    expect(out).toContain('more characters');
    // A copy (let alone an escaped copy) of the message would be 140 MB more.
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(120 * 1024 * 1024);
  });

  it('renders the class report and the gradebook in bounded size', () => {
    const entries = [{ name: huge, report: hostile() }];
    expect(renderClassReport(entries).length).toBeLessThan(40 * 1024 * 1024);
    expect(renderGradebook(entries).length).toBeLessThan(64 * 1024);
  });
});

// Every character that can steer a terminal: C0 controls (newline aside, in blocks), DEL, C1, and
// bidirectional controls. ESC (\x1b) covers CSI, OSC 52 (the clipboard), and every other sequence.
const STEERING =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it matches
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('the human report in a terminal', () => {
  const attacks = [
    '\x1b[2J\x1b[H', // clear the screen, cursor home
    '\x1b]52;c;cm0gLXJmIH4K\x07', // OSC 52: write the clipboard
    '\x9b2J', // CSI as one C1 character
    '\x9d52;c;eA==\x9c', // OSC and ST as C1
    'Score 0/10\rScore 147/147', // overwrite the line
    'evil\u202eexe.txt', // right-to-left override
    '\u2066hidden\u2069', // isolate
    'bell\x07 backspace\x08 null\x00 del\x7f',
  ];
  const message = `${attacks.join(' ')}\nScore 147/147  (all tests)\n\x1b[32mAll 147 tests pass.`;
  const hostile = report(
    [
      test({
        id: 'deck.a',
        name: `a \x1b[8m${attacks[1]}`,
        status: 'failed',
        score: 0,
        message,
        replay: 'deck.a@1:\x1b[2J',
      }),
      test({
        id: 'transcript.b',
        name: 'b',
        file: 'blackjack.ts',
        kind: 'transcript',
        status: 'failed',
        score: 0,
        message: 'line 1 differs',
        diff: {
          line: 1,
          expected: { from: 1, lines: ['Player bets 5'] },
          actual: { from: 1, lines: [`Player bets 5\r${attacks[0]}Score 147/147`] },
          whitespaceOnly: false,
          expectedLines: 1,
          actualLines: 1,
        },
      }),
      test({
        id: 'mutant.public.deck.x',
        name: 'Your tests expose deck.x: y',
        file: 'your tests',
        kind: 'mutant',
        message: `exposed by tests/a.test.ts > ${attacks[0]}`,
        mutant: {
          id: 'deck.x',
          description: 'y',
          status: 'killed',
          killedBy: [{ file: 'tests/a.test.ts', position: '0', name: `${attacks[0]}` }],
        },
      }),
    ],
    `bob${attacks[1]}`,
  );
  hostile.studentTests = {
    cases: [{ file: 'tests/a.test.ts', name: `t${attacks[4]}`, valid: false, reason: attacks[0]! }],
    exposed: 1,
    mutants: 1,
  };
  hostile.loadErrors = [{ file: 'hand.ts', message: `cannot load\n${attacks[2]}\nScore 147/147` }];

  it('shows every control character escaped, so no student text steers the terminal', () => {
    const out = renderHuman(hostile, { color: false });
    expect(out).not.toMatch(STEERING);
    expect(out).toContain('\\x1b[2J');
    expect(out).toContain('\\x1b]52;c;');
    expect(out).toContain('\\x9b2J');
    expect(out).toContain('\\u202e');
    expect(out).toContain('Score 0/10\\x0dScore 147/147');
  });

  it('keeps its own colours, and only those', () => {
    const out = renderHuman(hostile, { color: true });
    // Every escape left is one of picocolors' SGR sequences.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the sequences it removes
    expect(out.replace(/\x1b\[\d+m/g, '')).not.toMatch(STEERING);
  });

  it('never lets a student line start where the report puts its own: a fake score stays indented', () => {
    const lines = renderHuman(hostile, { color: false }).split('\n');
    expect(lines.filter((line) => line.startsWith('Score '))).toHaveLength(1);
    expect(lines.filter((line) => /^\S/.test(line) && line.includes('147/147'))).toEqual([]);
    expect(lines).toContain('      Score 147/147  (all tests)');
  });
});

describe('the HTML page in a browser', () => {
  // Issue 29: a right-to-left override in a test name reached the page raw, reordering what it shows.
  const name = 'deals 52 cards \u202e)deretla( \u2066hidden\u2069';
  const message = 'expected 52\u202e got 51\x1b[2J\r\nsecond line\tafter a tab';
  const hostile = report(
    [
      test({ id: 'deck.a', name, status: 'failed', score: 0, message }),
      test({ id: 'deck.b', name: 'passes \u202eexe.txt' }),
    ],
    'mallory',
  );

  it('shows every control character in a test name or message as an escape, as the terminal report does', () => {
    for (const page of [renderHtml(hostile), renderClassReport([{ name: 'mallory', report: hostile }])]) {
      expect(page).not.toMatch(STEERING);
    }
    const page = renderHtml(hostile);
    expect(page).toContain('deals 52 cards \\u202e)deretla( \\u2066hidden\\u2069');
    expect(page).toContain('passes \\u202eexe.txt');
    expect(page).toContain('expected 52\\u202e got 51\\x1b[2J\\x0d');
    // Line ends and tabs are the page's to show: kept.
    expect(page).toContain('\nsecond line\tafter a tab');
    expect(renderHuman(hostile, { color: false })).toContain('deals 52 cards \\u202e)deretla(');
  });
});

describe('Gradescope results', () => {
  it('are plain text: nothing a student prints is rendered as HTML or Markdown, no control character passes', () => {
    const results = renderGradescope(
      report([
        test({
          id: 'a',
          name: '<img src=x onerror=alert(1)>',
          status: 'failed',
          score: 0,
          message: '<script>alert(1)</script> **bold** \x1b[2J',
        }),
      ]),
    );
    expect(results.output_format).toBe('text');
    expect(results.test_output_format).toBe('text');
    expect(results.test_name_format).toBe('text');
    for (const entry of results.tests) {
      expect(entry.output_format).toBe('text');
      expect(entry.name_format).toBe('text');
      expect(entry.output).not.toMatch(STEERING);
    }
  });
});

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

/** A strict XML parser's view of a document: it throws on anything that is not well-formed XML 1.0. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const root: XmlElement = { name: '#document', attributes: {}, text: '', children: [] };
  const stack = [root];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      text: '',
      children: [],
    };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.on('cdata', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.write(xml).close();
  return root;
}

const all = (element: XmlElement, name: string): XmlElement[] => [
  ...(element.name === name ? [element] : []),
  ...element.children.flatMap((child) => all(child, name)),
];

describe('JUnit XML', () => {
  const injections = [
    ']]></system-err></testcase><testcase classname="x" name="forged"/><testcase><system-err><![CDATA[',
    `a ]]> b ]]> c ]]]]> d ]]>]]> e`,
    '<![CDATA[ inside ]]> and out ]]',
    '&amp; &lt;testcase/&gt; <testcase name="x"/> "quoted" \'single\'',
    'tab\tand\r\nwindows line\r and a lone \r',
  ];
  const tests = [
    ...injections.map((message, i) =>
      test({
        id: `deck.i${i}`,
        name: `inject ${i} ${message}`,
        status: 'failed',
        score: 0,
        message,
        replay: `${message}]]`,
      }),
    ),
    // The other half of a `]]>` split between the message and the replay line that follows it.
    test({
      id: 'deck.split',
      name: 'split',
      status: 'timeout',
      score: 0,
      message: 'ends ]]',
      replay: '>starts',
    }),
    test({ id: 'deck.ok', name: 'passes ]]>', file: ']]><x/>' }),
  ];
  const r = report(tests, 'eve ]]> <testsuite>');

  it('parses with a strict XML parser into exactly one testcase per test, whatever the messages hold', () => {
    const doc = parseXml(renderJunit(r));
    expect(all(doc, 'testsuite')).toHaveLength(1);
    expect(all(doc, 'testcase')).toHaveLength(tests.length);
    expect(all(doc, 'failure')).toHaveLength(injections.length);
    expect(all(doc, 'error')).toHaveLength(1);
    expect(all(doc, 'testsuite')[0]!.attributes.name).toBe('classic: eve ]]> <testsuite>');
  });

  it('gives every name and failure text back exactly', () => {
    const cases = all(parseXml(renderJunit(r)), 'testcase');
    tests.forEach((t, i) => {
      expect(cases[i]!.attributes.name).toBe(t.name);
      expect(cases[i]!.attributes.classname).toBe(t.file);
      if (t.status === 'passed') return;
      const failure = cases[i]!.children.find((c) => c.name === 'failure' || c.name === 'error')!;
      expect(failure.attributes.message).toBe(t.message);
      const err = cases[i]!.children.find((c) => c.name === 'system-err')!;
      expect(err.text).toBe(
        `${t.message}\nreplay: ${replayCommand(r.submission.path, t.replay!, 'submission')}`,
      );
    });
  });

  it('shows characters XML cannot hold as escapes instead of failing to render', () => {
    const xml = renderJunit(
      report([
        test({
          id: 'a',
          name: 'nul\x00 esc\x1b',
          status: 'failed',
          score: 0,
          message: 'lone \ud800 \uffff \x0b',
        }),
      ]),
    );
    const cases = all(parseXml(xml), 'testcase');
    expect(cases).toHaveLength(1);
    expect(cases[0]!.attributes.name).toBe('nul\\u0000 esc\\u001b');
  });
});

describe('the gradebook in a spreadsheet', () => {
  const names = [
    '=HYPERLINK("http://x")',
    '+1+1',
    '-2+3',
    '@SUM(A1)',
    '\tx',
    '\rx',
    ' =1',
    '＝1',
    'plain',
    'a,"b"',
  ];
  const entries = names.map((name) => ({ name, report: report([test({ id: 'a', name: 'a' })], name) }));
  entries.push({ name: 'half', report: report([test({ id: 'a', name: 'a', score: 0.5, maxScore: 1.25 })]) });

  it('neutralises every cell a spreadsheet would read as a formula, quoted correctly; numbers stay numbers', () => {
    const csv = renderGradebook(entries);
    const lines = csv.split('\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")",1,1,1`);
    expect(lines[2]).toBe(`'+1+1,1,1,1`);
    expect(lines[3]).toBe(`'-2+3,1,1,1`);
    expect(lines[4]).toBe(`'@SUM(A1),1,1,1`);
    expect(lines[5]).toBe(`'\tx,1,1,1`);
    expect(csv).toContain(`"'\rx",1,1,1`);
    expect(csv).toContain(`' =1,1,1,1`);
    expect(csv).toContain(`'＝1,1,1,1`);
    expect(csv).toContain('\nplain,1,1,1\n');
    expect(csv).toContain('\n"a,""b""",1,1,1\n');
    expect(csv).toContain('\nhalf,0.5,0.5,1.25\n');
  });
});

// ---------------------------------------------------------------------------------------------------
// Merge: shards are input like any other.

/** A private part of our own: merge's key comes from it, and it is not instructor/<rules>/. */
function privatePart(content = '{"mutants":[]}'): string {
  const dir = join(scratch(), 'private');
  mkdirSync(dir);
  writeFileSync(join(dir, 'mutants.json'), content);
  return dir;
}

/** A rule set name with no instructor/<name>/ folder, so only what a test gives keys a batch. */
const RULES = 'reports-hostile-test';

function run(secret: string): RunIdentity {
  return {
    tool: '0.1.0',
    sources: 'sources',
    assignment: RULES,
    version: '1',
    mode: 'grade',
    format: 'json',
    limits: { testTimeoutMs: 1000 },
    secret,
  };
}

const graded = (name: string): Report => {
  const r = report(
    [
      test({ id: 'deck.a', name: 'a' }),
      test({ id: 'deck.b', name: 'b', status: 'failed', score: 0, message: 'wrong' }),
    ],
    name,
  );
  r.assignment.name = RULES;
  return r;
};

/** Two shards of a run over alice, bob and carol, as `grade --shard i/2 --out` writes them. */
function shards(privateDir: string | undefined) {
  const secret = hashFolder(privateDir);
  const names = ['alice', 'bob', 'carol'];
  return [1, 2].map((index) => {
    const dir = scratch();
    const submissions: BatchEntry[] = names.flatMap((name, order) =>
      order % 2 === index - 1 ? [{ order, name, report: graded(name) }] : [],
    );
    writeBatchFiles(dir, newBatch(run(secret), { index, count: 2 }, names.length, submissions), {
      privateDir,
    });
    return dir;
  });
}

const batchOf = (dir: string): BatchFile => JSON.parse(readFileSync(join(dir, BATCH_FILE), 'utf8'));

/** Rewrites a shard's batch file; `sign` says how the forger signs it again. */
function tamper(
  dir: string,
  change: (batch: BatchFile) => void,
  sign: 'keep' | 'sha256' | 'hmac-with-public-secret' | 'none' = 'keep',
): void {
  const batch = batchOf(dir);
  change(batch);
  const { checksum, ...content } = batch;
  const text = canonicalJson(content);
  if (sign === 'sha256')
    batch.checksum = { algorithm: 'sha256', digest: createHash('sha256').update(text).digest('hex') };
  if (sign === 'hmac-with-public-secret')
    batch.checksum = {
      algorithm: 'hmac-sha256',
      digest: createHmac('sha256', batch.run.secret).update(text).digest('hex'),
    };
  if (sign === 'none') delete batch.checksum;
  if (sign === 'keep') batch.checksum = checksum;
  writeFileSync(join(dir, BATCH_FILE), JSON.stringify(batch));
}

const refusal = (act: () => unknown): string => {
  try {
    act();
  } catch (error) {
    if (error instanceof PitbossError) return error.code;
    throw error;
  }
  return 'merged';
};

describe('merge of shards signed with the private part', () => {
  const secret = privatePart();

  it('merges untouched shards, and a merged folder again', () => {
    const dirs = shards(secret);
    const merged = mergeBatches(dirs, { privateDir: secret });
    expect(merged.submissions.map((s) => s.name)).toEqual(['alice', 'bob', 'carol']);
    const out = scratch();
    writeBatchFiles(out, merged, { privateDir: secret });
    expect(mergeBatches([out], { privateDir: secret }).submissions).toHaveLength(3);
  });

  it.each([
    ['a score changed, checksum kept', 'keep' as const],
    ['a score changed, signed with a plain SHA-256', 'sha256' as const],
    ['a score changed, keyed by the public secret hash', 'hmac-with-public-secret' as const],
    ['a score changed, checksum removed', 'none' as const],
  ])('refuses %s (MERGE_TAMPERED)', (_what, sign) => {
    const [a, b] = shards(secret);
    tamper(
      b!,
      (batch) => {
        batch.submissions[0]!.report!.tests[1]!.status = 'passed';
      },
      sign,
    );
    expect(refusal(() => mergeBatches([a!, b!], { privateDir: secret }))).toBe('MERGE_TAMPERED');
  });

  it('refuses to merge without the private part that signed them, or with another one', () => {
    const [a, b] = shards(secret);
    expect(refusal(() => mergeBatches([a!, b!]))).toBe('MERGE_TAMPERED');
    expect(refusal(() => mergeBatches([a!, b!], { privateDir: privatePart('{"mutants":[1]}') }))).toBe(
      'MERGE_TAMPERED',
    );
  });

  it('refuses shards that say they had no private part when merge has one', () => {
    const [a, b] = shards(undefined);
    expect(refusal(() => mergeBatches([a!, b!], { privateDir: secret }))).toBe('MERGE_TAMPERED');
  });
});

// Without a private part a forger can compute a plain checksum again: the checks below must hold alone.
describe('merge of shards a forger has signed again', () => {
  const forged = (change: (batch: BatchFile) => void) => {
    const [a, b] = shards(undefined);
    tamper(b!, change, 'sha256');
    return [a!, b!];
  };

  it('refuses a file name that would leave --out, or is not a plain name', () => {
    for (const name of [
      '../../evil',
      '..',
      '.hidden',
      'a/b',
      'a\\b',
      'x\u0000y',
      'x\ny',
      '\u202eexe',
      'index',
      'INDEX',
      'x'.repeat(201),
    ]) {
      const dirs = forged((batch) => {
        batch.submissions[0]!.name = name;
      });
      expect(
        refusal(() => mergeBatches(dirs)),
        name,
      ).toBe('MERGE_INVALID');
    }
  });

  it('refuses a batch file whose shape is not a batch file, reports included', () => {
    const changes: ((batch: BatchFile) => void)[] = [
      (batch) => {
        (batch.submissions[0]!.report as unknown as Record<string, unknown>).score =
          '"><script>alert(1)</script>';
      },
      (batch) => {
        (batch.submissions[0]!.report!.tests[0] as unknown as Record<string, unknown>).extra = 1;
      },
      (batch) => {
        (batch.submissions[0]!.report!.tests[0] as unknown as Record<string, unknown>).status = 'exposed';
      },
      (batch) => {
        (batch.submissions[0] as unknown as Record<string, unknown>).order = -1;
      },
      (batch) => {
        (batch.submissions[0] as unknown as Record<string, unknown>).order = 99;
      },
      (batch) => {
        (batch.run as unknown as Record<string, unknown>).secret = '<script>';
      },
    ];
    for (const change of changes) expect(refusal(() => mergeBatches(forged(change)))).toBe('MERGE_INVALID');
  });

  it('refuses a batch file nested 200,000 deep (one line, exit 2) where it overflowed the stack, in merge and compare', async () => {
    const [a, b] = shards(undefined);
    const file = join(b!, BATCH_FILE);
    // Written as text: a value that deep is what no JSON.stringify would write.
    const deep = 200_000;
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        '"limits":{',
        `"limits":{"x":${'{"a":'.repeat(deep)}1${'}'.repeat(deep)},`,
      ),
    );
    expect(refusal(() => mergeBatches([a!, b!]))).toBe('MERGE_INVALID');
    for (const args of [
      ['merge', a!, b!, '--out', join(scratch(), 'merged')],
      ['compare', a!, b!],
    ]) {
      const run = await pitbossHere(args);
      expect(run.status, args[0]).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`pitboss: ${file} nests deeper than a batch file can (64 levels)\n`);
    }
  });

  it('scores every report again from its tests: a 4/4 whose tests all failed is 0/4', () => {
    const dirs = forged((batch) => {
      const r = batch.submissions[0]!.report!;
      r.tests = r.tests.map((t) => ({ ...t, status: 'failed', score: 2, maxScore: 2 }));
      r.score = 4;
      r.maxScore = 4;
      r.parts = [
        { file: 'deck.ts', score: 4, maxScore: 4 },
        { file: 'bonus', score: 100, maxScore: 0 },
      ];
    });
    const merged = mergeBatches(dirs);
    const bob = merged.submissions.find((s) => s.name === 'bob')!.report!;
    expect([bob.score, bob.maxScore]).toEqual([0, 4]);
    expect(bob.parts).toEqual([{ file: 'deck.ts', score: 0, maxScore: 4 }]);
    const out = scratch();
    writeBatchFiles(out, merged);
    expect(readFileSync(join(out, 'gradebook.csv'), 'utf8')).toContain('\nbob,0,0,4\n');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<td class="n" data-value="0">0</td>');
  });

  it("writes a shard's script as text in index.html: names, messages, test names, attributes and links", () => {
    const name = `<img src=x onerror=alert(1)>"'&`;
    const dirs = forged((batch) => {
      const entry = batch.submissions[0]!;
      entry.name = name;
      entry.report!.submission.name = name;
      entry.report!.tests[1]!.name = '</script><script>alert(1)</script>';
      entry.report!.tests[1]!.message = '<script>alert(2)</script>';
      entry.report!.parts[0]!.file = '"><script>alert(3)</script>';
      entry.report!.tests = entry.report!.tests.map((t) => ({ ...t, file: '"><script>alert(3)</script>' }));
    });
    const out = scratch();
    const merged = mergeBatches(dirs);
    for (const { name: each, report: r } of merged.submissions)
      writeSubmissionFiles(out, each, r!, 'json', { grade: true });
    writeBatchFiles(out, merged);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index.match(/<script/g)).toHaveLength(1);
    expect(index).not.toContain('<img');
    expect(index).not.toMatch(/alert\(\d\)<\/script>/);
    expect(index).toContain(`href="instructor/${encodeURIComponent(name).replaceAll("'", '&#39;')}.html"`);
    for (const dir of [out, join(out, 'instructor')]) {
      const page = readFileSync(join(dir, `${name}.html`), 'utf8');
      expect(page).not.toContain('<script');
      expect(page).not.toContain('<img');
    }
  });

  it('never writes outside --out, whatever name it is given', () => {
    const root = scratch();
    const out = join(root, 'out');
    mkdirSync(out);
    for (const name of ['../evil', '..', '/tmp/evil', 'a/../../evil', '.pitboss-results'])
      expect(
        refusal(() => writeSubmissionFiles(out, name, graded('x'), 'json', { grade: true })),
        name,
      ).toBe('UNSAFE_NAME');
    expect(readdirSync(root)).toEqual(['out']);
    expect(readdirSync(out)).toEqual([]);
    expect(existsSync('/tmp/evil.json')).toBe(false);
  });

  it("reads nothing of a shard's summary: a forged one changes no file merge writes, and one past the schema is refused", () => {
    const [a, b] = shards(undefined);
    const honest = scratch();
    writeBatchFiles(honest, mergeBatches([a!, b!]));
    const dirs = forged((batch) => {
      batch.summary = {
        editions: [{ language: '<script>alert(1)</script>', label: 'C++', submissions: 99, maxScore: 1 }],
      };
    });
    const out = scratch();
    writeBatchFiles(out, mergeBatches(dirs));
    for (const file of [BATCH_FILE, 'index.html', 'gradebook.csv'])
      expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(honest, file), 'utf8'));
    const shaped = forged((batch) => {
      (batch as unknown as { summary: unknown }).summary = { editions: [{ language: 1 }] };
    });
    expect(refusal(() => mergeBatches(shaped))).toBe('MERGE_INVALID');
  });

  it('refuses a batch file that is not a regular file', () => {
    const [a, b] = shards(undefined);
    const fifo = scratch();
    mkdirSync(join(fifo, BATCH_FILE));
    expect(refusal(() => mergeBatches([a!, b!, fifo]))).toBe('MERGE_INVALID');
  });
});

describe('pitboss grade --out and merge, as processes', () => {
  const CORRECT_TESTED = join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested');
  const shard = scratch();
  const graded = pitboss(['grade', CORRECT, CORRECT_TESTED, '--only', 'deck.new-order', '--out', shard]);

  /** A copy of the graded folder with its batch file changed (and, for a forger, nothing else). */
  const altered = (change: (batch: BatchFile) => void) => {
    const dir = scratch();
    cpSync(shard, dir, { recursive: true });
    tamper(dir, change);
    return dir;
  };

  it('grade writes a checksum keyed by the private part, and merge takes the untouched folder', () => {
    expect(graded.status).toBe(0);
    expect(batchOf(shard).checksum?.algorithm).toBe('hmac-sha256');
    const out = join(scratch(), 'out');
    const merged = pitboss(['merge', shard, '--out', out]);
    expect(merged.status).toBe(0);
    expect(readFileSync(join(out, 'gradebook.csv'), 'utf8')).toBe(
      readFileSync(join(shard, 'gradebook.csv'), 'utf8'),
    );
  });

  it.each([
    [
      'a message changed after grading',
      (batch: BatchFile) => {
        batch.submissions[0]!.report!.tests[0]!.message = 'forged';
      },
      /does not match its checksum/,
    ],
    [
      'a name leaving --out',
      (batch: BatchFile) => {
        batch.submissions[0]!.name = '../../evil';
      },
      /cannot be a file name under --out/,
    ],
    [
      'a report of another shape',
      (batch: BatchFile) => {
        (batch.submissions[0]!.report as unknown as Record<string, unknown>).score = '<script>';
      },
      /is not a valid batch file/,
    ],
  ])('merge refuses %s: one line on stderr, status 2, nothing written', (_what, change, problem) => {
    const root = scratch();
    const out = join(root, 'out');
    const run = pitboss(['merge', altered(change), '--out', out]);
    expect(run.stderr).toMatch(problem);
    expect(run.stderr.split('\n')).toHaveLength(2);
    expect(run.status).toBe(2);
    expect(readdirSync(root)).toEqual([]);
  });

  it('merge refuses without the private part that signed the shards', () => {
    const other = privatePart('{"mutants":[2]}');
    const run = pitboss(['merge', shard, '--private', other, '--out', join(scratch(), 'out')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/give the one that graded them with --private/);
  });
});
