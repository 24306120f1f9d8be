// Similarity, as an instructor runs it: a class of 40 compared, the copy with renamed variables found
// as the top pair; submissions that fail a hidden or visible test alike grouped from a grade run.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Region } from '@dodona/dolos-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SimilarityReport } from '../../src/0-results/similarity.ts';
import { cppTokenizer, tokenize } from '../../src/class/similarity.ts';
import { pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const CLASSIC = join(REPO_ROOT, 'fixtures/submissions/classic');
const STRAIGHTS = join(REPO_ROOT, 'fixtures/submissions/straights');
const STRAIGHTS_CPP = join(REPO_ROOT, 'fixtures/submissions/straights-cpp');

/** C++'s words that are not names: a renaming leaves them alone. */
const CPP_WORDS = new Set(
  `alignas alignof and asm auto bool break case catch char class const constexpr const_cast continue
  decltype default delete do double dynamic_cast else enum explicit export extern false final float for
  friend goto if include inline int long mutable namespace new noexcept not nullptr operator or override
  private protected public register reinterpret_cast return short signed sizeof static static_assert
  static_cast struct switch template this throw true try typedef typeid typename union unsigned using
  virtual void volatile while define ifndef endif pragma once size_t std`.split(/\s+/),
);

/** Every C++ source and header of a folder, by its path in it. */
const cppFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => /\.(cc|cpp|h)$/.test(path));

/**
 * A student's copy of a C++ program with its own names (every lower-case name not one of C++'s words,
 * the same everywhere it occurs, headers and #includes too), its own comments and indentation.
 */
function renamedCppCopy(from: string, to: string): number {
  cpSync(from, to, { recursive: true });
  const names = new Set<string>();
  for (const file of cppFiles(to))
    for (const name of readFileSync(join(to, file), 'utf8').match(/\b[a-z][A-Za-z0-9]*\b/g) ?? [])
      if (!CPP_WORDS.has(name)) names.add(name);
  // The files keep their names (an #include names them): only their code is renamed.
  const fileWords = new Set(cppFiles(to).flatMap((file) => file.split(/[/.]/)));
  for (const file of cppFiles(to)) {
    let text = readFileSync(join(to, file), 'utf8');
    text = text.replace(/\b[a-z][A-Za-z0-9]*\b/g, (name, offset: number) =>
      names.has(name) &&
      !fileWords.has(name) &&
      !/#\s*include\s*[<"][^>"]*$/.test(text.slice(text.lastIndexOf('\n', offset) + 1, offset))
        ? `my${name[0]!.toUpperCase()}${name.slice(1)}`
        : name,
    );
    text = text
      .split('\n')
      .map((line) => (line.trim().startsWith('//') ? '// (my notes)' : line.replace(/^( +)/, '$1$1')))
      .join('\n');
    writeFileSync(join(to, file), `// ${file}, my own\n\n${text}\n`);
  }
  return names.size;
}
const STYLES = readdirSync(CLASSIC)
  .filter((name) => name.startsWith('correct-'))
  .sort();
const CONTRACT = ['deck.ts', 'hand.ts', 'player.ts', 'blackjack.ts'];
const CONTRACT_NAMES = new Set(
  readFileSync(join(REPO_ROOT, 'graders/blackjack-kit/provided/contract.ts'), 'utf8').match(/[\w$]+/g),
);

/**
 * A student's copy of `from` with its own names: every variable, field, parameter and local function
 * it declares renamed (a name the provided contract uses keeps it: the copy still works), re-indented
 * and recommented. Returns how many names it renamed.
 */
function renamedCopy(from: string, to: string): number {
  cpSync(from, to, { recursive: true });
  const renamed = new Set<string>();
  for (const file of readdirSync(to).filter((name) => name.endsWith('.ts'))) {
    const path = join(to, file);
    const source = readFileSync(path, 'utf8');
    const names = new Set<string>();
    for (const match of source.matchAll(
      /\b(?:const|let|var|function|(?:private|public|protected)(?:\s+readonly)?|readonly)\s+([a-z_$][\w$]*)|[(,]\s*([a-z_$][\w$]*)\s*:/g,
    ))
      if (!CONTRACT_NAMES.has((match[1] ?? match[2])!)) names.add((match[1] ?? match[2])!);
    let text = source;
    for (const name of names) {
      text = text.replace(
        // Not a property of another object (`hand.count`), but a field of its own (`this.count`).
        new RegExp(`(?<![\\w$'"])(?<!(?<!this)\\.)${name.replaceAll('$', '\\$')}(?![\\w$])`, 'g'),
        `my${name[0]!.toUpperCase()}${name.slice(1)}`,
      );
      renamed.add(name);
    }
    text = text
      .split('\n')
      .map((line) => (line.trim().startsWith('//') ? '// (my notes)' : line.replace(/^( +)/, '$1$1')))
      .join('\n');
    writeFileSync(path, `// ${file}, written for the assignment\n\n${text}\n`);
  }
  return renamed.size;
}

/**
 * A class of 40: every plain classic fixture (the correct ones in their seven styles, the wrong ones,
 * each a one-edit variant of a correct one), students who built theirs from files of different styles
 * (no two sharing more than one file: deck, hand, player, blackjack from styles a, a+b, a+2b, a+3b
 * mod 7), and one student's renamed copy of correct-course-port.
 */
function classOf40(): { dir: string; renamedNames: number } {
  const dir = join(scratch(), 'class');
  mkdirSync(dir);
  // Not the wrong-hang-* ones: each is a correct fixture with one bug, a copy by design.
  const plain = readdirSync(CLASSIC)
    .filter((name) => /^(correct|wrong|warned)-/.test(name) && !name.startsWith('wrong-hang-'))
    .sort();
  for (const name of plain) cpSync(join(CLASSIC, name), join(dir, name), { recursive: true });
  const mixed = 40 - plain.length - 1;
  expect(STYLES).toHaveLength(7);
  expect(mixed).toBeGreaterThan(0);
  let made = 0;
  for (let step = 1; step < 7 && made < mixed; step++) {
    for (let first = 0; first < 7 && made < mixed; first++, made++) {
      const student = join(dir, `student-${String(made + 1).padStart(2, '0')}`);
      mkdirSync(student);
      CONTRACT.forEach((file, place) => {
        const style = join(CLASSIC, STYLES[(first + place * step) % 7]!);
        cpSync(join(style, file), join(student, file));
        if (file === 'player.ts' && existsSync(join(style, 'strategy.ts')))
          cpSync(join(style, 'strategy.ts'), join(student, 'strategy.ts'));
        if (place === 0) cpSync(join(style, 'tests'), join(student, 'tests'), { recursive: true });
      });
    }
  }
  const renamedNames = renamedCopy(join(CLASSIC, 'correct-course-port'), join(dir, 'student-renamed'));
  return { dir, renamedNames };
}

describe('pitboss similarity', () => {
  it('ranks two copies of one submission, one with renamed variables, as the top pair of a class of 40', async () => {
    const { dir, renamedNames } = classOf40();
    expect(readdirSync(dir)).toHaveLength(40);
    expect(renamedNames).toBeGreaterThanOrEqual(20);
    const original = readFileSync(join(CLASSIC, 'correct-course-port/hand.ts'), 'utf8');
    const copy = readFileSync(join(dir, 'student-renamed/hand.ts'), 'utf8');
    expect(copy).not.toContain('curValue');
    expect(original).toContain('curValue');

    const out = join(scratch(), 'similarity');
    const run = await pitbossHere(['similarity', dir, '--assignment', 'classic', '--out', out]);
    expect(run.stderr).toBe(`pitboss: ${dir} holds 40 submissions\n`);
    expect(run.status).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'similarity.json'), 'utf8')) as SimilarityReport;
    expect(report.submissions).toHaveLength(40);
    expect(report.pairs).toHaveLength((40 * 39) / 2);
    const [top, next] = report.pairs;
    expect([top!.left, top!.right]).toEqual(['correct-course-port', 'student-renamed']);
    expect(top!.similarity).toBeGreaterThan(next!.similarity);
    expect(run.stdout).toContain('correct-course-port  student-renamed');
    // The starter and the provided contract are credited to nobody.
    expect(report.settings.starterFiles).toEqual(expect.arrayContaining(['contract.ts', 'deck.ts']));

    const page = readFileSync(join(out, 'similarity.html'), 'utf8');
    expect(page).toContain('<summary><strong>1. correct-course-port and student-renamed</strong>');
    expect(page).toContain('For staff only');
    expect(page).toContain('not a finding');
    // The matching fragments are marked on both sides.
    expect(top!.fragments!.length).toBeGreaterThan(0);
    expect(page).toContain('<tr class="match">');
  });

  it('groups submissions that fail the same test with the same counterexample, from a grade run', async () => {
    const dir = join(scratch(), 'class');
    mkdirSync(dir);
    cpSync(join(CLASSIC, 'wrong-ace-eleven-twice'), join(dir, 'ann'), { recursive: true });
    renamedCopy(join(CLASSIC, 'wrong-ace-eleven-twice'), join(dir, 'bob'));
    cpSync(join(CLASSIC, 'wrong-natural-rounds-up'), join(dir, 'cat'), { recursive: true });
    cpSync(join(CLASSIC, 'correct-indexed'), join(dir, 'dan'), { recursive: true });
    const graded = join(scratch(), 'graded');
    const grade = await pitbossHere([
      'grade',
      dir,
      '--assignment',
      'classic',
      '--only',
      'hand.',
      '--out',
      graded,
      '--jobs',
      '2',
    ]);
    expect(grade.status).toBe(1);

    const out = join(scratch(), 'similarity');
    const run = await pitbossHere([
      'similarity',
      dir,
      '--assignment',
      'classic',
      '--results',
      graded,
      '--out',
      out,
    ]);
    expect(run.status).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'similarity.json'), 'utf8')) as SimilarityReport;
    const groups = report.behaviour!.groups;
    expect(report.behaviour!.graded).toBe(4);
    expect(groups.map((group) => group.submissions)).toEqual([['ann', 'bob']]);
    const failure = groups[0]!.failures.find((f) => f.test === 'hand.several-aces');
    expect(failure?.evidence).toContain('handValue() returned {count: 22, soft: true}');
    expect(failure?.failing).toBe(2);
    expect(readFileSync(join(out, 'similarity.html'), 'utf8')).toContain('<h3>ann, bob</h3>');

    // Results of another class are refused, and nothing is written.
    const other = join(scratch(), 'other');
    cpSync(join(CLASSIC, 'correct-indexed'), join(other, 'eve'), { recursive: true });
    cpSync(join(CLASSIC, 'correct-tested'), join(other, 'fay'), { recursive: true });
    const elsewhere = join(scratch(), 'elsewhere');
    const refused = await pitbossHere([
      'similarity',
      other,
      '--assignment',
      'classic',
      '--results',
      graded,
      '--out',
      elsewhere,
    ]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      /holds results of none of the submissions in .*other: give the --out folder of a grade run of this class\n$/,
    );
    expect(existsSync(elsewhere)).toBe(false);
  });

  it("shows a student's folder name and code as text, never as markup", async () => {
    const dir = join(scratch(), 'class');
    const hostile = '<img src=x onerror=alert(1)>';
    cpSync(join(CLASSIC, 'correct-indexed'), join(dir, hostile), { recursive: true });
    cpSync(join(CLASSIC, 'correct-indexed'), join(dir, 'plain'), { recursive: true });
    const hand = join(dir, hostile, 'hand.ts');
    writeFileSync(hand, `// </td></tr></table><script>alert(2)</script>\n${readFileSync(hand, 'utf8')}`);
    const out = join(scratch(), 'similarity');
    const run = await pitbossHere(['similarity', dir, '--assignment', 'classic', '--out', out]);
    expect(run.status).toBe(0);
    const page = readFileSync(join(out, 'similarity.html'), 'utf8');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<script>alert');
  });

  it("compares the rest of the class when one student's file is 1 MB, naming that one as skipped", async () => {
    const dir = join(scratch(), 'class');
    for (const name of ['correct-indexed', 'correct-functional', 'correct-tested'])
      cpSync(join(CLASSIC, name), join(dir, name), { recursive: true });
    // Issue 29: a 1 MB file of one student once overflowed the stack and lost the class's report.
    cpSync(join(CLASSIC, 'correct-indexed'), join(dir, 'huge'), { recursive: true });
    const hand = join(dir, 'huge', 'hand.ts');
    writeFileSync(hand, `${readFileSync(hand, 'utf8')}\nexport const pad = [${'1,'.repeat(500_000)}];\n`);
    // Under the bytes but past the tokens: skipped too, as soon as the tokens pass the bound.
    cpSync(join(CLASSIC, 'correct-indexed'), join(dir, 'many-tokens'), { recursive: true });
    writeFileSync(join(dir, 'many-tokens', 'pad.ts'), `export const pad = [${'1,'.repeat(60_000)}];\n`);

    const out = join(scratch(), 'similarity');
    const run = await pitbossHere(['similarity', dir, '--assignment', 'classic', '--out', out]);
    expect(run.status).toBe(0);
    const lines = run.stderr.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(`pitboss: ${dir} holds 5 submissions`);
    expect(lines[1]).toMatch(
      /^pitboss: not compared: huge: its code is 10\d{5} bytes, more than the 262144 similarity compares$/,
    );
    expect(lines[2]).toBe(
      'pitboss: not compared: many-tokens: its code has more than 50000 tokens, the most similarity compares',
    );
    const report = JSON.parse(readFileSync(join(out, 'similarity.json'), 'utf8')) as SimilarityReport;
    expect(report.submissions.map((submission) => submission.name)).toEqual([
      'correct-functional',
      'correct-indexed',
      'correct-tested',
    ]);
    expect(report.pairs).toHaveLength(3);
    expect(report.skipped.map(({ name, code }) => [name, code])).toEqual([
      ['huge', 'INPUT_TOO_LARGE'],
      ['many-tokens', 'INPUT_TOO_LARGE'],
    ]);
    const page = readFileSync(join(out, 'similarity.html'), 'utf8');
    expect(page).toContain('Not compared: huge (its code is');
    expect(page).not.toContain('1,1,1,1');
  });

  it('shows a bidirectional override in code as an escape, and a CRLF file without a stray \\r', async () => {
    const dir = join(scratch(), 'class');
    cpSync(join(CLASSIC, 'correct-indexed'), join(dir, 'crlf'), { recursive: true });
    cpSync(join(CLASSIC, 'correct-indexed'), join(dir, 'plain'), { recursive: true });
    const hand = join(dir, 'crlf', 'hand.ts');
    const text = `// access level: user\u202e \u2066// admin\u2069\n${readFileSync(hand, 'utf8')}`;
    writeFileSync(hand, text.replaceAll('\n', '\r\n'));
    const out = join(scratch(), 'similarity');
    const run = await pitbossHere(['similarity', dir, '--assignment', 'classic', '--out', out]);
    expect(run.status).toBe(0);
    const page = readFileSync(join(out, 'similarity.html'), 'utf8');
    expect(page).toContain('// access level: user\\u202e \\u2066// admin\\u2069');
    expect(page).not.toMatch(/[\r\u202a-\u202e\u2066-\u2069]/);
    expect(page).not.toContain('\\x0d');
  });

  it('refuses a class folder that does not exist: one line, exit 2, nothing written', async () => {
    const out = join(scratch(), 'similarity');
    const missing = join(scratch(), 'no-such-class');
    const run = await pitbossHere(['similarity', missing, '--assignment', 'classic', '--out', out]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`pitboss: no such folder: ${missing}\n`);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a single submission in place of a class: exit 2', async () => {
    const out = join(scratch(), 'similarity');
    const run = await pitbossHere([
      'similarity',
      join(CLASSIC, 'correct-indexed'),
      '--assignment',
      'classic',
      '--out',
      out,
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^pitboss: .*correct-indexed is not a class: name a folder that holds one folder per submission\n$/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('tokens are the same whatever the names, literals, comments and spacing (any renaming)', () => {
    const source = readFileSync(join(CLASSIC, 'correct-functional/hand.ts'), 'utf8');
    const names = [...new Set(source.match(/\b[a-z][A-Za-z]*\b/g) ?? [])].filter(
      (name) =>
        !/^(const|let|var|function|return|if|else|for|of|in|new|import|export|from|type|interface|class|this|true|false|null|undefined|number|string|boolean|void|readonly|private|public|switch|case|default|break|throw|while|do|as|extends|implements|typeof|instanceof|constructor|get|set|static|async|await)$/.test(
          name,
        ),
    );
    const identifierArb = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,8}$/).map((name) => `q${name}`);
    fc.assert(
      fc.property(
        fc.array(identifierArb, { minLength: names.length, maxLength: names.length }),
        fc.nat(3),
        (fresh, indent) => {
          let text = source;
          names.forEach((name, index) => {
            text = text.replace(new RegExp(`\\b${name}\\b`, 'g'), `${fresh[index]}${index}`);
          });
          text = text.replace(/^ +/gm, (spaces) => spaces + ' '.repeat(indent)).replace(/\/\/.*$/gm, '// x');
          expect(tokenize(text).tokens).toEqual(tokenize(source).tokens);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('any text at all, however broken as TypeScript, gives tokens in the order of the text', () => {
    const pieceArb = fc.constantFrom(
      '`',
      '${',
      '}',
      '{',
      '/',
      '/=',
      'x',
      ' ',
      '\n',
      "'",
      '"',
      '//',
      '/*',
      '*/',
      '1',
      '(',
      ')',
      'a.b',
      '#p',
      '\\',
    );
    const textArb = fc.oneof(
      fc.string(),
      fc.array(pieceArb, { maxLength: 60 }).map((pieces) => pieces.join('')),
    );
    fc.assert(
      fc.property(textArb, (text) => {
        const { tokens, regions } = tokenize(text);
        expect(regions).toHaveLength(tokens.length);
        regions.forEach((region, index) => {
          const next = regions[index + 1];
          expect(Region.valid(region.startRow, region.startCol, region.endRow, region.endCol)).toBe(true);
          if (next !== undefined) expect(Region.compare(region, next)).toBeLessThanOrEqual(0);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('reads C++: a renamed copy of a Straights C++ program is the top pair of a class of both languages', async () => {
    const dir = join(scratch(), 'class');
    // The programs of their own designs (each wrong-* fixture is one of them with one edit: a copy by design).
    const cpp = readdirSync(STRAIGHTS_CPP)
      .filter((name) => name.startsWith('correct-'))
      .sort();
    const ts = readdirSync(STRAIGHTS)
      .filter((name) => name.startsWith('correct-'))
      .sort();
    for (const name of cpp) cpSync(join(STRAIGHTS_CPP, name), join(dir, name), { recursive: true });
    for (const name of ts) cpSync(join(STRAIGHTS, name), join(dir, `ts-${name}`), { recursive: true });
    expect(
      renamedCppCopy(join(STRAIGHTS_CPP, 'correct-mvc-observers'), join(dir, 'student-copy')),
    ).toBeGreaterThan(20);
    const copied = readFileSync(join(dir, 'student-copy/main.cc'), 'utf8');
    expect(copied).not.toBe(readFileSync(join(STRAIGHTS_CPP, 'correct-mvc-observers/main.cc'), 'utf8'));

    const out = join(scratch(), 'similarity');
    const run = await pitbossHere(['similarity', dir, '--assignment', 'straights', '--out', out]);
    expect(run.status).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'similarity.json'), 'utf8')) as SimilarityReport;
    expect(report.skipped).toEqual([]);
    const language = new Map(report.submissions.map((s) => [s.name, s.language]));
    expect(report.submissions).toHaveLength(cpp.length + ts.length + 1);
    for (const name of [...cpp, 'student-copy']) expect(language.get(name)).toBe('cpp');
    for (const name of ts) expect(language.get(`ts-${name}`)).toBe('typescript');
    // Every C++ submission read its C++ files; each is compared with the others of its language only.
    for (const submission of report.submissions.filter((s) => s.language === 'cpp'))
      expect(submission.files.length).toBeGreaterThan(0);
    const n = cpp.length + 1;
    expect(report.pairs).toHaveLength((n * (n - 1)) / 2 + (ts.length * (ts.length - 1)) / 2);
    expect(report.pairs.every((pair) => language.get(pair.left) === language.get(pair.right))).toBe(true);
    const [top, next] = report.pairs;
    expect([top!.left, top!.right]).toEqual(['correct-mvc-observers', 'student-copy']);
    expect(top!.similarity).toBeGreaterThan(0.9);
    expect(top!.similarity).toBeGreaterThan(next!.similarity);
    expect(top!.fragments!.length).toBeGreaterThan(0);
    expect(report.settings.cpp).toEqual({
      kgramTokens: 23,
      kgramsInWindow: 17,
      starterFiles: expect.arrayContaining(['main.cc', 'shuffle.h']),
    });
    expect(run.stdout).toContain('correct-mvc-observers  student-copy');
  });

  it("writes the class's report when one of two is skipped, and when all are: exit 0, each named with why", async () => {
    const dir = join(scratch(), 'class');
    cpSync(join(CLASSIC, 'correct-indexed'), join(dir, 'small'), { recursive: true });
    cpSync(join(CLASSIC, 'correct-indexed'), join(dir, 'huge'), { recursive: true });
    const hand = join(dir, 'huge', 'hand.ts');
    writeFileSync(hand, `${readFileSync(hand, 'utf8')}\nexport const pad = [${'1,'.repeat(500_000)}];\n`);
    const out = join(scratch(), 'similarity');
    const one = await pitbossHere(['similarity', dir, '--assignment', 'classic', '--out', out]);
    expect(one.status).toBe(0);
    expect(one.stderr).toMatch(
      /^pitboss: .* holds 2 submissions\npitboss: not compared: huge: its code is \d+ bytes/,
    );
    expect(one.stdout).toContain('none: no two submissions of one language to compare');
    let report = JSON.parse(readFileSync(join(out, 'similarity.json'), 'utf8')) as SimilarityReport;
    expect(report.submissions.map((s) => s.name)).toEqual(['small']);
    expect(report.pairs).toEqual([]);
    expect(report.skipped.map(({ name, code }) => [name, code])).toEqual([['huge', 'INPUT_TOO_LARGE']]);
    expect(readFileSync(join(out, 'similarity.html'), 'utf8')).toContain('Not compared: huge (its code is');

    // Both past the bounds: the report names both, and compares nothing.
    writeFileSync(
      join(dir, 'small', 'hand.ts'),
      `${readFileSync(join(CLASSIC, 'correct-indexed/hand.ts'), 'utf8')}\nexport const more = [${'2,'.repeat(60_000)}];\n`,
    );
    const none = await pitbossHere(['similarity', dir, '--assignment', 'classic', '--out', out]);
    expect(none.status).toBe(0);
    report = JSON.parse(readFileSync(join(out, 'similarity.json'), 'utf8')) as SimilarityReport;
    expect(report.submissions).toEqual([]);
    expect(report.pairs).toEqual([]);
    expect(report.skipped.map(({ name, code }) => [name, code])).toEqual([
      ['huge', 'INPUT_TOO_LARGE'],
      ['small', 'INPUT_TOO_LARGE'],
    ]);
  });

  it('C++ tokens are the same whatever the names, literals, comments and spacing (any renaming)', async () => {
    const tokens = await cppTokenizer();
    const source = readFileSync(join(STRAIGHTS_CPP, 'correct-game-class/game.cc'), 'utf8');
    const names = [...new Set(source.match(/\b[a-z][A-Za-z0-9]*\b/g) ?? [])].filter(
      (name) => !CPP_WORDS.has(name),
    );
    expect(names.length).toBeGreaterThan(20);
    const original = tokens(source).tokens;
    expect(original.length).toBeGreaterThan(500);
    const identifierArb = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,8}$/).map((name) => `q${name}`);
    fc.assert(
      fc.property(
        fc.array(identifierArb, { minLength: names.length, maxLength: names.length }),
        fc.nat(3),
        fc.nat(1000),
        (fresh, indent, number) => {
          let text = source;
          names.forEach((name, index) => {
            text = text.replace(new RegExp(`\\b${name}\\b`, 'g'), `${fresh[index]}${index}`);
          });
          text = text
            .replace(/^ +/gm, (spaces) => spaces + ' '.repeat(indent))
            .replace(/\/\/.*$/gm, '// x')
            .replace(/\b\d+\b/g, String(number))
            .replace(/"([^"\\\n]|\\.)*"/g, '"reworded"');
          expect(tokens(text).tokens).toEqual(original);
        },
      ),
      { numRuns: 20 },
    );
    // A statement more is other code.
    expect(tokens(source.replace(/return /, 'count++; return ')).tokens).not.toEqual(original);
  });
});
