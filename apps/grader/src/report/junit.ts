// JUnit XML, for CI: one test suite per submission, one test case per test.
import builder from 'junit-report-builder';
import type { Report } from './model.ts';

export function renderJunit(report: Report): string {
  const junit = builder.newBuilder();
  const suite = junit.testSuite().name(`${report.assignment.name}: ${report.submission.name}`);
  suite
    .property('seed', String(report.seed))
    .property('score', String(report.score))
    .property('maxScore', String(report.maxScore));
  for (const test of report.tests) {
    const testCase = suite.testCase().className(test.file).name(test.name);
    if (test.status === 'passed') continue;
    const details = [
      test.message ?? '',
      test.replay === undefined ? '' : `replay: pitboss check --replay ${test.replay}`,
    ]
      .filter(Boolean)
      .join('\n');
    if (test.status === 'failed')
      testCase.failure(test.message ?? 'failed', test.status).standardError(details);
    else testCase.error(test.message ?? test.status, test.status).standardError(details);
  }
  return `${junit.build()}\n`;
}
