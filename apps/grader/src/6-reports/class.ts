// A graded class at a glance, for the instructor: a sortable table of submissions linking to their
// reports (the instructor's view), the score distribution, the tests the class fails most and the
// mutants its tests expose least. Also the gradebook (CSV). Both are pure functions of the reports, in
// the submissions' order: no paths, dates or durations, so every run and machine writes the same bytes.
import { stringify } from 'csv-stringify/sync';
import { boundReport, cutText } from '../0-results/bounds.ts';
import type { PartScore, Report } from '../0-results/report.ts';
import { roundPoints, type TestResult, type TestStatus } from '../0-results/test.ts';
import { esc, num, page, percent } from './page.ts';
import { INSTRUCTOR_FOLDER } from './views.ts';
import { points, STATUS_WORDS, visibilityWords } from './words.ts';

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

const STYLE = `
table.sortable th:has(button) { cursor: pointer; }
table.sortable th button { all: unset; display: block; width: 100%; font-weight: 700; text-align: inherit; }
table.sortable th button:focus-visible { outline: 2px solid var(--bar); }
table.sortable th[aria-sort=ascending] button::after { content: ' ▲'; }
table.sortable th[aria-sort=descending] button::after { content: ' ▼'; }
svg.histogram { max-width: 40rem; width: 100%; height: auto; }
svg.histogram .bin { fill: var(--bar); }
svg.histogram text { fill: var(--fg); font: 12px system-ui, sans-serif; }
svg.histogram line { stroke: var(--line); }
td.lost { color: var(--fail); }
td .lost { font-size: 12px; }
`;

// Sorts a table by the clicked column: numbers by data-value, text by locale; again reverses.
// Rows that tie keep their order, so a sort is the same in every browser. The whole header cell
// sorts (its button's click, by mouse or keyboard, reaches it too); the button is its keyboard control.
const SCRIPT = `
for (const table of document.querySelectorAll('table.sortable')) {
  const headers = Array.from(table.tHead.rows[0].cells);
  const body = table.tBodies[0];
  Array.from(body.rows).forEach((row, i) => { row.dataset.order = String(i); });
  headers.forEach((th, column) => {
    const button = th.querySelector('button');
    if (!button) return;
    th.addEventListener('click', () => {
      const ascending = th.getAttribute('aria-sort') !== 'ascending';
      for (const other of headers) other.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      const numeric = th.dataset.type === 'number';
      const key = (row) => {
        const cell = row.cells[column];
        const value = cell.dataset.value ?? cell.textContent.trim();
        return numeric ? (value === '' ? -Infinity : Number(value)) : value;
      };
      const rows = Array.from(body.rows).sort((a, b) => {
        const x = key(a), y = key(b);
        const order = numeric ? x - y : String(x).localeCompare(String(y));
        return (ascending ? order : -order) || Number(a.dataset.order) - Number(b.dataset.order);
      });
      body.append(...rows);
    });
  });
}
`;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Ten bins of a tenth of the maximum each (the last holds full marks too), as an SVG bar chart. */
function histogram(percentages: readonly number[]): string {
  const bins = Array.from({ length: 10 }, () => 0);
  for (const p of percentages) bins[Math.min(9, Math.floor(p / 10))]!++;
  const tallest = Math.max(1, ...bins);
  const [width, height, left, bottom, top] = [600, 220, 30, 30, 20];
  const slot = (width - left) / 10;
  const scale = (height - bottom - top) / tallest;
  const bars = bins.map((count, i) => {
    const x = left + i * slot;
    const h = count * scale;
    const y = height - bottom - h;
    const label = `${i * 10}–${i === 9 ? 100 : i * 10 + 9}%`;
    return `<g><title>${label}: ${count} submission${count === 1 ? '' : 's'}</title><rect class="bin" x="${x + 4}" y="${y}" width="${slot - 8}" height="${h}"></rect><text x="${x + slot / 2}" y="${y - 5}" text-anchor="middle">${count}</text><text x="${x + slot / 2}" y="${height - bottom + 16}" text-anchor="middle">${label}</text></g>`;
  });
  return `<svg class="histogram" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="histogram-title" xmlns="http://www.w3.org/2000/svg">
<title id="histogram-title">Submissions by score: ${bins.map((count, i) => `${i * 10}–${i === 9 ? 100 : i * 10 + 9}%: ${count}`).join(', ')}</title>
<line x1="${left}" y1="${height - bottom}" x2="${width}" y2="${height - bottom}"></line>
${bars.join('\n')}
</svg>`;
}

/** What the class page shows of a test: never its evidence. */
type TestSeen = Pick<TestResult, 'id' | 'name' | 'file' | 'visibility'> & {
  mutant?: Pick<NonNullable<TestResult['mutant']>, 'id' | 'description'> | undefined;
};

interface Tally {
  test: TestSeen;
  passed: number;
  ran: number;
  /** The first submissions it did not pass for (NAMED of them), by name, in the class's order. */
  failedBy: string[];
  /** How many submissions it did not pass for. */
  failed: number;
}

/** The most names a "failed by" cell lists; the rest are counted. */
const NAMED = 6;

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
interface ClassRow {
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
 * The class page and the gradebook, summed up one submission at a time, in the class's order: a row
 * per submission and a count per test, never the reports, so a class of any size fits in memory.
 */
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

/** The most differences the class page lists for an edition; the batch file keeps them all. */
const DIFFERENCES_SHOWN = 10;

export class ClassTally {
  readonly #rows: ClassRow[] = [];
  /** Each part's column (columnOf), in the order first seen. */
  readonly #parts: string[] = [];
  /** The file names seen in each column, in the order first seen: its heading. */
  readonly #names = new Map<string, string[]>();
  readonly #partMax = new Map<string, number>();
  #first: FirstReport | undefined;
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
    if (this.#first === undefined) {
      const { assignment, mode, seed, tool } = report;
      this.#first = { assignment, mode, seed, tool };
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

  classReport(): string {
    const { rows, parts, partMax } = this.#headed();
    return renderClass(rows, parts, partMax, this.#apartHeadings(), this.summary(), this.#first, {
      implementation: worstFirst(this.#implementation),
      mutants: worstFirst(this.#mutants),
    });
  }
}

/** A tally of every entry, in order. */
function classTally(entries: readonly ClassEntry[]): ClassTally {
  const tally = new ClassTally();
  for (const entry of entries) tally.add(entry);
  return tally;
}

const rateCells = ({ passed, ran }: Tally) =>
  `<td class="n">${passed}/${ran}</td><td class="n">${percent(passed, ran)}%</td><td><span class="bar" aria-hidden="true"><span style="width:${percent(passed, ran)}%"></span></span></td>`;

/** Who failed a test, linked to their pages: the first few, then how many more. */
const failedBy = ({ failedBy: names, failed }: Tally): string => {
  const shown = names
    .slice(0, NAMED)
    .map((name) => `<a href="${INSTRUCTOR_FOLDER}/${esc(encodeURIComponent(name))}.html">${esc(name)}</a>`);
  return `${shown.join(', ')}${failed > NAMED ? ` and ${failed - NAMED} more` : ''}`;
};

const visibilityTag = (test: TestSeen) => {
  const words = visibilityWords(test);
  return words === undefined ? '' : ` <span class="tag">${esc(words)}</span>`;
};

export const renderClassReport = (entries: readonly ClassEntry[]): string =>
  classTally(entries).classReport();

type FirstReport = Pick<Report, 'assignment' | 'mode' | 'seed' | 'tool'>;

/** `0.5 points` */
const pointsWords = (value: number): string => `${num(value)} point${value === 1 ? '' : 's'}`;

/** Why an edition's submissions are out of less (or more) than the class's highest, test by test (HTML). */
function maximumWords(edition: EditionSummary): string {
  const other = edition.comparedWith!;
  const otherLabel = esc(languageLabel(other.language));
  const label = esc(edition.label);
  const gap = roundPoints(other.maxScore - edition.maxScore);
  const reasons = other.differences.slice(0, DIFFERENCES_SHOWN).map((d) => {
    const test = `<code>${esc(d.id)}</code> of the part <em>${esc(d.part)}</em> (“${esc(d.name)}”)`;
    if (d.points === 0)
      return `the ${label} edition has no test ${test}, worth ${pointsWords(d.otherPoints)} in the ${otherLabel} edition`;
    if (d.otherPoints === 0)
      return `the ${label} edition has a test ${test} worth ${pointsWords(d.points)} that the ${otherLabel} edition has not`;
    return `${test} is worth ${pointsWords(d.points)} in the ${label} edition, ${pointsWords(d.otherPoints)} in the ${otherLabel} edition`;
  });
  const more = other.differences.length - DIFFERENCES_SHOWN;
  const why =
    reasons.length === 0
      ? 'its tests are worth the same: a report of it is out of less than its tests add up to'
      : `${reasons.join('; ')}${more > 0 ? `; and ${more} more (pitboss-batch.json lists them all: <code>summary.editions</code>)` : ''}`;
  return `${label} submissions are out of ${num(edition.maxScore)}, ${pointsWords(Math.abs(gap))} ${gap > 0 ? 'less' : 'more'} than ${otherLabel} submissions (${num(other.maxScore)}): ${why}.`;
}

function renderClass(
  entries: readonly ClassRow[],
  parts: readonly string[],
  partMaxima: ReadonlyMap<string, number>,
  /** The headings of the transcripts' game and format columns; none, no such columns. */
  apartHeadings: readonly string[],
  summary: ClassSummary,
  first: FirstReport | undefined,
  { implementation, mutants }: { implementation: Tally[]; mutants: Tally[] },
): string {
  const apart = apartHeadings.length > 0;
  const reports = entries.flatMap((entry) => (entry.graded === undefined ? [] : [entry.graded]));
  const title = first === undefined ? 'pitboss: class report' : `${first.assignment.title}: class report`;
  const body: string[] = [];
  const percentages = reports.map((report) => percent(report.score, report.maxScore));
  const full = reports.filter((report) => report.score === report.maxScore).length;
  const gameOnlyCount = reports.filter((report) => gameRightFormatNot(report.transcripts)).length;
  body.push(`<header>
<h1>${esc(title)}</h1>
${first === undefined ? '' : `<p class="meta">assignment ${esc(first.assignment.name)} v${esc(first.assignment.version)}; ${first.mode === 'check' ? 'visible tests only' : 'all tests'}; seed ${first.seed}; pitboss ${esc(first.tool.version)}</p>`}
<p>${entries.length} submission${entries.length === 1 ? '' : 's'}, ${reports.length} graded; ${full} with full marks. Median ${num(median(percentages))}%, mean ${num(percentages.reduce((sum, p) => sum + p, 0) / Math.max(1, percentages.length))}%.</p>
${apart ? `<p>${gameOnlyCount} with every transcript's game right but not its format (flagged GAME RIGHT, FORMAT NOT): the columns <em>transcripts: game</em> and <em>transcripts: format</em> give each part's points and in how many cases it is right.</p>\n` : ''}<p class="muted">For the instructor: this page names hidden tests and mutants, and so do the pages it links to (the instructor's view of each submission, in ${INSTRUCTOR_FOLDER}/). The per-submission files at the top of this folder (<code>&lt;name&gt;.html</code> and the run's format) are the students' view: they show hidden tests by number and score only, never their content, and can be handed out.</p>
</header>`);

  // Each part's maximum in its header (the most any report gives it: one rubric, one maximum).
  const partMax = (file: string) => partMaxima.get(file) ?? 0;
  const gameMax = Math.max(0, ...reports.map((report) => report.transcripts?.gameMax ?? 0));
  const formatMax = Math.max(0, ...reports.map((report) => report.transcripts?.formatMax ?? 0));
  const header = [
    '<th><button type="button">submission</button></th>',
    '<th><button type="button">language</button></th>',
    '<th class="n" data-type="number"><button type="button">score</button></th>',
    '<th class="n" data-type="number"><button type="button">max</button></th>',
    '<th class="n" data-type="number"><button type="button">%</button></th>',
    ...parts.map(
      (part) =>
        `<th class="n" data-type="number"><button type="button">${esc(part)} <span class="muted">/ ${num(partMax(part))}</span></button></th>`,
    ),
    ...(apart
      ? [
          // Short here (the page is wide already); what they break down in the title, as the gradebook heads them.
          `<th class="n" data-type="number" title="${esc(apartHeadings[0]!)}"><button type="button">transcripts: game <span class="muted">/ ${num(gameMax)}</span></button></th>`,
          `<th class="n" data-type="number" title="${esc(apartHeadings[1]!)}"><button type="button">transcripts: format <span class="muted">/ ${num(formatMax)}</span></button></th>`,
        ]
      : []),
  ].join('');
  const compared = summary.editions.filter((edition) => edition.comparedWith !== undefined);
  const explained = new Set(compared.map((edition) => edition.language));
  const maxima =
    compared.length === 0
      ? ''
      : `\n<div id="maxima">\n${compared.map((edition) => `<p>${maximumWords(edition)}</p>`).join('\n')}\n</div>`;
  const rows = entries.map(({ name, graded: report }) => {
    // A submission that hit a limit (a hang, a memory or output bomb) is flagged beside its name.
    const flags = report === undefined ? [] : report.limits;
    // The right game in a format of its own is flagged too: most of its transcript points, kept.
    const gameOnly = gameRightFormatNot(report?.transcripts)
      ? ' <span class="status warn" title="every transcript plays the course\'s game; some print it in another format">GAME RIGHT, FORMAT NOT</span>'
      : '';
    const link = `<td><a href="${INSTRUCTOR_FOLDER}/${esc(encodeURIComponent(name))}.html">${esc(name)}</a>${flags.map((word) => ` <span class="status warn" title="a test of this submission hit this limit">${esc(word)}</span>`).join('')}${gameOnly}</td>`;
    if (report === undefined) {
      return `<tr>${`<td>${esc(name)} <span class="status fail">NOT GRADED</span></td>`}${'<td></td>'}${'<td class="n" data-value=""></td>'.repeat(3 + parts.length + (apart ? 2 : 0))}</tr>`;
    }
    const t = report.transcripts;
    const apartCell = (score: number, max: number, right: number, cases: number) =>
      `<td class="n${score < max ? ' lost' : ''}" data-value="${score}" title="${esc(`${num(score)} of ${num(max)}: right in ${right} of ${cases} cases`)}">${num(score)} <span class="muted">${right}/${cases}</span></td>`;
    const apartCells = !apart
      ? []
      : t === undefined
        ? ['<td class="n" data-value=""></td>', '<td class="n" data-value=""></td>']
        : [
            apartCell(t.game, t.gameMax, t.gameRight, t.cases),
            apartCell(t.format, t.formatMax, t.formatRight, t.cases),
          ];
    // A maximum below the class's highest links to the sentence that says why.
    const lower = explained.has(report.language)
      ? ` <a class="why" href="#maxima" title="${esc(`${languageLabel(report.language)} submissions are out of less: see below the table`)}">why?</a>`
      : '';
    const cells = [
      link,
      `<td>${esc(languageLabel(report.language))}</td>`,
      `<td class="n" data-value="${report.score}">${num(report.score)}</td>`,
      `<td class="n" data-value="${report.maxScore}">${num(report.maxScore)}${lower}</td>`,
      `<td class="n" data-value="${percent(report.score, report.maxScore)}">${percent(report.score, report.maxScore)}%</td>`,
      ...parts.map((file) => {
        const part = report.parts.find((p) => p.file === file);
        if (part === undefined) return '<td class="n" data-value=""></td>';
        const lost = part.maxScore - part.score;
        // Points lost are marked, not only implied by a smaller number.
        return `<td class="n${lost > 0 ? ' lost' : ''}" data-value="${part.score}" title="${esc(`${num(part.score)} of ${num(part.maxScore)}`)}">${num(part.score)}${lost > 0 ? ` <span class="lost">−${num(lost)}</span>` : ''}</td>`;
      }),
      ...apartCells,
    ];
    return `<tr>${cells.join('')}</tr>`;
  });
  body.push(`<h2 id="submissions-title">Submissions</h2>
<p class="muted">Click a column's name to sort by it; click again to reverse.</p>
<div class="scroll"><table id="submissions" class="sortable">
<thead><tr>${header}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>${maxima}`);

  body.push(`<h2 id="distribution">Score distribution</h2>\n${histogram(percentages)}`);

  const failing = implementation.filter((t) => t.passed < t.ran);
  body.push(`<h2 id="tests">Tests the class fails most</h2>`);
  body.push(
    failing.length === 0
      ? `<p>Every submission passes all ${implementation.length} tests of the implementation.</p>`
      : `<table class="rates"><thead><tr><th>test</th><th>part</th><th class="n">passed</th><th class="n">pass rate</th><th></th><th>failed by</th></tr></thead>
<tbody>
${failing.map((t) => `<tr><td>${esc(t.test.name)}${visibilityTag(t.test)}</td><td>${esc(t.test.file)}</td>${rateCells(t)}<td>${failedBy(t)}</td></tr>`).join('\n')}
</tbody></table>
<p>${implementation.length - failing.length === 1 ? 'The other test passes' : `The other ${implementation.length - failing.length} tests pass`} for every submission.</p>`,
  );

  if (mutants.length > 0) {
    body.push(`<h2 id="mutants">Mutants the class's tests expose least</h2>
<table class="rates"><thead><tr><th>mutant</th><th class="n">exposed by</th><th class="n">rate</th><th></th></tr></thead>
<tbody>
${mutants
  .map((t) => {
    const id = t.test.mutant?.id ?? t.test.id;
    const described = t.test.mutant?.description ?? '';
    return `<tr><td><code>${esc(id)}</code>${visibilityTag(t.test)}${described === '' ? '' : `<br><span class="muted">${esc(described)}</span>`}</td>${rateCells(t)}</tr>`;
  })
  .join('\n')}
</tbody></table>
<p class="muted">“Exposed by” counts the submissions whose own tests fail on the mutant.</p>`);
  }
  return page(title, body.join('\n'), { style: STYLE, script: SCRIPT });
}
