// The report for people: score by part, then every lost point with what to do about it.
import pc from 'picocolors';
import type { Report, TestResult } from './model.ts';

export interface HumanOptions {
  color: boolean;
}

const STATUS_WORDS: Record<TestResult['status'], string> = {
  passed: 'PASS',
  failed: 'FAIL',
  timeout: 'TIME',
  error: 'ERROR',
  'load-error': 'LOAD',
};

const points = (score: number, max: number) => `${Number(score.toFixed(2))}/${Number(max.toFixed(2))}`;

export function renderHuman(report: Report, options: HumanOptions): string {
  const c = pc.createColors(options.color);
  const out: string[] = [];
  const status = (result: TestResult) => {
    const word = STATUS_WORDS[result.status].padEnd(5);
    return result.status === 'passed' ? c.green(word) : c.red(word);
  };
  out.push(c.bold(`${report.assignment.title}: ${report.submission.name}`));
  out.push(
    `${c.bold(`Score ${points(report.score, report.maxScore)}`)}  (${report.mode === 'check' ? 'visible tests only' : 'all tests'}; seed ${report.seed}; grader ${report.assignment.name} v${report.assignment.version})`,
  );
  out.push('');
  for (const part of report.parts) {
    const full = part.score === part.maxScore;
    out.push(`  ${(full ? c.green : c.yellow)(points(part.score, part.maxScore).padStart(9))}  ${part.file}`);
  }
  for (const problem of report.loadErrors) out.push(c.red(`  ${problem.message}`));
  const failed = report.tests.filter((test) => test.status !== 'passed');
  if (failed.length === 0) {
    out.push('', c.green(`All ${report.tests.length} tests pass.`));
    return `${out.join('\n')}\n`;
  }
  out.push('', c.bold(`${failed.length} of ${report.tests.length} tests lose points:`));
  for (const test of failed) {
    out.push('', `${status(test)} ${test.name}  ${c.dim(`[${test.file}, ${points(0, test.maxScore)}]`)}`);
    if (test.message !== undefined) out.push(`      ${test.message}`);
    if (test.diff !== undefined) {
      const { diff } = test;
      const mark = (from: number, lines: string[], sign: string, paint: (text: string) => string) =>
        lines.map((line, i) => {
          const number = from + i;
          const text = `${sign}${String(number).padStart(6)} | ${line.replaceAll(' ', number === diff.line ? '·' : ' ')}`;
          return number === diff.line ? paint(text) : c.dim(text);
        });
      out.push(`      expected (reference), ${diff.expectedLines} lines:`);
      out.push(...mark(diff.expected.from, diff.expected.lines, '      ', c.green));
      out.push(`      got (yours), ${diff.actualLines} lines:`);
      out.push(...mark(diff.actual.from, diff.actual.lines, '      ', c.red));
    }
    if (test.replay !== undefined) out.push(c.dim(`      replay: pitboss check --replay ${test.replay}`));
  }
  return `${out.join('\n')}\n`;
}
