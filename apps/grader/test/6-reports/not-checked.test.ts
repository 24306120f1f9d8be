// The student tool's check says what of the course's visible tests it does not check: each part with
// its points and why, as data (notChecked) and in the human and HTML reports, and its score line
// gives the tool's maximum against the course's.
import { describe, expect, it } from 'vitest';
import { boundReport } from '../../src/0-results/bounds.ts';
import { courseMaxScore, type Report, SCHEMA_VERSION } from '../../src/0-results/report.ts';
import { renderHtml } from '../../src/6-reports/html.ts';
import { renderHuman } from '../../src/6-reports/human.ts';
import { testResult as test } from '../support.ts';

const report = (notChecked?: Report['notChecked']): Report => ({
  schemaVersion: SCHEMA_VERSION,
  tool: { name: 'pitboss', version: '0.1.0' },
  assignment: { name: 'classic', title: 'Blackjack', version: '2' },
  mode: 'check',
  seed: 7,
  submission: { name: 'alice', path: '/home/alice', hash: '0'.repeat(64) },
  score: 83,
  maxScore: 83,
  parts: [{ file: 'deck.ts', score: 83, maxScore: 83 }],
  ...(notChecked === undefined ? {} : { notChecked }),
  studentTests: { cases: [], exposed: 0, mutants: 0 },
  loadErrors: [],
  tests: [test({ id: 'deck.new', name: 'a new deck', score: 83, maxScore: 83 })],
});

const tool = report([
  { file: 'blackjack.ts', maxScore: 14, reason: 'linked-transcripts' },
  { file: 'your tests', maxScore: 8, reason: 'mutants' },
]);

describe("what the student tool's check does not check", () => {
  it("adds up to the course's visible points", () => {
    expect(courseMaxScore(tool)).toBe(105);
    expect(courseMaxScore(report())).toBe(83);
  });

  it('says it in the human report: the score line, and each part with its points and why', () => {
    const text = renderHuman(tool, { color: false });
    expect(text).toContain(
      "Score 83/83  (the visible tests this tool checks: 83 of the course's 105 visible points; seed 7;",
    );
    expect(text).toMatch(
      /^ +-\/14 {2}blackjack\.ts: not checked here, its transcripts run it with the course's solution/m,
    );
    expect(text).toMatch(/^ +-\/8 {2}your tests: not checked here, how many planted bugs \(mutants\)/m);
    // A report with nothing left out says as before.
    expect(renderHuman(report(), { color: false })).toContain('Score 83/83  (visible tests only; seed 7;');
  });

  it('says it in the HTML report, under the score by part', () => {
    const html = renderHtml(tool);
    expect(html).toContain("the visible tests this tool checks: 83 of the course's 105 visible points");
    expect(html).toMatch(
      /<tr class="not-checked"><td>blackjack\.ts<\/td><td class="n">-<\/td><td class="n">14<\/td>/,
    );
    expect(html).toMatch(
      /<tr class="not-checked"><td>your tests<\/td><td class="n">-<\/td><td class="n">8<\/td>/,
    );
    expect(renderHtml(report())).not.toContain('not-checked');
  });

  it('is data in the report: kept by boundReport, a reason it does not know never passed on', () => {
    expect(boundReport(tool).notChecked).toEqual(tool.notChecked);
    expect(boundReport(report())).not.toHaveProperty('notChecked');
    const odd = report([{ file: 'x.ts', maxScore: 1, reason: 'other' as 'mutants' }]);
    expect(boundReport(odd).notChecked?.[0]?.reason).toBe('linked-transcripts');
  });
});
