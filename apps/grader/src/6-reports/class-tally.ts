// A graded class summed up, one submission at a time: its rows, each test's pass rate, each
// edition's maximum, and the gradebook (CSV) made of them. The class page is class.ts's, from this
// tally. Pure functions of the reports, in the submissions' order.
import { stringify } from 'csv-stringify/sync';
import { boundReport, cutText } from '../0-results/bounds.ts';
import type { PartScore, Report } from '../0-results/report.ts';
import { roundPoints, type TestResult, type TestStatus } from '../0-results/test.ts';
import { points, STATUS_WORDS } from './words.ts';

/** One submission of a batch: its file name under --out, and its report (none: the grader failed on it). */
export interface ClassEntry {
  name: string;
  report?: Report | undefined;
}

/** The most characters of a submission's name on a class page or gradebook row. */
const NAME_LIMIT = 1024;

// A cell a spreadsheet would read as a formula (or a command, by DDE): OWASP's list, the full-width
// forms some spreadsheets also take, and the same after leading spaces some of them skip.
const FORMULA = /^[\s\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

/** A text cell made inert as OWASP recommends: a single quote before anything read as a formula. */
export const csvText = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);

/** A number for the gradebook: at most two decimals, and a number, never text. */
const csvNumber = (value: number): number => Number(points(value));

/** Every part any report has, in the order the reports give them. */
export function partNames(entries: readonly ClassEntry[]): string[] {
  const names: string[] = [];
  for (const { report } of entries)
    for (const part of report?.parts ?? []) if (!names.includes(part.file)) names.push(part.file);
  return names;
}

/** One row per submission, one column per part of the rubric, the total and the most it could be. */
export const renderGradebook = (entries: readonly ClassEntry[]): string => classTally(entries).gradebook();

/** What the class page shows of a test: never its evidence. */
export type TestSeen = Pick<TestResult, 'id' | 'name' | 'file' | 'visibility'> & {
  mutant?: Pick<NonNullable<TestResult['mutant']>, 'id' | 'description'> | undefined;
};

export interface Tally {
  test: TestSeen;
  passed: number;
  ran: number;
  /** The first submissions it did not pass for (NAMED of them), by name, in the class's order. */
  failedBy: string[];
  /** How many submissions it did not pass for. */
  failed: number;
}

/** The most names a "failed by" cell lists; the rest are counted. */
export const NAMED = 6;

/** The limits a submission's runs hit, each once, in the words every report uses (TIMEOUT, MEMORY...). */
function limitsHit(report: Report): string[] {
  const hit = new Set<TestStatus>();
  for (const test of report.tests)
    if (test.status === 'timeout' || test.status === 'memory-limit' || test.status === 'output-limit')
      hit.add(test.status);
  return [...hit].sort().map((status) => STATUS_WORDS[status]);
}

/** Per test id, across the class: how many submissions ran it and how many passed. */
function count(byId: Map<string, Tally>, report: Report, keep: (test: TestResult) => boolean): void {
  for (const test of report.tests) {
    if (!keep(test)) continue;
    let entry = byId.get(test.id);
    if (entry === undefined) {
      const { id, name, file, visibility, mutant } = test;
      const seen: TestSeen = { id, name, file, visibility };
      if (mutant !== undefined) seen.mutant = { id: mutant.id, description: mutant.description };
      entry = { test: seen, passed: 0, ran: 0, failedBy: [], failed: 0 };
      byId.set(test.id, entry);
    }
    entry.ran++;
    if (test.status === 'passed') entry.passed++;
    else {
      entry.failed++;
      if (entry.failedBy.length < NAMED) entry.failedBy.push(report.submission.name);
    }
  }
}

// Array.prototype.sort is stable: ties keep the tests' own order.
const worstFirst = (byId: Map<string, Tally>): Tally[] =>
  [...byId.values()].sort((a, b) => a.passed / a.ran - b.passed / b.ran);

/**
 * A submission's transcripts in their two parts (TestResult.parts): the points of each, and in how many
 * cases each passed. Undefined for an assignment without game events.
 */
export interface TranscriptTally {
  game: number;
  gameMax: number;
  format: number;
  formatMax: number;
  cases: number;
  gameRight: number;
  formatRight: number;
}

export function transcriptTally(report: Pick<Report, 'tests'>): TranscriptTally | undefined {
  const tally: TranscriptTally = {
    game: 0,
    gameMax: 0,
    format: 0,
    formatMax: 0,
    cases: 0,
    gameRight: 0,
    formatRight: 0,
  };
  for (const test of report.tests) {
    if (test.parts === undefined) continue;
    tally.cases++;
    tally.game += test.parts.game.score;
    tally.gameMax += test.parts.game.maxScore;
    tally.format += test.parts.format.score;
    tally.formatMax += test.parts.format.maxScore;
    if (test.parts.game.passed) tally.gameRight++;
    if (test.parts.format.passed) tally.formatRight++;
  }
  if (tally.cases === 0) return undefined;
  for (const key of ['game', 'gameMax', 'format', 'formatMax'] as const) tally[key] = roundPoints(tally[key]);
  return tally;
}

/** Every transcript's game right and some format wrong: what the class page flags beside a name. */
export const gameRightFormatNot = (tally: TranscriptTally | undefined): boolean =>
  tally !== undefined && tally.gameRight === tally.cases && tally.formatRight < tally.cases;

/** What the class page and the gradebook keep of one submission: its row, not its report. */
export interface ClassRow {
  name: string;
  graded?:
    | {
        /** The language it was graded in (Report.language; `ts` for the assignment's own). */
        language: string;
        score: number;
        maxScore: number;
        parts: PartScore[];
        limits: string[];
        transcripts?: TranscriptTally | undefined;
      }
    | undefined;
}

/**
 * A part's column: its file without the language's extension, so that a class mixing an assignment's
 * editions (deck.ts, deck.cpp) has one column per part of the contract.
 */
const columnOf = (file: string): string => file.replace(/\.(ts|cpp|cc)$/, '');

/** The language a report was graded in: its compiled edition's (`cpp`), else the assignment's own (`ts`). */
const languageOf = (report: Pick<Report, 'language'>): string => report.language ?? 'ts';

const LANGUAGE_LABELS: Readonly<Record<string, string>> = { ts: 'TS', cpp: 'C++' };

/** A language as the class page shows it: `TS`, `C++`. */
export const languageLabel = (language: string): string =>
  LANGUAGE_LABELS[language] ?? language.toUpperCase();

/** A test worth other points in one edition than in another (0: the edition has no such test). */
export interface EditionDifference {
  id: string;
  name: string;
  /** Its part's column (`all files`, `your tests`, `deck.ts / deck.cpp`). */
  part: string;
  /** What it is worth in this edition. */
  points: number;
  /** What it is worth in the edition compared with. */
  otherPoints: number;
}

/** One language's submissions in a class: how many, out of how much, and why that differs. */
export interface EditionSummary {
  language: string;
  /** `TS`, `C++`: as the class page shows it. */
  label: string;
  submissions: number;
  /** The most any of its reports is out of. */
  maxScore: number;
  /**
   * Where its maximum is not the class's highest: the edition with the highest (`language`), and each
   * test worth other points in the two (found from their reports' tests, by id). Absent otherwise.
   */
  comparedWith?: { language: string; maxScore: number; differences: EditionDifference[] } | undefined;
}

/** What a class's batch file records of the class as a whole: each language's maximum, explained. */
export interface ClassSummary {
  /** Each language the graded submissions are in, in the order first seen. */
  editions: EditionSummary[];
}

/** One language's reports, summed up: each test id's points and part, as first seen. */
interface EditionTally {
  submissions: number;
  maxScore: number;
  tests: Map<string, { name: string; part: string; points: number }>;
}

/**
 * The class page and the gradebook, summed up one submission at a time, in the class's order: a row
 * per submission and a count per test, never the reports, so a class of any size fits in memory.
 */
export class ClassTally {
  readonly #rows: ClassRow[] = [];
  /** Each part's column (columnOf), in the order first seen. */
  readonly #parts: string[] = [];
  /** The file names seen in each column, in the order first seen: its heading. */
  readonly #names = new Map<string, string[]>();
  readonly #partMax = new Map<string, number>();
  #first: FirstReport | undefined;
  #firstLanguage: string | undefined;
  readonly #implementation = new Map<string, Tally>();
  readonly #mutants = new Map<string, Tally>();
  /**
   * The parts' columns holding transcripts with a game and a format part (TestResult.parts), in the
   * order first seen: none, no columns that show them apart.
   */
  readonly #transcriptParts: string[] = [];
  /** Each language's reports (languageOf), in the order first seen. */
  readonly #editions = new Map<string, EditionTally>();

  /** The next submission of the class: bounded here, whatever produced it. */
  add({ name: unboundedName, report: unbounded }: ClassEntry): void {
    const name = cutText(String(unboundedName), NAME_LIMIT);
    if (unbounded === undefined) {
      this.#rows.push({ name });
      return;
    }
    const report = boundReport(unbounded);
    for (const part of report.parts) {
      const column = columnOf(part.file);
      if (!this.#parts.includes(column)) this.#parts.push(column);
      const names = this.#names.get(column) ?? [];
      if (!names.includes(part.file)) this.#names.set(column, [...names, part.file]);
      this.#partMax.set(column, Math.max(this.#partMax.get(column) ?? 0, part.maxScore));
    }
    const { score, maxScore } = report;
    const parts = report.parts.map(({ file, score, maxScore }) => ({
      file: columnOf(file),
      score,
      maxScore,
    }));
    const transcripts = transcriptTally(report);
    for (const test of report.tests) {
      const column = columnOf(test.file);
      if (test.parts !== undefined && !this.#transcriptParts.includes(column))
        this.#transcriptParts.push(column);
    }
    const language = languageOf(report);
    this.#tallyEdition(language, report);
    this.#rows.push({
      name,
      graded: {
        language,
        score,
        maxScore,
        parts,
        limits: limitsHit(report),
        ...(transcripts === undefined ? {} : { transcripts }),
      },
    });
    // What heads the page: the first report of the assignment's own language where the class has one
    // (a class of TS and C++ is not headed as the C++ edition), else the first report.
    if (this.#first === undefined || (this.#firstLanguage !== 'ts' && language === 'ts')) {
      const { assignment, mode, seed, tool } = report;
      this.#first = { assignment, mode, seed, tool };
      this.#firstLanguage = language;
    }
    count(this.#implementation, report, (test) => test.kind !== 'mutant');
    count(this.#mutants, report, (test) => test.kind === 'mutant');
  }

  /** Each test's points in its language's edition, as its first report gives them. */
  #tallyEdition(language: string, report: Report): void {
    let edition = this.#editions.get(language);
    if (edition === undefined) {
      edition = { submissions: 0, maxScore: 0, tests: new Map() };
      this.#editions.set(language, edition);
    }
    edition.submissions++;
    edition.maxScore = Math.max(edition.maxScore, report.maxScore);
    for (const test of report.tests)
      if (!edition.tests.has(test.id))
        edition.tests.set(test.id, { name: test.name, part: columnOf(test.file), points: test.maxScore });
  }

  /**
   * Each language's submissions and maximum; one whose maximum is not the highest is compared with the
   * edition that has it, test by test, so the class page can say which part is worth less and why.
   */
  summary(): ClassSummary {
    const editions = [...this.#editions];
    const [top] = [...editions].sort(([, a], [, b]) => b.maxScore - a.maxScore);
    return {
      editions: editions.map(([language, edition]): EditionSummary => {
        const summary: EditionSummary = {
          language,
          label: languageLabel(language),
          submissions: edition.submissions,
          maxScore: roundPoints(edition.maxScore),
        };
        if (top === undefined || roundPoints(top[1].maxScore) === summary.maxScore) return summary;
        const [otherLanguage, other] = top;
        const differences: EditionDifference[] = [];
        for (const id of new Set([...other.tests.keys(), ...edition.tests.keys()])) {
          const here = edition.tests.get(id);
          const there = other.tests.get(id);
          const points = here?.points ?? 0;
          const otherPoints = there?.points ?? 0;
          if (points === otherPoints) continue;
          const seen = (there ?? here)!;
          differences.push({
            id,
            name: seen.name,
            part: this.#heading(seen.part),
            points,
            otherPoints,
          });
        }
        return {
          ...summary,
          comparedWith: { language: otherLanguage, maxScore: roundPoints(other.maxScore), differences },
        };
      }),
    };
  }

  /** A column's heading: its file's name, or each edition's (`deck.ts / deck.cpp`). */
  #heading(column: string): string {
    return (this.#names.get(column) ?? [column]).join(' / ');
  }

  /** The rows with each part named by its column's heading, and the headings' maxima. */
  #headed(): { rows: ClassRow[]; parts: string[]; partMax: Map<string, number> } {
    const rows = this.#rows.map((row) =>
      row.graded === undefined
        ? row
        : {
            ...row,
            graded: {
              ...row.graded,
              parts: row.graded.parts.map((part) => ({ ...part, file: this.#heading(part.file) })),
            },
          },
    );
    const partMax = new Map([...this.#partMax].map(([column, max]) => [this.#heading(column), max]));
    return { rows, parts: this.#parts.map((column) => this.#heading(column)), partMax };
  }

  /** The transcripts' game and format columns, each headed by the part(s) it breaks down. */
  #apartHeadings(): string[] {
    if (this.#transcriptParts.length === 0) return [];
    const headings = this.#transcriptParts.map((column) => this.#heading(column));
    const of =
      headings.length === 1 ? headings[0]! : `${headings.slice(0, -1).join(', ')} and ${headings.at(-1)!}`;
    return [`transcripts: game (of ${of})`, `transcripts: format (of ${of})`];
  }

  gradebook(): string {
    const { rows: headed, parts } = this.#headed();
    // The parts sum to the total; the transcripts' game and format points come after the maximum,
    // headed by the part they break down, so summing a row's parts never counts them twice.
    const apart = this.#apartHeadings();
    const rows = headed.map(({ name, graded }): (string | number)[] => {
      if (graded === undefined)
        return [csvText(name), ...parts.map(() => ''), '', '', ...apart.map(() => '')];
      const score = (file: string) => {
        const part = graded.parts.find((p) => p.file === file);
        return part === undefined ? '' : csvNumber(part.score);
      };
      const t = graded.transcripts;
      const split =
        apart.length === 0 ? [] : t === undefined ? ['', ''] : [csvNumber(t.game), csvNumber(t.format)];
      return [
        csvText(name),
        ...parts.map(score),
        csvNumber(graded.score),
        csvNumber(graded.maxScore),
        ...split,
      ];
    });
    return stringify([['submission', ...parts, 'total', 'max', ...apart].map(csvText), ...rows]);
  }

  /** What the class page shows (class.ts, classReport): the rows, headed, and the tests' tallies. */
  forPage(): ClassPage {
    const { rows, parts, partMax } = this.#headed();
    return {
      rows,
      parts,
      partMax,
      apartHeadings: this.#apartHeadings(),
      summary: this.summary(),
      first: this.#first,
      implementation: worstFirst(this.#implementation),
      mutants: worstFirst(this.#mutants),
    };
  }
}

/** A tally of every entry, in order. */
export function classTally(entries: readonly ClassEntry[]): ClassTally {
  const tally = new ClassTally();
  for (const entry of entries) tally.add(entry);
  return tally;
}

export type FirstReport = Pick<Report, 'assignment' | 'mode' | 'seed' | 'tool'>;

/** A class's page, as the tally has it: what class.ts's classReport renders. */
export interface ClassPage {
  rows: ClassRow[];
  parts: string[];
  partMax: Map<string, number>;
  /** The headings of the transcripts' game and format columns; none, no such columns. */
  apartHeadings: string[];
  summary: ClassSummary;
  first: FirstReport | undefined;
  implementation: Tally[];
  mutants: Tally[];
}
