// The similarity page, for staff only (never in a student's view): pairs of submissions ranked by how
// alike their code is, the first ones side by side with their matching fragments marked, and groups of
// submissions that fail alike. It says what is similar and where; what that means is the instructor's call.
import type { SimilarityReport, SimilarPair, SimilarSubmission } from '../0-results/similarity.ts';
import { esc, page } from './page.ts';
import { visibilityWords } from './words.ts';

const STYLE = `
.side { display: grid; grid-template-columns: 1fr 1fr; gap: .5rem; }
.code { border: 1px solid var(--line); background: var(--bg); max-height: 40rem; overflow: auto; }
.code table { margin: 0; width: 100%; border: none; }
.code td { border: none; padding: 0 .4rem; font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace;
  font-size: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.code td.ln { width: 3.5em; text-align: right; color: var(--muted); user-select: none; }
.code td.fr { width: 3.2em; white-space: nowrap; color: var(--muted); font-size: 11px; user-select: none; }
.code tr.match td.tx { background: var(--first); }
.code tr.head td.tx { color: var(--muted); font-weight: 700; }
.note { border-left: 3px solid var(--line); padding-left: .6rem; }
`;

const percentOf = (similarity: number) => `${Math.round(similarity * 1000) / 10}%`;

/** One side's code, each line of a fragment marked with the fragment's number. */
function codeSide(submission: SimilarSubmission | undefined, marks: Map<number, number[]>): string {
  if (submission === undefined) return '<p class="muted">(no code)</p>';
  const rows = submission.lines.map((line, index) => {
    const number = index + 1;
    const fragments = marks.get(number);
    const head = line.startsWith('// ==== ') && submission.files.includes(line.slice(8));
    const kind = head ? ' class="head"' : fragments === undefined ? '' : ' class="match"';
    // Fragments may overlap by a k-gram: a line is labelled with the first that covers it.
    const label = fragments === undefined ? '' : `#${fragments[0]}`;
    return `<tr${kind}><td class="ln">${number}</td><td class="fr">${esc(label)}</td><td class="tx">${esc(line)}</td></tr>`;
  });
  return `<div class="code"><table>${rows.join('')}</table></div>`;
}

function marksOf(pair: SimilarPair, side: 'left' | 'right'): Map<number, number[]> {
  const marks = new Map<number, number[]>();
  (pair.fragments ?? []).forEach((fragment, index) => {
    for (let line = fragment[side].from; line <= fragment[side].to; line++)
      marks.set(line, [...(marks.get(line) ?? []), index + 1]);
  });
  return marks;
}

function pairSection(pair: SimilarPair, place: number, byName: Map<string, SimilarSubmission>): string {
  const count = pair.fragments?.length ?? 0;
  return `<details class="card" id="pair-${place}"${place === 1 ? ' open' : ''}>
<summary><strong>${place}. ${esc(pair.left)} and ${esc(pair.right)}</strong>: ${percentOf(pair.similarity)} similar, ${count} matching fragment${count === 1 ? '' : 's'}, longest ${pair.longest} fingerprints</summary>
<div class="side">
<div><h3>${esc(pair.left)}</h3>${codeSide(byName.get(pair.left), marksOf(pair, 'left'))}</div>
<div><h3>${esc(pair.right)}</h3>${codeSide(byName.get(pair.right), marksOf(pair, 'right'))}</div>
</div>
</details>`;
}

export function renderSimilarityHtml(report: SimilarityReport): string {
  const byName = new Map(report.submissions.map((submission) => [submission.name, submission]));
  const shown = report.pairs.filter((pair) => pair.fragments !== undefined);
  const out: string[] = [];
  out.push(
    `<h1>Similarity: ${esc(report.assignment)}</h1>`,
    `<p class="meta">${report.submissions.length} submissions, ${report.pairs.length} pairs. For staff only: do not hand this page out.</p>`,
    `<p class="note">Similar code and similar failures are a reason to look, not a finding: shared course examples, a common approach or help that was allowed all make code alike. The provided files and the starter were left out of the comparison.</p>`,
  );
  if (report.skipped.length > 0)
    out.push(
      `<p class="muted">Not compared: ${report.skipped.map((s) => `${esc(s.name)} (${esc(s.problem)})`).join('; ')}</p>`,
    );
  out.push(
    '<h2>Pairs by code similarity</h2>',
    '<p class="muted">Similarity: the share of both submissions\' fingerprints (runs of tokens, with every name and literal made alike) that they have in common.</p>',
    '<div class="scroll"><table><tr><th class="n">#</th><th>Submission</th><th>Submission</th><th class="n">Similar</th><th class="n">Longest run</th></tr>',
    ...shown.map(
      (pair, index) =>
        `<tr><td class="n"><a href="#pair-${index + 1}">${index + 1}</a></td><td>${esc(pair.left)}</td><td>${esc(pair.right)}</td><td class="n">${percentOf(pair.similarity)}</td><td class="n">${pair.longest}</td></tr>`,
    ),
    '</table></div>',
  );
  if (report.pairs.length > shown.length)
    out.push(
      `<p class="muted">${report.pairs.length - shown.length} less similar pairs are listed in similarity.json only.</p>`,
    );
  out.push(...shown.map((pair, index) => pairSection(pair, index + 1, byName)));
  out.push('<h2>Submissions that fail alike</h2>');
  if (report.behaviour === undefined)
    out.push(
      '<p class="muted">No grade run given: pass <code>--results &lt;grade --out folder&gt;</code> to group submissions that fail the same test the same way.</p>',
    );
  else if (report.behaviour.groups.length === 0)
    out.push(
      `<p>No two of the ${report.behaviour.graded} graded submissions fail a test with the same evidence.</p>`,
    );
  else {
    out.push(
      `<p class="muted">Of ${report.behaviour.graded} graded submissions: each group fails the tests listed with the very same evidence (first differing line, shrunk counterexample). Rarer shared failures first; a failure much of the class shares tells little.</p>`,
    );
    for (const group of report.behaviour.groups) {
      const failures = group.failures.map((failure) => {
        const tag = visibilityWords(failure);
        return `<li><code>${esc(failure.test)}</code>${tag === undefined ? '' : ` <span class="tag">${esc(tag)}</span>`} (${failure.failing} of ${report.behaviour!.graded} fail it): <span class="mono">${esc(failure.evidence)}</span></li>`;
      });
      out.push(
        `<div class="card"><h3>${group.submissions.map(esc).join(', ')}</h3><p class="meta">${group.submissions.length} submissions share ${group.failures.length} failure${group.failures.length === 1 ? '' : 's'}</p><ul>${failures.join('')}</ul></div>`,
      );
    }
  }
  return page(`Similarity: ${report.assignment}`, out.join('\n'), { style: STYLE });
}
