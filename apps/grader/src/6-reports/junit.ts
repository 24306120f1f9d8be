// JUnit XML, for CI: one test suite per submission, one test case per test. Written here rather than
// by a builder: every string is escaped as character data (never CDATA, which a `]]>` in a message
// ends), and characters XML 1.0 cannot hold at all are shown as escapes, so no message can add,
// end or hide an element.
import { boundReport } from '../0-results/bounds.ts';
import type { Report } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import { type ReplayFrom, rerunLine } from './replay.ts';
import { compilerLines, groupedWarnings, hintText, typeCheckLines, WARNINGS_HEADING } from './words.ts';

// Not allowed anywhere in an XML 1.0 document: C0 controls but tab, newline and carriage return,
// lone surrogates, U+FFFE and U+FFFF.
const ILLEGAL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it matches
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const legal = (text: string): string =>
  text.replace(ILLEGAL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const XML_TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const XML_ATTRIBUTE: Record<string, string> = {
  ...XML_TEXT,
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
};

/** Element content: parsed back, the same text (a parser would turn a raw \r\n into \n). */
export const xmlText = (text: string): string => legal(text).replace(/[&<>\r]/g, (c) => XML_TEXT[c]!);
/** A double-quoted attribute's value: parsed back, the same text (whitespace kept as references). */
export const xmlAttribute = (text: string): string =>
  legal(text).replace(/[&<>"\t\n\r]/g, (c) => XML_ATTRIBUTE[c]!);

const attributes = (pairs: [string, string | number][]) =>
  pairs.map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`).join('');

/** JUnit's counts for a list of tests. */
function counts(tests: readonly TestResult[]): [string, number][] {
  const failures = tests.filter((test) => test.status === 'failed').length;
  const errors = tests.filter((test) => test.status !== 'passed' && test.status !== 'failed').length;
  return [
    ['tests', tests.length],
    ['failures', failures],
    ['errors', errors],
    ['skipped', 0],
  ];
}

/** One submission's testsuite element. */
function testsuite(unbounded: Report, from: ReplayFrom): string[] {
  const report = boundReport(unbounded);
  const out = [
    `  <testsuite${attributes([['name', `${report.assignment.name}: ${report.submission.name}`], ...counts(report.tests)])}>`,
    '    <properties>',
    ...(['seed', 'score', 'maxScore'] as const).map(
      (name) =>
        `      <property${attributes([
          ['name', name],
          ['value', report[name]],
        ])}/>`,
    ),
    '    </properties>',
  ];
  // Hidden tests of the student's view share a neutral name; each case keeps its id too, so no two
  // cases of a suite read alike.
  for (const test of report.tests) {
    const testCase = attributes([
      ['classname', test.file],
      ['name', test.name],
      ['id', test.id],
    ]);
    if (test.status === 'passed') {
      out.push(`    <testcase${testCase}/>`);
      continue;
    }
    const details = [
      test.message ?? '',
      test.shorterInput === undefined
        ? ''
        : `the shorter input (${test.shorterInput.lines} lines):\n${test.shorterInput.stdin}${test.shorterInput.message}`,
      rerunLine(report, test, from) ?? '',
      hintText(test) ?? '',
    ]
      .filter(Boolean)
      .join('\n');
    const element = test.status === 'failed' ? 'failure' : 'error';
    const message = test.message ?? (test.status === 'failed' ? 'failed' : test.status);
    out.push(
      `    <testcase${testCase}>`,
      `      <${element}${attributes([
        ['message', message],
        ['type', test.status],
      ])}/>`,
      `      <system-err>${xmlText(details)}</system-err>`,
      '    </testcase>',
    );
  }
  // The type check scores nothing: it is the suite's output, not a test case.
  const types = typeCheckLines(report);
  const warnings = groupedWarnings(report.tests).map(
    ({ warning, tests }) => `${warning} (in ${tests.map((test) => test.name).join('; ')})`,
  );
  const said = [
    ...(report.notes ?? []).map((note) => `note: ${note}`),
    ...types,
    ...compilerLines(report),
    ...(warnings.length > 0 ? [`${WARNINGS_HEADING}:`, ...warnings] : []),
  ];
  if (said.length > 0) out.push(`    <system-out>${xmlText(said.join('\n'))}</system-out>`);
  out.push('  </testsuite>');
  return out;
}

/** One JUnit document: a testsuite per submission, however many there are. */
export function renderJunit(reports: Report | readonly Report[], from: ReplayFrom = 'submission'): string {
  const all = Array.isArray(reports) ? (reports as readonly Report[]) : [reports as Report];
  let document = '';
  writeJunit(
    () => all,
    (text) => {
      document += text;
    },
    from,
  );
  return document;
}

/**
 * renderJunit's document, written a piece at a time: the reports are read twice (the counts of every
 * test head the document), one at a time, so a class's reports need not be held at once.
 */
export function writeJunit(
  reports: () => Iterable<Report>,
  write: (text: string) => void,
  from: ReplayFrom = 'submission',
): void {
  const total = new Map<string, number>();
  for (const report of reports())
    for (const [name, count] of counts([report.tests].flat()))
      total.set(name, (total.get(name) ?? 0) + count);
  const head = counts([]).map(([name]): [string, number] => [name, total.get(name) ?? 0]);
  write(`<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attributes(head)}>\n`);
  for (const report of reports()) write(`${testsuite(report, from).join('\n')}\n`);
  write('</testsuites>\n');
}
