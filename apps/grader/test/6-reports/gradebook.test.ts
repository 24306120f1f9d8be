// The gradebook and the class summary as rules over generated classes: a row's part columns add up to
// its total (the transcripts' game and format come after the maximum, headed by what they break
// down), and an edition's lower maximum is explained, test by test, to the last point.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Report, rescore, SCHEMA_VERSION } from '../../src/0-results/report.ts';
import type { TestResult } from '../../src/0-results/test.ts';
import { classReport } from '../../src/6-reports/class.ts';
import { type ClassEntry, ClassTally, renderGradebook } from '../../src/6-reports/class-tally.ts';
import { testResult } from '../support.ts';

const LANGUAGES = ['ts', 'cpp'] as const;
type Language = (typeof LANGUAGES)[number];

/** One test of an edition's rubric: where it belongs and what it is worth. */
interface RubricTest {
  id: string;
  part: 'deck' | 'hand' | 'blackjack' | 'all files' | 'your tests';
  points: number;
  /** A transcript: its points shared between the game and the format (80/20). */
  transcript: boolean;
}

const rubricTest = (id: string): fc.Arbitrary<RubricTest> =>
  fc.record({
    id: fc.constant(id),
    part: fc.constantFrom('deck', 'hand', 'blackjack', 'all files', 'your tests'),
    points: fc.constantFrom(0, 0.5, 1, 2, 3, 4),
    transcript: fc.boolean(),
  });

/** Each edition's tests: some shared ids, some of one edition alone, some worth other points. */
const rubrics: fc.Arbitrary<Record<Language, RubricTest[]>> = fc
  .uniqueArray(fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `t${i}`)), {
    minLength: 1,
    maxLength: 12,
  })
  .chain((ids) =>
    fc.record({
      ts: fc.tuple(...ids.map(rubricTest)).chain((tests) => fc.subarray(tests, { minLength: 1 })),
      cpp: fc.tuple(...ids.map(rubricTest)).chain((tests) => fc.subarray(tests, { minLength: 1 })),
    }),
  );

const fileOf = (part: RubricTest['part'], language: Language): string =>
  part === 'all files' || part === 'your tests' ? part : `${part}.${language}`;

/** A report of `language`'s rubric, each test passed or not (a transcript's game and format apart). */
function report(name: string, language: Language, tests: RubricTest[], outcomes: boolean[]): Report {
  const results: TestResult[] = tests.map((test, i) => {
    const passed = outcomes[i % outcomes.length]!;
    const formatRight = outcomes[(i + 1) % outcomes.length]!;
    return testResult({
      id: test.id,
      name: `test ${test.id}`,
      file: fileOf(test.part, language),
      kind: test.transcript ? 'transcript' : 'unit',
      status: passed && (!test.transcript || formatRight) ? 'passed' : 'failed',
      score: 0,
      maxScore: test.points,
      ...(test.transcript
        ? {
            parts: {
              game: { passed, score: 0, maxScore: test.points * 0.8 },
              format: { passed: formatRight, score: 0, maxScore: test.points * 0.2 },
            },
          }
        : {}),
    });
  });
  return rescore({
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'pitboss', version: '0.1.0' },
    assignment: { name: 'gradebook-test', title: 'Blackjack', version: '1' },
    mode: 'grade',
    seed: 7,
    submission: { name, path: name, hash: '0'.repeat(64) },
    ...(language === 'ts' ? {} : { language }),
    score: 0,
    maxScore: 0,
    parts: [],
    studentTests: { cases: [], exposed: 0, mutants: 0 },
    loadErrors: [],
    tests: results,
  });
}

/** A class of both editions: each submission's language, outcomes, and whether it was graded at all. */
const classes = rubrics.chain((rubric) =>
  fc
    .array(
      fc.record({
        language: fc.constantFrom(...LANGUAGES),
        outcomes: fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }),
        graded: fc.boolean(),
      }),
      { minLength: 1, maxLength: 8 },
    )
    .map((submissions) => ({
      rubric,
      entries: submissions.map(({ language, outcomes, graded }, i): ClassEntry => {
        const name = `s${i}-${language}`;
        return graded || i === 0
          ? { name, report: report(name, language, rubric[language], outcomes) }
          : { name };
      }),
    })),
);

/** A CSV line's cells: csv-stringify quotes a cell holding a comma or a quote. */
function cells(line: string): string[] {
  const found: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      found.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...found, cell];
}

describe('the gradebook', () => {
  it("a row's part columns add up to its total; the transcripts' breakdown comes after, headed by its parts", () => {
    fc.assert(
      fc.property(classes, ({ entries }) => {
        const lines = renderGradebook(entries).trimEnd().split('\n');
        const header = cells(lines[0]!);
        const total = header.indexOf('total');
        expect(header[total + 1]).toBe('max');
        // Whatever follows the maximum says what it breaks down.
        for (const heading of header.slice(total + 2))
          expect(heading).toMatch(/^transcripts: \w+ \(of .+\)$/);
        const transcripts = entries.some(({ report }) => report?.tests.some((test) => test.parts));
        expect(header.length - total - 2).toBe(transcripts ? 2 : 0);
        lines.slice(1).forEach((line, i) => {
          const row = cells(line);
          expect(row).toHaveLength(header.length);
          const graded = entries[i]!.report;
          if (graded === undefined) {
            expect(row.slice(1).every((cell) => cell === '')).toBe(true);
            return;
          }
          const parts = row.slice(1, total).filter((cell) => cell !== '');
          const sum = parts.reduce((sum, cell) => sum + Number(cell), 0);
          expect(sum).toBeCloseTo(Number(row[total]), 5);
          expect(Number(row[total])).toBeCloseTo(graded.score, 5);
          expect(Number(row[total + 1])).toBeCloseTo(graded.maxScore, 5);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe("the class summary (pitboss-batch.json's summary, the class page's why)", () => {
  it('an edition below the highest maximum is explained to the last point by the tests worth less in it', () => {
    fc.assert(
      fc.property(classes, ({ rubric, entries }) => {
        const tally = new ClassTally();
        for (const entry of entries) tally.add(entry);
        const { editions } = tally.summary();
        const seen = new Set(entries.flatMap(({ report }) => (report ? [report.language ?? 'ts'] : [])));
        expect(editions.map((edition) => edition.language).sort()).toEqual([...seen].sort());
        const highest = Math.max(...editions.map((edition) => edition.maxScore));
        for (const edition of editions) {
          const language = edition.language as Language;
          const max = rubric[language].reduce((sum, test) => sum + test.points, 0);
          expect(edition.maxScore).toBeCloseTo(max, 5);
          expect(edition.label).toBe(language === 'ts' ? 'TS' : 'C++');
          if (edition.maxScore === highest) {
            expect(edition.comparedWith).toBeUndefined();
            continue;
          }
          const other = edition.comparedWith!;
          expect(other.maxScore).toBe(highest);
          const explained = other.differences.reduce((sum, d) => sum + d.otherPoints - d.points, 0);
          expect(explained).toBeCloseTo(highest - edition.maxScore, 5);
          for (const difference of other.differences)
            expect(difference.points).not.toBe(difference.otherPoints);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a class of both languages is headed by the assignment's own title, not by its first row's edition", () => {
    const tests: RubricTest[] = [{ id: 'deck.a', part: 'deck', points: 2, transcript: false }];
    const cpp = (name: string): Report => {
      const graded = report(name, 'cpp', tests, [true]);
      return { ...graded, assignment: { ...graded.assignment, title: 'Blackjack (C++)' } };
    };
    const mixed = new ClassTally();
    mixed.add({ name: 'bob', report: cpp('bob') });
    mixed.add({ name: 'carol', report: report('carol', 'ts', tests, [true]) });
    const page = classReport(mixed);
    expect(page).toContain('<title>Blackjack: class report</title>');
    expect(page).toContain('<h1>Blackjack: class report</h1>');
    // A class of C++ submissions alone is the C++ edition's.
    const cppOnly = new ClassTally();
    cppOnly.add({ name: 'bob', report: cpp('bob') });
    expect(classReport(cppOnly)).toContain('<h1>Blackjack (C++): class report</h1>');
  });

  it('the class page shows each row its language, and links a lower maximum to the sentence that explains it', () => {
    const tests: RubricTest[] = [
      { id: 'deck.a', part: 'deck', points: 2, transcript: false },
      { id: 'mutant.private.hand.x', part: 'your tests', points: 0.5, transcript: false },
    ];
    const tally = new ClassTally();
    tally.add({ name: 'alice', report: report('alice', 'ts', tests, [true]) });
    tally.add({ name: 'bob', report: report('bob', 'cpp', tests.slice(0, 1), [true]) });
    const page = classReport(tally);
    expect(page).toContain('<a href="instructor/alice.html">alice</a></td><td>TS</td>');
    expect(page).toContain('<a href="instructor/bob.html">bob</a></td><td>C++</td>');
    expect(page).toMatch(/data-value="2">2 <a class="why" href="#maxima"/);
    expect(page).not.toMatch(/data-value="2.5">2.5 <a class="why"/);
    expect(page).toContain(
      '<div id="maxima">\n<p>C++ submissions are out of 2, 0.5 points less than TS submissions (2.5): the C++ edition has no test <code>mutant.private.hand.x</code> of the part <em>your tests</em> (“test mutant.private.hand.x”), worth 0.5 points in the TS edition.</p>',
    );
  });
});
