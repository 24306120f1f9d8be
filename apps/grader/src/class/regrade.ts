// A regrade previewed: two runs' batch files compared test by test. What moved, for whom, and why (the
// submission changed, or the grader did: which of its files), read from the runs' data alone. A verdict
// that moved while neither the submission nor anything of the run changed is a fault of determinism.

import type { Report } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import { points } from '../6-reports/words.ts';
import type { BatchFile, RunIdentity } from './batch.ts';

/** A test as one run judged it: its status, score, and the first line of what it said. */
export interface Verdict {
  status: TestResult['status'];
  score: number;
  maxScore: number;
  evidence?: string | undefined;
}

export interface TestChange {
  id: string;
  name: string;
  /** Absent: the test is new in the later run (or gone from it, for `after`). */
  before?: Verdict | undefined;
  after?: Verdict | undefined;
}

export interface SubmissionChange {
  name: string;
  before?: { score: number; maxScore: number } | undefined;
  after?: { score: number; maxScore: number } | undefined;
  /** The submission's files differ between the runs. */
  submissionChanged: boolean;
  tests: TestChange[];
  /**
   * Verdicts moved though the submission and the whole run are the same: the grader is not
   * deterministic for this submission. Never the student's doing.
   */
  determinismFault: boolean;
}

export interface RegradeDiff {
  /** The run's settings that differ (`version`, `limits`...), by RunIdentity's field names. */
  runFields: string[];
  /** The grader's files (and the private part's, `private/<name>`) that differ, with how. */
  files: { path: string; change: 'changed' | 'added' | 'removed' }[];
  /** True when the earlier run recorded no file hashes: that its grader changed is all that can be said. */
  filesUnknown: boolean;
  /** Every submission whose score or any verdict moved, in the later run's order. */
  submissions: SubmissionChange[];
  /** How many submissions the two runs share and graded alike. */
  unchanged: number;
}

const COMPARED_FIELDS: (keyof RunIdentity)[] = [
  'tool',
  'sources',
  'assignment',
  'version',
  'mode',
  'only',
  'limits',
  'secret',
];

const firstLine = (text: string | undefined): string | undefined => {
  const line = text?.split('\n')[0];
  return line === undefined ? undefined : line.length > 300 ? `${line.slice(0, 300)}...` : line;
};

const verdictOf = (test: TestResult): Verdict => ({
  status: test.status,
  score: test.score,
  maxScore: test.maxScore,
  ...(test.message === undefined ? {} : { evidence: firstLine(test.message) }),
});

const sameVerdict = (a: TestResult, b: TestResult) =>
  a.status === b.status && a.score === b.score && a.maxScore === b.maxScore && a.message === b.message;

/** Every test whose verdict moved between two reports of one submission, read from their data. */
export function changedTests(before: Report, after: Report): TestChange[] {
  const earlier = new Map(before.tests.map((test) => [test.id, test]));
  const later = new Map(after.tests.map((test) => [test.id, test]));
  const changes: TestChange[] = [];
  for (const test of after.tests) {
    const old = earlier.get(test.id);
    if (old !== undefined && sameVerdict(old, test)) continue;
    changes.push({
      id: test.id,
      name: test.name,
      ...(old === undefined ? {} : { before: verdictOf(old) }),
      after: verdictOf(test),
    });
  }
  for (const test of before.tests)
    if (!later.has(test.id)) changes.push({ id: test.id, name: test.name, before: verdictOf(test) });
  return changes;
}

/** The two runs compared: the earlier first. */
export function compareRuns(before: BatchFile, after: BatchFile): RegradeDiff {
  const runFields = COMPARED_FIELDS.filter(
    (field) => JSON.stringify(before.run[field]) !== JSON.stringify(after.run[field]),
  );
  const oldFiles = before.run.files;
  const newFiles = after.run.files ?? {};
  const files: RegradeDiff['files'] = [];
  if (oldFiles !== undefined) {
    for (const [path, hash] of Object.entries(newFiles)) {
      const old = oldFiles[path];
      if (old === undefined) files.push({ path, change: 'added' });
      else if (old !== hash) files.push({ path, change: 'changed' });
    }
    for (const path of Object.keys(oldFiles))
      if (!(path in newFiles)) files.push({ path, change: 'removed' });
    files.sort((a, b) => a.path.localeCompare(b.path));
  }
  // The run's report format and sharding change what is written, never a verdict.
  const runChanged = runFields.length > 0 || files.length > 0;
  const earlier = new Map(before.submissions.map((entry) => [entry.name, entry.report]));
  const submissions: SubmissionChange[] = [];
  let unchanged = 0;
  const names = [
    ...after.submissions.map((entry) => entry.name),
    ...before.submissions
      .map((entry) => entry.name)
      .filter((name) => !after.submissions.some((e) => e.name === name)),
  ];
  const later = new Map(after.submissions.map((entry) => [entry.name, entry.report]));
  for (const name of names) {
    const old = earlier.get(name);
    const now = later.get(name);
    const score = (report: Report | undefined) =>
      report === undefined ? undefined : { score: report.score, maxScore: report.maxScore };
    if (old === undefined || now === undefined) {
      submissions.push({
        name,
        before: score(old),
        after: score(now),
        submissionChanged: true,
        tests: [],
        determinismFault: false,
      });
      continue;
    }
    const tests = changedTests(old, now);
    if (tests.length === 0 && old.score === now.score && old.maxScore === now.maxScore) {
      unchanged++;
      continue;
    }
    const submissionChanged = old.submission.hash !== now.submission.hash;
    submissions.push({
      name,
      before: score(old),
      after: score(now),
      submissionChanged,
      tests,
      determinismFault: !submissionChanged && !runChanged,
    });
  }
  return { runFields, files, filesUnknown: oldFiles === undefined && runChanged, submissions, unchanged };
}

const scoreWords = (score: { score: number; maxScore: number } | undefined) =>
  score === undefined ? 'not graded' : `${points(score.score)}/${points(score.maxScore)}`;

const verdictWords = (verdict: Verdict | undefined) =>
  verdict === undefined
    ? '(no such test)'
    : `${verdict.status} ${points(verdict.score)}/${points(verdict.maxScore)}${verdict.evidence === undefined ? '' : `: ${verdict.evidence}`}`;

/** Why a submission's result moved, in words. */
export function whyWords(change: SubmissionChange, diff: RegradeDiff): string {
  if (change.determinismFault)
    return 'NEITHER the submission NOR the grader changed: a determinism fault of the grader';
  const reasons: string[] = [];
  if (change.submissionChanged) reasons.push('the submission changed');
  if (diff.runFields.length > 0 || diff.files.length > 0)
    reasons.push(
      diff.files.length > 0
        ? `the grader changed (${diff.files.length} file${diff.files.length === 1 ? '' : 's'})`
        : 'the grader changed',
    );
  return reasons.join(' and ');
}

/** The preview for people: what the grader changed, then every submission that moved and why. */
export function renderRegrade(diff: RegradeDiff): string {
  const out: string[] = [];
  if (diff.runFields.length === 0 && diff.files.length === 0)
    out.push('The grader and its settings are the same in both runs.');
  else {
    if (diff.runFields.length > 0) out.push(`Run settings that changed: ${diff.runFields.join(', ')}.`);
    if (diff.files.length > 0) {
      out.push('Grader files that changed:');
      for (const file of diff.files) out.push(`  ${file.change.padEnd(7)} ${file.path}`);
    } else if (diff.filesUnknown)
      out.push('(the earlier run recorded no file hashes: which files changed cannot be told)');
  }
  const faults = diff.submissions.filter((change) => change.determinismFault);
  if (faults.length > 0)
    out.push(
      '',
      `DETERMINISM FAULT: ${faults.length} submission${faults.length === 1 ? '' : 's'} graded differently with the same files by the same grader: ${faults.map((f) => f.name).join(', ')}`,
    );
  out.push(
    '',
    `${diff.submissions.length} submission${diff.submissions.length === 1 ? '' : 's'} moved, ${diff.unchanged} unchanged.`,
  );
  for (const change of diff.submissions) {
    out.push(
      '',
      `${change.name}: ${scoreWords(change.before)} -> ${scoreWords(change.after)} (${whyWords(change, diff)})`,
    );
    for (const test of change.tests) {
      out.push(
        `  ${test.name}`,
        `    before: ${verdictWords(test.before)}`,
        `    after:  ${verdictWords(test.after)}`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}
