// A submission's report as one self-contained HTML page: the score by part, every lost point with its
// counterexample and replay command, transcript diffs side by side with whitespace made visible, and
// the student's tests x mutants matrix. Status is told in words and symbols, never by colour alone.
// Visibility: `check` reports hold visible tests only; no report names a hidden mutant.
import { boundReport } from '../0-results/bounds.ts';
import type { TranscriptDiff } from '../0-results/diff.ts';
import { courseMaxScore, ownAndKept, type Report } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import { esc, num, page, percent } from './page.ts';
import { rerunFor } from './replay.ts';
import {
  byHint,
  compilerLines,
  failingPoints,
  failingSentence,
  groupedHints,
  groupedWarnings,
  hintHeading,
  notCheckedWords,
  OWN_TESTS_SCORED_LATER,
  ownTestWorth,
  STATUS_WORDS,
  sameFailures,
  sameInWords,
  TYPED_LEGEND,
  typeCheckLines,
  typedOn,
  visibilityWords,
  WARNINGS_HEADING,
  worthWords,
} from './words.ts';

const STYLE = `
.diff { border-collapse: collapse; width: 100%; table-layout: fixed; }
.diff td, .diff th { border: none; border-left: 1px solid var(--line); padding: 0 .4rem; }
.diff td.ln { width: 4.5em; text-align: right; color: var(--muted); user-select: none; }
.diff td.mk { width: 1.6em; border-left: none; text-align: center; font-weight: 700; color: var(--fail); }
.diff td.tx { white-space: pre-wrap; overflow-wrap: anywhere; }
.diff tr.first td { background: var(--first); }
.diff mark { background: var(--mark); color: inherit; }
.diff .typed { margin-left: 1em; color: var(--muted); font-style: italic; }
.ws { color: var(--ws); }
.eol { color: var(--ws); }
.eof { color: var(--fail); font-style: italic; }
.end { color: var(--muted); font-style: italic; }
.matrix { font-size: 13px; }
.matrix td, .matrix th { text-align: center; padding: .1rem .25rem; }
.matrix td.name, .matrix th.name { text-align: left; min-width: 16rem; max-width: 24rem; }
.matrix td.hit { color: var(--hit); font-weight: 700; }
.legend { color: var(--muted); font-size: 13px; }
.hint { border-left: 3px solid var(--line); padding-left: .6rem; white-space: pre-wrap; }
`;

/** The most of one transcript line a page shows. */
const LONGEST_LINE = 2000;

const statusBadge = (status: TestResult['status']) =>
  `<span class="status ${status === 'passed' ? 'pass' : 'fail'}">${STATUS_WORDS[status]}</span>`;

const visibilityTag = (test: TestResult) => {
  const words = visibilityWords(test);
  return words === undefined ? '' : ` <span class="tag">${esc(words)}</span>`;
};

const bar = (score: number, max: number) =>
  `<span class="bar" aria-hidden="true"><span style="width:${percent(score, max)}%"></span></span>`;

/** Spaces as a faint dot, tabs as an arrow, carriage returns as \r: a difference in them can be seen. */
function showWhitespace(text: string): string {
  let out = '';
  for (const char of text) {
    if (char === ' ') out += '<span class="ws">·</span>';
    else if (char === '\t') out += '<span class="ws">→\t</span>';
    else if (char === '\r') out += '<span class="ws">\\r</span>';
    else out += esc(char);
  }
  return out;
}

/** The first differing line: what the two share stays plain, the rest is marked. */
function markFrom(text: string, other: string | undefined): string {
  if (other === undefined) return `<mark>${showWhitespace(text)}</mark>`;
  let same = 0;
  while (same < text.length && same < other.length && text[same] === other[same]) same++;
  if (same === text.length) return showWhitespace(text);
  return `${showWhitespace(text.slice(0, same))}<mark>${showWhitespace(text.slice(same))}</mark>`;
}

function diffTable(diff: TranscriptDiff): string {
  const { expected, actual } = diff;
  const rows: string[] = [];
  const count = Math.max(expected.lines.length, actual.lines.length);
  const side = (
    lines: readonly string[],
    other: readonly string[],
    k: number,
    total: number,
    newline: boolean | undefined,
  ) => {
    const number = expected.from + k;
    const line = lines[k];
    if (diff.withheld === true && lines === actual.lines) return '<td class="ln"></td><td class="tx"></td>';
    if (line === undefined) {
      const end = number === total + 1 ? '<span class="end">(end of output)</span>' : '';
      return `<td class="ln"></td><td class="tx">${end}</td>`;
    }
    // A line the length of a book is cut: the page stays light, the message still tells the difference.
    const cut = (text: string | undefined) => (text === undefined ? text : text.slice(0, LONGEST_LINE));
    const more =
      line.length > LONGEST_LINE
        ? `<span class="end"> … ${line.length - LONGEST_LINE} more characters</span>`
        : '';
    const text = `${number === diff.line ? markFrom(cut(line)!, cut(other[k])) : showWhitespace(cut(line)!)}${more}`;
    const typed = typedOn(diff, number, lines === expected.lines ? 'expected' : 'actual');
    const input = typed === undefined ? '' : `<span class="typed">${esc(typed)}</span>`;
    const ending =
      number === total && newline === false
        ? '<span class="eof" title="no newline at the end of the output">∅ no newline at end</span>'
        : '<span class="eol" title="end of line">↵</span>';
    return `<td class="ln">${number}</td><td class="tx">${text}${ending}${input}</td>`;
  };
  for (let k = 0; k < count; k++) {
    const number = expected.from + k;
    const first = number === diff.line;
    rows.push(
      `<tr${first ? ' class="first"' : ''}><td class="mk"${first ? ' title="first difference"' : ''}>${first ? '▶' : ''}</td>${side(expected.lines, actual.lines, k, diff.expectedLines, diff.finalNewline?.expected)}${side(actual.lines, expected.lines, k, diff.actualLines, diff.finalNewline?.actual)}</tr>`,
    );
  }
  return `<div class="scroll"><table class="diff mono">
<colgroup><col style="width:1.6em"><col style="width:4.5em"><col><col style="width:4.5em"><col></colgroup>
<thead><tr><th></th><th colspan="2">expected (reference), ${diff.expectedLines} lines</th><th colspan="2">got (yours), ${diff.actualLines} lines${diff.withheld === true ? ": not shown (this run had the reference's files; the same case with all your files shows your lines)" : ''}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>
<p class="legend">▶ marks line ${diff.line}, the first that differs; its differing part is highlighted. · a space, → a tab, \\r a carriage return, ↵ the end of a line, ∅ no newline at the end.${diff.typed !== undefined && diff.typed.length > 0 ? ` ${esc(TYPED_LEGEND)}.` : ''}${diff.whitespaceOnly ? ' <strong>Only whitespace differs.</strong>' : ''}</p>`;
}

/** A failing test's hint, below its evidence; nothing for a passing test or one without a hint. */
const hintBlock = (test: TestResult): string =>
  test.hint === undefined || test.status === 'passed'
    ? ''
    : `<p class="hint"><strong>${esc(hintHeading(test))}:</strong> ${esc(test.hint.text)}</p>`;

/** A failure, and the tests failing just as it does: said once, with the others named below it. */
function failingGroup(report: Report, test: TestResult, same: readonly TestResult[]): string {
  const card = failingTest(report, test);
  if (same.length === 0) return card;
  return card.replace(/\n<\/section>$/, `\n<p class="muted">${esc(sameInWords(same))}</p>\n</section>`);
}

function failingTest(report: Report, test: TestResult): string {
  const parts = [
    `<h3>${statusBadge(test.status)} ${esc(test.name)}${visibilityTag(test)} <span class="muted">[${esc(test.file)}, ${esc(failingPoints(test))}]</span></h3>`,
  ];
  if (test.message !== undefined) parts.push(`<pre>${esc(test.message)}</pre>`);
  if (test.diff !== undefined) parts.push(diffTable(test.diff));
  const shorter = test.shorterInput;
  if (shorter !== undefined) {
    parts.push(
      `<p>A shorter input shows a difference too: ${num(shorter.lines)} of the ${num(shorter.originalLines)} lines typed:</p>`,
      `<pre class="typed-input">${esc(shorter.stdin)}</pre>`,
      `<pre>${esc(shorter.message)}</pre>`,
      diffTable(shorter.diff),
    );
  }
  // A page is read away from the machine that made it: the command names the submission's folder as
  // the student has it, run from where pitboss runs (replay.ts, rerunFor).
  const rerun = rerunFor(report, test);
  if (rerun !== undefined) parts.push(`<p>${esc(rerun.words)}: <code>${esc(rerun.command)}</code></p>`);
  if (hintBlock(test) !== '') parts.push(hintBlock(test));
  return `<section class="card test">\n${parts.join('\n')}\n</section>`;
}

/** Without mutants (the student tool): the student's tests as they ran on their own code, unscored. */
function ownTestsSection(report: Report): string {
  const { own: cases, kept } = ownAndKept(report);
  if (cases.length === 0 && kept.length === 0) return '';
  const passed = cases.filter((test) => test.valid).length;
  const items = cases.map((test) =>
    test.valid
      ? `<li><span class="status pass">PASS</span> <code>${esc(test.file)}</code> &gt; ${esc(test.name)}</li>`
      : `<li><span class="status fail">FAIL</span> <code>${esc(test.file)}</code> &gt; ${esc(test.name)}: ${esc(test.reason ?? '')}</li>`,
  );
  const omitted = report.studentTests.omittedCases ?? 0;
  return [
    `<h2 id="your-tests">Your tests</h2>`,
    `<p><strong>On your own code, ${num(passed)} of ${num(cases.length)} of your tests pass.</strong></p>`,
    `<ul>${items.join('\n')}</ul>`,
    omitted > 0 ? `<p>${num(omitted)} more of your tests are not listed.</p>` : '',
    keptList(kept),
    `<p class="muted">${esc(OWN_TESTS_SCORED_LATER)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The files `check --keep` wrote: the grader's cases, named as such, apart from the student's tests. */
const keptList = (kept: Report['studentTests']['cases']): string =>
  kept.length === 0
    ? ''
    : `<p class="muted">Kept by <code>pitboss check --keep</code> (${num(kept.length)}): the grader's failing cases, for you to run; not your tests, never counted:</p>\n<ul>${kept.map((test) => `<li><span class="status">KEPT</span> <code>${esc(test.file)}</code></li>`).join('\n')}</ul>`;

function studentTestsSection(report: Report, tests: readonly TestResult[]): string {
  const { exposed, mutants } = report.studentTests;
  if (mutants === 0) return ownTestsSection(report);
  const { own: cases, kept } = ownAndKept(report);
  const out = [`<h2 id="your-tests">Your tests and the mutants</h2>`];
  out.push(
    `<p><strong>Your tests expose ${exposed} of ${mutants} mutants.</strong> A mutant is the reference solution with one deliberate bug; a test of yours exposes it when it fails on it.</p>`,
  );
  const valid = cases.filter((test) => test.valid);
  out.push(
    `<p>${valid.length} of ${cases.length} of your tests count (a test counts when it passes on the reference solution).</p>`,
  );
  const omitted = report.studentTests.omittedCases ?? 0;
  if (omitted > 0) out.push(`<p>${num(omitted)} more of your tests are not listed.</p>`);
  const invalid = cases.filter((test) => !test.valid);
  if (invalid.length > 0) {
    out.push(
      `<ul>${invalid.map((test) => `<li><span class="status warn">NOT COUNTED</span> <code>${esc(test.file)}</code> &gt; ${esc(test.name)}: ${esc(test.reason ?? '')}</li>`).join('\n')}</ul>`,
    );
  }
  if (kept.length > 0) out.push(keptList(kept));
  const mutantTests = tests.filter((test) => test.kind === 'mutant');
  const shown = mutantTests.filter((test) => test.visibility === 'visible' && test.mutant !== undefined);
  /** The kill of `mutant` by the student's test in that column: the test itself, or its whole file. */
  const killIn = (test: TestResult, column: (typeof valid)[number]) =>
    test.mutant?.killedBy.find(
      (kill) => kill.file === column.file && ('broke' in kill || kill.position === column.position),
    );
  if (shown.length > 0) {
    const head = valid
      .map((test, i) => `<th class="n" title="${esc(`${test.file} > ${test.name}`)}">${i + 1}</th>`)
      .join('');
    const rows = shown.map((test) => {
      const { id, description } = test.mutant!;
      const cells = valid.map((column) => {
        const kill = killIn(test, column);
        if (kill === undefined) return '<td></td>';
        if (!('broke' in kill))
          return `<td class="hit" title="${esc(`${column.file} > ${column.name} exposes ${id}`)}">●</td>`;
        return `<td class="hit" title="${esc(`${column.file} (${kill.broke}): exposes ${id}`)}">${kill.broke === 'timeout' ? 'T' : '!'}</td>`;
      });
      const word =
        test.mutant!.status === 'killed'
          ? '<span class="status pass">EXPOSED</span>'
          : '<span class="status fail">SURVIVED</span>';
      return `<tr><td class="name"><code>${esc(id)}</code><br><span class="muted">${esc(description)}</span></td><td>${word}</td>${cells.join('')}</tr>`;
    });
    out.push(`<div class="scroll"><table class="matrix">
<thead><tr><th class="name">mutant</th><th>verdict</th>${head}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>`);
    if (valid.length > 0) {
      out.push(
        `<p class="legend">● the test in that column fails on the mutant (it exposes it); T its file ran out of time on the mutant, which counts; ! its file hit another limit. Columns:</p>`,
      );
      out.push(
        `<ol class="legend">${ownTestWorth(report)
          .map(
            (worth) =>
              `<li><code>${esc(worth.file)}</code> &gt; ${esc(worth.name)}: <span class="${worth.alone.length > 0 ? 'muted' : 'warn'}">${esc(worthWords(worth))}</span></li>`,
          )
          .join('\n')}</ol>`,
      );
    }
  }
  // The hints of the bugs missed, each once, naming the mutants it is for (not once a row).
  const missedHints = byHint(shown.filter((test) => test.mutant!.status !== 'killed')).filter(
    (group) => group.hint !== undefined,
  );
  for (const { tests: alike } of missedHints)
    out.push(
      `<p class="hint"><strong>${esc(hintHeading(alike[0]!))}${alike.length === 1 ? '' : ` (${alike.length} mutants)`}:</strong> ${esc(alike[0]!.hint!.text)} <span class="muted">(${alike.map((test) => esc(test.mutant!.id)).join(', ')})</span></p>`,
    );
  // Mutant tests that failed before any mutant ran (no test of theirs counts) still show their hints.
  const unrun = groupedHints(
    mutantTests.filter((test) => test.visibility === 'visible' && test.mutant === undefined),
  );
  for (const hint of unrun) out.push(`<p class="hint">${esc(hint)}</p>`);
  const hidden = mutantTests.length - shown.length;
  if (hidden > 0) {
    const hiddenExposed = mutantTests.filter(
      (test) => test.visibility !== 'visible' && test.status === 'passed',
    ).length;
    out.push(`<p>${hiddenExposed} of ${hidden} hidden mutants exposed.</p>`);
  }
  return out.join('\n');
}

/** Says whom the page is for, when the report says (6-reports/views.ts). */
function viewNote(report: Report): string {
  if (report.view === 'instructor')
    return `\n<p class="muted">Instructor's view: it shows hidden tests whole. Students get the student's view.</p>`;
  if (report.view === 'student' && report.tests.some((test) => test.visibility !== 'visible'))
    return `\n<p class="muted">Tests that are not visible are counted and scored here, by number, without their content.</p>`;
  return '';
}

/**
 * One submission's page. `classPage`: where the class page is from this page (an instructor's page
 * of a graded class links back to it).
 */
export function renderHtml(unbounded: Report, options: { classPage?: string } = {}): string {
  const report = boundReport(unbounded);
  // A student's check never names a test it did not run visibly, whatever the report holds.
  const tests =
    report.mode === 'check' ? report.tests.filter((t) => t.visibility === 'visible') : report.tests;
  const title = `${report.assignment.title}: ${report.submission.name}`;
  const body: string[] = [];
  body.push(`<header>
${options.classPage === undefined ? '' : `<p class="meta"><a href="${esc(options.classPage)}">← the class</a></p>\n`}<h1>${esc(title)}</h1>
<p class="meta">${report.notChecked !== undefined ? `the visible tests this tool checks: ${num(report.maxScore)} of the course's ${num(courseMaxScore(report))} visible points` : report.mode === 'check' ? 'visible tests only' : 'all tests'}; assignment ${esc(report.assignment.name)} v${esc(report.assignment.version)}; seed ${report.seed}; pitboss ${esc(report.tool.version)}</p>
<p class="score">Score ${num(report.score)}/${num(report.maxScore)} <span class="muted">(${percent(report.score, report.maxScore)}%)</span></p>${viewNote(report)}
</header>`);
  body.push(`<h2 id="parts">Score by part</h2>
<table class="parts"><thead><tr><th>part</th><th class="n">score</th><th class="n">of</th><th></th><th>status</th></tr></thead>
<tbody>
${report.parts
  .map(
    (part) =>
      `<tr><td>${esc(part.file)}</td><td class="n">${num(part.score)}</td><td class="n">${num(part.maxScore)}</td><td>${bar(part.score, part.maxScore)}</td><td>${part.score === part.maxScore ? '<span class="status pass">FULL</span>' : `<span class="status fail">LOST ${num(part.maxScore - part.score)}</span>`}</td></tr>`,
  )
  .join('\n')}
${(report.notChecked ?? [])
  .map(
    (part) =>
      `<tr class="not-checked"><td>${esc(part.file)}</td><td class="n">-</td><td class="n">${num(part.maxScore)}</td><td></td><td>not checked here: ${esc(notCheckedWords(part))}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`);
  if (report.loadErrors.length > 0) {
    body.push(
      `<h2 id="load-errors">Files that did not load</h2>\n<ul>${report.loadErrors.map((problem) => `<li><code>${esc(problem.file)}</code>: <pre>${esc(problem.message)}</pre></li>`).join('\n')}</ul>`,
    );
  }
  const notes = report.notes ?? [];
  if (notes.length > 0)
    body.push(
      `<h2 id="notes">Notes</h2>\n<ul>${notes.map((note) => `<li>${esc(note)}</li>`).join('\n')}</ul>`,
    );
  const [typesHeading, ...typeProblems] = typeCheckLines(report);
  if (typesHeading !== undefined) {
    body.push(
      `<h2 id="type-errors">Type errors</h2>\n<p>${esc(typesHeading)}</p>${typeProblems.length === 0 ? '' : `\n<ul>${typeProblems.map((line) => `<li><code>${esc(line)}</code></li>`).join('\n')}</ul>`}`,
    );
  }
  const [compilerHeading, ...compilerProblems] = compilerLines(report);
  if (compilerHeading !== undefined) {
    body.push(
      `<h2 id="compiler">Compiler</h2>\n<p>${esc(compilerHeading)}</p>\n<ul>${compilerProblems.map((line) => `<li><code>${esc(line)}</code></li>`).join('\n')}</ul>`,
    );
  }
  const implementation = tests.filter((test) => test.kind !== 'mutant');
  const failed = implementation.filter((test) => test.status !== 'passed');
  body.push(`<h2 id="failures">Tests of your implementation</h2>`);
  body.push(
    failed.length === 0
      ? `<p><span class="status pass">PASS</span> All ${implementation.length} tests of your implementation pass.</p>`
      : `<p>${esc(failingSentence(failed, implementation.length))}:</p>\n${sameFailures(failed)
          .map(([test, same]) => failingGroup(report, test, same))
          .join('\n')}`,
  );
  const warnings = groupedWarnings(tests);
  if (warnings.length > 0) {
    body.push(
      `<h2 id="warnings">${esc(WARNINGS_HEADING)}</h2>\n<ul>${warnings.map(({ warning, tests: found }) => `<li><p>${esc(warning)}</p><p class="muted">in ${found.map((test) => esc(test.name)).join('; ')}</p></li>`).join('\n')}</ul>`,
    );
  }
  body.push(studentTestsSection(report, tests));
  body.push(`<h2 id="all-tests">Every test</h2>
<details><summary>${tests.length} tests, ${tests.filter((test) => test.status === 'passed').length} passed</summary>
<table class="all"><thead><tr><th>status</th><th>test</th><th>part</th><th class="n">points</th></tr></thead>
<tbody>
${tests
  .map(
    (test) =>
      `<tr><td>${statusBadge(test.status)}</td><td>${esc(test.name)}${visibilityTag(test)}</td><td>${esc(test.file)}</td><td class="n">${num(test.score)}/${num(test.maxScore)}</td></tr>`,
  )
  .join('\n')}
</tbody></table></details>`);
  return page(title, body.filter(Boolean).join('\n'), { style: STYLE });
}
