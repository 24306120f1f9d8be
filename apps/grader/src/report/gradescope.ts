// Gradescope's autograder results.json: score, and one entry per test with name, score, max_score,
// status, output and visibility.
import type { Report } from './model.ts';

export interface GradescopeResults {
  score: number;
  output: string;
  visibility: 'visible';
  stdout_visibility: 'hidden';
  tests: {
    name: string;
    number: string;
    score: number;
    max_score: number;
    status: 'passed' | 'failed';
    output: string;
    visibility: 'visible' | 'hidden' | 'after_due_date' | 'after_published';
  }[];
}

export function renderGradescope(report: Report): GradescopeResults {
  return {
    score: report.score,
    output: `Graded with pitboss ${report.tool.version}, ${report.assignment.name} v${report.assignment.version}, seed ${report.seed}.`,
    visibility: 'visible',
    stdout_visibility: 'hidden',
    tests: report.tests.map((test, i) => ({
      name: `${test.file}: ${test.name}`,
      number: String(i + 1),
      score: test.score,
      max_score: test.maxScore,
      status: test.status === 'passed' ? 'passed' : 'failed',
      output: [
        test.message ?? '',
        test.diff === undefined
          ? ''
          : `expected (reference):\n${test.diff.expected.lines.join('\n')}\ngot (yours):\n${test.diff.actual.lines.join('\n')}`,
        test.replay === undefined ? '' : `replay: pitboss check --replay ${test.replay}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      visibility: test.visibility,
    })),
  };
}
