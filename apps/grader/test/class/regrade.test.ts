// A regrade previewed: which submissions a change moves, with the evidence before and after, and why.
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { planTests } from '../../src/2-plan/plan.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import {
  type BatchFile,
  canonicalJson,
  newBatch,
  type RunIdentity,
  writeBatchFiles,
} from '../../src/class/batch.ts';
import { readBatch } from '../../src/class/merge.ts';
import { compareRuns, renderRegrade } from '../../src/class/regrade.ts';
import { gradeSubmission } from '../../src/grade.ts';
import type { Assignment } from '../../src/kit/assignment.ts';
import { hashSourceFiles } from '../../src/plumbing/bundle.ts';
import { pitbossHere, REPO_ROOT, scratch, withBug } from '../support.ts';

const CLASSIC = join(REPO_ROOT, 'fixtures/submissions/classic');

let assignment: Assignment;
beforeAll(async () => {
  assignment = await loadAssignment('classic');
});

/** A class graded in this process with `rubricFile`, its batch written to a new folder. */
async function gradeClass(
  folders: readonly string[],
  rubricFile: string,
  files: Record<string, string>,
): Promise<string> {
  const graded = { ...assignment, rubricFile };
  const plan = planTests(graded);
  const workRoot = scratch();
  chmodSync(workRoot, 0o755);
  const reports: Report[] = [];
  for (const folder of folders) {
    reports.push(
      await gradeSubmission(graded, plan, folder, {
        mode: 'grade',
        workRoot,
        limiter: pLimit(2),
        limits: assignment.limits,
        // The ADTs' unit tests: enough to tell the submissions apart, in seconds.
        filter: (test) => test.kind === 'unit' && test.file === 'deck.ts',
      }),
    );
  }
  const run: RunIdentity = {
    tool: '0',
    sources: 'same',
    assignment: 'classic',
    version: '1',
    mode: 'grade',
    format: 'json',
    limits: {},
    secret: 'none',
    files,
  };
  const out = scratch();
  writeBatchFiles(
    out,
    newBatch(
      run,
      { index: 1, count: 1 },
      reports.length,
      reports.map((report, order) => ({ order, name: report.submission.name, report })),
    ),
  );
  return out;
}

describe('a regrade after one test of the rubric changed', () => {
  it('names exactly the submissions that test moves, the test, its old and new verdicts, and the file that changed', async () => {
    // A deck whose new order is by spot fails deck.new-order; the others pass it.
    const bySpot = withBug(
      'deck.ts',
      'for (let suit = 0; suit < 4; suit++) {\n    for (let spot = 0; spot < 13; spot++) {',
      'for (let spot = 0; spot < 13; spot++) {\n    for (let suit = 0; suit < 4; suit++) {',
    );
    const folders = [join(CLASSIC, 'correct-indexed'), bySpot, join(CLASSIC, 'wrong-shuffle-from-new-deck')];
    const rubric = JSON.parse(readFileSync(assignment.rubricFile, 'utf8')) as {
      tests: { match: string; points: number }[];
    };
    const changed = join(scratch(), 'rubric.json');
    writeFileSync(
      changed,
      JSON.stringify({
        ...rubric,
        tests: rubric.tests.map((entry) =>
          entry.match === 'deck.shuffle-after-deals' ? { ...entry, points: 0 } : entry,
        ),
      }),
    );
    const files = hashSourceFiles();
    const before = await gradeClass(folders, assignment.rubricFile, files);
    const after = await gradeClass(folders, changed, {
      ...files,
      'graders/classic/rubric.json': 'changed',
    });
    const diff = compareRuns(readBatch(before), readBatch(after));
    expect(diff.files).toEqual([{ path: 'graders/classic/rubric.json', change: 'changed' }]);
    // Every submission's maximum moves with the test's points; the verdicts move nowhere.
    expect(diff.submissions.map((change) => change.name)).toEqual([
      'correct-indexed',
      'bug-deck',
      'wrong-shuffle-from-new-deck',
    ]);
    for (const change of diff.submissions) {
      expect(change.tests.map((test) => test.id)).toEqual(['deck.shuffle-after-deals']);
      expect(change.determinismFault).toBe(false);
      expect(change.tests[0]!.after!.maxScore).toBe(0);
    }
    const wrong = diff.submissions.find((change) => change.name === 'wrong-shuffle-from-new-deck')!;
    expect(wrong.tests[0]!.before).toMatchObject({ status: 'failed', score: 0, maxScore: 4 });
    expect(wrong.tests[0]!.before!.evidence).toMatch(/\S/);
    expect(wrong.before!.maxScore - wrong.after!.maxScore).toBe(4);
    const text = renderRegrade(diff);
    expect(text).toContain('Grader files that changed:\n  changed graders/classic/rubric.json');
    expect(text).toContain('(the grader changed (1 file))');
  });
});

describe('pitboss grade --compare and pitboss compare', () => {
  it('names only the submission whose files changed, says so, and leaves the earlier folder as it was', async () => {
    const root = scratch();
    for (const name of ['correct-indexed', 'wrong-natural-rounds-up'])
      cpSync(join(CLASSIC, name), join(root, 'class', name), { recursive: true });
    const only = ['--only', 'transcript.edge'];
    const first = join(root, 'first');
    await pitbossHere(['grade', join(root, 'class'), '--out', first, ...only, '--format', 'json']);
    const earlier = readFileSync(join(first, 'pitboss-batch.json'), 'utf8');
    // The student fixes the natural's payout.
    writeFileSync(
      join(root, 'class/wrong-natural-rounds-up/blackjack.ts'),
      readFileSync(join(CLASSIC, 'correct-indexed/blackjack.ts'), 'utf8'),
    );
    const second = join(root, 'second');
    const run = await pitbossHere([
      'grade',
      join(root, 'class'),
      '--out',
      second,
      ...only,
      '--format',
      'json',
      '--compare',
      first,
      '--regrade-note',
      'Regraded after your fix',
    ]);
    expect(run.status).toBe(0);
    // Same grader, same settings: the unchanged submission is the earlier run's result, not graded again.
    expect(run.stderr).toContain(`pitboss: 1 graded, 1 unchanged since ${first} (same grader): reused\n`);
    expect(readFileSync(join(second, 'correct-indexed.json'), 'utf8')).toBe(
      readFileSync(join(first, 'correct-indexed.json'), 'utf8'),
    );
    // The student whose score moved is told, in their report; the other is not.
    const noteOf = (name: string) =>
      (JSON.parse(readFileSync(join(second, `${name}.json`), 'utf8')) as Report).notes ?? [];
    expect(noteOf('wrong-natural-rounds-up')).toEqual([
      expect.stringMatching(/^Regraded after your fix: your score went [\d.]+\/12 -> 12\/12$/),
    ]);
    expect(noteOf('correct-indexed')).toEqual([]);
    expect(readFileSync(join(second, 'wrong-natural-rounds-up.html'), 'utf8')).toContain(
      'Regraded after your fix: your score went',
    );
    expect(run.stdout).toContain('The grader and its settings are the same in both runs.');
    expect(run.stdout).toContain('1 submission moved, 1 unchanged.');
    expect(run.stdout).toMatch(
      /wrong-natural-rounds-up: [\d.]+\/[\d.]+ -> [\d.]+\/[\d.]+ \(the submission changed\)/,
    );
    const preview = run.stdout.slice(run.stdout.indexOf('Compared with'));
    expect(preview).not.toMatch(/correct-indexed: /);
    expect(readFileSync(join(first, 'pitboss-batch.json'), 'utf8')).toBe(earlier);

    const json = await pitbossHere(['compare', first, second, '--format', 'json']);
    expect(json.status).toBe(0);
    const diff = JSON.parse(json.stdout) as ReturnType<typeof compareRuns>;
    expect(diff.submissions.map((change) => [change.name, change.submissionChanged])).toEqual([
      ['wrong-natural-rounds-up', true],
    ]);
    expect(
      diff.submissions[0]!.tests.every(
        (test) => test.before?.status !== 'passed' && test.after?.status === 'passed',
      ),
    ).toBe(true);

    // The same folder twice is refused before anything is graded.
    const same = await pitbossHere(['grade', join(root, 'class'), '--out', first, '--compare', first]);
    expect(same.status).toBe(2);
    expect(same.stderr).toMatch(/--compare and --out name the same folder/);
    const none = await pitbossHere(['compare', join(root, 'class'), second]);
    expect(none.status).toBe(2);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('calls a moved verdict on the same files under the same grader a determinism fault, loudly', async () => {
    const root = scratch();
    cpSync(join(CLASSIC, 'correct-indexed'), join(root, 'class', 'correct-indexed'), { recursive: true });
    const first = join(root, 'first');
    await pitbossHere([
      'grade',
      join(root, 'class'),
      '--out',
      first,
      '--only',
      'deck.new-order',
      '--format',
      'json',
    ]);
    // The same run, its result changed where no grader would, and signed as the grader signs (with
    // the private part that graded it): what nondeterminism looks like.
    const second = join(root, 'second');
    cpSync(first, second, { recursive: true });
    const batch = readBatch(second);
    const test = batch.submissions[0]!.report!.tests[0]!;
    Object.assign(test, { status: 'failed', score: 0, message: 'line 1 differs' });
    writeBatchFiles(second, batch);
    const run = await pitbossHere(['compare', first, second]);
    expect(run.status).toBe(3);
    expect(run.stdout).toContain('DETERMINISM FAULT: 1 submission graded differently');
    expect(run.stdout).toContain('correct-indexed: ');
    expect(run.stderr).toMatch(/^pitboss: infrastructure error: determinism fault: correct-indexed/);
  });

  it('refuses an earlier run edited after grading (one line naming its file, exit 2), never a determinism fault', async () => {
    const root = scratch();
    cpSync(join(CLASSIC, 'correct-indexed'), join(root, 'class', 'correct-indexed'), { recursive: true });
    const only = ['--only', 'deck.new-order', '--format', 'json'];
    const first = join(root, 'first');
    await pitbossHere(['grade', join(root, 'class'), '--out', first, ...only]);
    const second = join(root, 'second');
    cpSync(first, second, { recursive: true });
    // Untouched, the two compare: nothing moved.
    const same = await pitbossHere(['compare', first, second]);
    expect(same.status).toBe(0);
    expect(same.stderr).toBe('');

    // Issue 29: one score edited by hand (the file's checksum left as it was) once read as nondeterminism.
    const forged = join(root, 'forged');
    cpSync(first, forged, { recursive: true });
    const file = join(forged, 'pitboss-batch.json');
    const batch = JSON.parse(readFileSync(file, 'utf8')) as BatchFile;
    Object.assign(batch.submissions[0]!.report!.tests[0]!, { status: 'failed', score: 0, message: 'x' });
    batch.submissions[0]!.report!.score = 0;
    writeFileSync(file, JSON.stringify(batch));
    const refused = await pitbossHere(['compare', forged, second]);
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `pitboss: ${forged}/pitboss-batch.json does not match its checksum (hmac-sha256, keyed by the instructor's private part): it was changed after grading\n`,
    );
    // Re-signed without the private part's key, it is still refused.
    batch.checksum = {
      algorithm: 'sha256',
      digest: createHash('sha256')
        .update(canonicalJson({ ...batch, checksum: undefined }))
        .digest('hex'),
    };
    writeFileSync(file, JSON.stringify(batch));
    expect((await pitbossHere(['compare', forged, second])).stderr).toMatch(/does not match its checksum/);

    // grade --compare refuses it before grading anything.
    const third = join(root, 'third');
    const regrade = await pitbossHere([
      'grade',
      join(root, 'class'),
      '--out',
      third,
      ...only,
      '--compare',
      forged,
    ]);
    expect(regrade.status).toBe(2);
    expect(regrade.stderr).toMatch(
      /\npitboss: .*forged\/pitboss-batch\.json does not match its checksum[^\n]*\n$/,
    );
    expect(existsSync(third)).toBe(false);
  });

  it('compares runs keyed by a private part that is not here with a note, and calls no determinism fault on them', async () => {
    const root = scratch();
    cpSync(join(CLASSIC, 'correct-indexed'), join(root, 'class', 'correct-indexed'), { recursive: true });
    // Another private part than the default: the course's, with a file of its own.
    const secret = join(root, 'private');
    cpSync(join(REPO_ROOT, 'instructor/classic'), secret, { recursive: true });
    writeFileSync(join(secret, 'notes.txt'), 'spring term\n');
    const first = join(root, 'first');
    const only = ['--only', 'deck.new-order', '--format', 'json', '--private', secret];
    expect((await pitbossHere(['grade', join(root, 'class'), '--out', first, ...only])).status).toBe(0);
    const second = join(root, 'second');
    cpSync(first, second, { recursive: true });
    // A verdict moved on the same files, signed with that private part: a determinism fault, if true.
    const batch = readBatch(second);
    Object.assign(batch.submissions[0]!.report!.tests[0]!, { status: 'failed', score: 0, message: 'x' });
    writeBatchFiles(second, batch, { privateDir: secret });

    // With the private part given, both checksums verify and the fault is called.
    const verified = await pitbossHere(['compare', first, second, '--private', secret]);
    expect(verified.status).toBe(3);
    expect(verified.stderr).toMatch(/^pitboss: infrastructure error: determinism fault: correct-indexed/);
    // Without it, neither can be verified: no fault is called on them.
    const unverified = await pitbossHere(['compare', first, second]);
    expect(unverified.status).toBe(2);
    expect(unverified.stdout).toBe('');
    expect(unverified.stderr).toBe(
      `pitboss: cannot verify the checksum of ${first}/pitboss-batch.json and ${second}/pitboss-batch.json (graded with an instructor's private part not found here), so a verdict that moved cannot be called a determinism fault: give that private part with --private\n`,
    );
    // Runs that agree are compared all the same, each unverified file noted.
    const same = await pitbossHere(['compare', first, first]);
    expect(same.status).toBe(0);
    expect(same.stdout).toContain('0 submissions moved, 1 unchanged.');
    expect(same.stderr.trim().split('\n')).toEqual([
      `pitboss: ${first}/pitboss-batch.json: checksum not verified (graded with an instructor's private part not found here)`,
      `pitboss: ${first}/pitboss-batch.json: checksum not verified (graded with an instructor's private part not found here)`,
    ]);
  });
});
