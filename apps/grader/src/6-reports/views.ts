// Who a report is written for. The instructor's view is the report as graded: every test with its
// words, expected lines, diffs and counterexamples. The student's view shows hidden tests as
// Gradescope does: counted and scored under a neutral name, never with their content. Every file a
// student can be handed (`check` in any format, `grade --out`'s top-level files) is the student's view.
import { boundReport } from '../0-results/bounds.ts';
import type { Report, ReportView } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import { heldBackName, placeWords } from './words.ts';

export const VIEWS = ['student', 'instructor'] as const satisfies readonly ReportView[];

/** The folder under `grade --out` that holds the instructor's view of each submission. */
export const INSTRUCTOR_FOLDER = 'instructor';

/**
 * What a student may see of `report`. A visible test is kept as it is. Any other (hidden,
 * after_due_date, after_published) keeps its file, kind, visibility, score and maxScore, and its
 * status as passed or failed only; its id becomes `hidden.<n>` and its name `hidden test <n> (<file>)`
 * (n counts the tests that are not visible, in the report's order): its own id and name hold a hidden
 * transcript case's words or a private mutant's id. Message, diff, replay, counterexample, the run's
 * words, the mutant (its id, description and the tests that exposed it), the calls it warns of and the
 * instructor's hint go. A visible mutant the student's tests missed keeps its score, status and hint,
 * and is told only by where it lies (`deck.ts, in Deck.shuffle`): its id, name and description would
 * hand them the edit. Scores are untouched,
 * so every total stays what it was.
 */
export function studentView(unbounded: Report): Report {
  const report = boundReport(unbounded);
  let hidden = 0;
  let unexposed = 0;
  const tests = report.tests.map((test): TestResult => {
    if (test.visibility === 'visible' && test.mutant?.status === 'survived') {
      // A bug the student's tests missed is told by where it lies, never by its edit or its id.
      unexposed++;
      const place = test.mutant.place ?? { file: test.file };
      const where = placeWords(place);
      return {
        ...test,
        id: `mutant.unexposed.${unexposed}`,
        name: `Your tests expose a bug planted in ${where}`,
        // The grader's own reason when the tests never ran (none, none that compile) names no mutant.
        message:
          test.message === undefined || test.message.startsWith('survived')
            ? `survived: no valid test of yours fails on a bug planted in ${where}`
            : test.message,
        mutant: {
          id: `unexposed.${unexposed}`,
          description: `a bug planted in ${where}`,
          status: 'survived',
          killedBy: [],
          place,
        },
      };
    }
    if (test.visibility === 'visible') return test;
    hidden++;
    const shown: TestResult = {
      id: `hidden.${hidden}`,
      name: `hidden test ${hidden} (${test.file})`,
      file: test.file,
      kind: test.kind,
      visibility: test.visibility,
      status: test.status === 'passed' ? 'passed' : 'failed',
      score: test.score,
      maxScore: test.maxScore,
    };
    // A fault of the machinery is no content, and such a report must stay no score.
    if (test.infrastructure === true) shown.infrastructure = true;
    return shown;
  });
  // Bounded again only to write the keys in the order every report has.
  return boundReport({
    ...report,
    view: 'student',
    tests: report.tokens?.spent === false ? heldBack(tests) : tests,
  });
}

/**
 * A submission past the submission policy's limit (tokens.ts): the tests that are not visible become
 * one entry per visibility, in the place of the first, with their scores summed. Scores are untouched,
 * so every total stays what it was; which hidden test passed is what is held back.
 */
function heldBack(tests: readonly TestResult[]): TestResult[] {
  const groups = new Map<string, TestResult>();
  const kept: TestResult[] = [];
  for (const test of tests) {
    if (test.visibility === 'visible') {
      kept.push(test);
      continue;
    }
    const group = groups.get(test.visibility);
    if (group === undefined) {
      const entry: TestResult = {
        id: `hidden.held-back.${test.visibility}`,
        name: heldBackName(test.visibility),
        file: 'all files',
        kind: test.kind,
        visibility: test.visibility,
        status: 'passed',
        score: 0,
        maxScore: 0,
      };
      groups.set(test.visibility, entry);
      kept.push(entry);
    }
    const entry = groups.get(test.visibility)!;
    entry.score += test.score;
    entry.maxScore += test.maxScore;
    if (test.status !== 'passed') entry.status = 'failed';
    if (test.infrastructure === true) entry.infrastructure = true;
  }
  return kept;
}

/** The instructor's view: the report as graded, every test whole, labelled as such. */
export const instructorView = (report: Report): Report => boundReport({ ...report, view: 'instructor' });

/** `report` as `view` sees it. */
export const inView = (report: Report, view: ReportView): Report =>
  view === 'student' ? studentView(report) : instructorView(report);
