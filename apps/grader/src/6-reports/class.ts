// A graded class at a glance, for the instructor: a sortable table of submissions linking to their
// reports (the instructor's view), the score distribution, the tests the class fails most and the
// mutants its tests expose least, from the class's tally (class-tally.ts, which also makes the gradebook,
// CSV). Both are pure functions of the reports, in the submissions' order: no paths, dates or durations,
// so every run and machine writes the same bytes.
import { roundPoints } from '../0-results/test.ts';
import {
  type ClassEntry,
  type ClassRow,
  type ClassSummary,
  type ClassTally,
  classTally,
  type EditionSummary,
  type FirstReport,
  gameRightFormatNot,
  languageLabel,
  NAMED,
  type Tally,
  type TestSeen,
} from './class-tally.ts';
import { esc, num, page, percent } from './page.ts';
import { INSTRUCTOR_FOLDER } from './views.ts';
import { visibilityWords } from './words.ts';

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

export const renderClassReport = (entries: readonly ClassEntry[]): string => classReport(classTally(entries));

/** A class's page, from its tally. */
export function classReport(tally: ClassTally): string {
  const { rows, parts, partMax, apartHeadings, summary, first, implementation, mutants } = tally.forPage();
  return renderClass(rows, parts, partMax, apartHeadings, summary, first, { implementation, mutants });
}

/** The most differences the class page lists for an edition; the batch file keeps them all. */
const DIFFERENCES_SHOWN = 10;

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
