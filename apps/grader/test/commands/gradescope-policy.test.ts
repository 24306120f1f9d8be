// The rubric's submission policy (`submissions`: tokens that refill) as Gradescope runs it: the
// exported zip, its rubric given a policy as an instructor writes one, unpacked into a simulated
// /autograder with Gradescope's submission_metadata.json beside the submission, run_autograder run with
// bash. Past the limit the student keeps the score and the visible tests' feedback, the hidden tests'
// detail is held back, and the output says how many tokens are left and when the next comes back.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { pitboss, pitbossHere, REPO_ROOT, scratch } from '../support.ts';
import { readZip } from '../unzip.ts';

interface Test {
  name: string;
  number: string;
  score: number;
  max_score: number;
  status?: string;
  output: string;
  visibility: string;
}
interface Results {
  score?: number;
  output: string;
  tests: Test[];
  extra_data?: { pitboss?: Record<string, unknown> };
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validResults = ajv.compile(
  JSON.parse(readFileSync(join(REPO_ROOT, 'apps/grader/schema/gradescope-results.schema.json'), 'utf8')),
);
const validReport = ajv.compile(
  JSON.parse(readFileSync(join(REPO_ROOT, 'apps/grader/schema/report.schema.json'), 'utf8')),
);
const METADATA = join(REPO_ROOT, 'fixtures/gradescope');
const SUBMISSION = join(REPO_ROOT, 'fixtures/submissions/classic/wrong-shuffle-from-new-deck');
const POLICY = { tokens: 3, refill: '24h' };

const work = scratch();
const zipFile = join(work, 'autograder.zip');
const exported = pitboss(['export-gradescope', '--rules', 'classic', zipFile]);
const autograder = join(work, 'autograder');
const source = join(autograder, 'source');
const rubricFile = join(source, 'graders/classic/rubric.json');
const rubric = JSON.parse(readFileSync(join(REPO_ROOT, 'graders/classic/rubric.json'), 'utf8')) as object;

/** Unpacked, with the rubric given `submissions` as the instructor would before exporting. */
const unpacked = (async () => {
  if (exported.status !== 0) return;
  for (const entry of await readZip(zipFile)) {
    mkdirSync(dirname(join(source, entry.path)), { recursive: true });
    writeFileSync(join(source, entry.path), entry.data);
  }
  writeFileSync(rubricFile, JSON.stringify({ ...rubric, submissions: POLICY }, null, 2));
})();

/** Gradescope's run: the submission and its metadata in /autograder, run_autograder run with bash. */
function runAutograder(metadata: string) {
  for (const path of ['submission', 'results', 'submission_metadata.json'])
    rmSync(join(autograder, path), { recursive: true, force: true });
  cpSync(SUBMISSION, join(autograder, 'submission'), { recursive: true });
  cpSync(join(METADATA, metadata, 'submission_metadata.json'), join(autograder, 'submission_metadata.json'));
  const run = spawnSync('bash', [join(source, 'run_autograder')], {
    cwd: autograder,
    encoding: 'utf8',
    env: { ...process.env, PITBOSS_AUTOGRADER_ROOT: autograder, NO_COLOR: '1' },
  });
  const file = join(autograder, 'results/results.json');
  const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;
  return { status: run.status, stderr: run.stderr, results };
}

const sum = (tests: readonly Test[], key: 'score' | 'max_score') =>
  tests.reduce((total, test) => total + test[key], 0);
const hiddenTier = (results: Results) => results.tests.filter((test) => test.visibility !== 'visible');
/** The visible tests as a student reads them (`number` only orders them, and the held-back entries are fewer). */
const visibleTier = (results: Results) =>
  results.tests.filter((test) => test.visibility === 'visible').map(({ number: _number, ...test }) => test);

describe('run_autograder with a submission policy of 3 tokens, each back 24 hours after it was spent', () => {
  let within: Results | undefined;

  it('within the limit (one scored and one failed submission earlier that day): every hidden test told, a token spent, one left, the next back at an exact time', async () => {
    expect(exported.status).toBe(0);
    await unpacked;
    const run = runAutograder('within-the-limit');
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.status).toBe(0);
    within = run.results!;
    expect(validResults(within), ajv.errorsText(validResults.errors)).toBe(true);
    // The failed one (extra_data.pitboss.infrastructure) was refunded: 3 - 1 - this one = 1.
    expect(within.output).toContain(
      'This submission used a submission token: 1 of 3 submission tokens left; the next comes back at 2026-11-03T09:00:00.000Z.',
    );
    expect(within.extra_data?.pitboss?.tokens).toEqual({
      allowance: 3,
      spent: true,
      left: 1,
      nextAt: '2026-11-03T09:00:00.000Z',
    });
    expect(
      hiddenTier(within).filter((test) => /^[^:]*: hidden test \d+ \(/.test(test.name)).length,
    ).toBeGreaterThan(4);
    expect(hiddenTier(within).some((test) => test.status === 'failed')).toBe(true);
  });

  it('past the limit (three scored since 09:00 UTC, a fourth refunded): the same score and visible feedback, the hidden detail held back, no token left and when the next comes back', async () => {
    await unpacked;
    const run = runAutograder('past-the-limit');
    expect(run.status).toBe(0);
    const past = run.results!;
    expect(validResults(past), ajv.errorsText(validResults.errors)).toBe(true);
    expect(past.output).toContain(
      "No submission token was left: this submission is scored, with its visible tests' feedback, and its hidden tests' detail is held back. 0 of 3 submission tokens left; the next comes back at 2026-11-03T09:00:00.000Z.",
    );
    expect(past.extra_data?.pitboss?.tokens).toEqual({
      allowance: 3,
      spent: false,
      left: 0,
      nextAt: '2026-11-03T09:00:00.000Z',
    });
    expect(within).toBeDefined();
    const full = within!;
    // The score, and every visible test with its feedback, exactly as within the limit.
    expect(past.score).toBe(full.score);
    expect(sum(past.tests, 'score')).toBe(sum(full.tests, 'score'));
    expect(sum(past.tests, 'max_score')).toBe(sum(full.tests, 'max_score'));
    expect(visibleTier(past)).toEqual(visibleTier(full));
    // Each visibility's hidden tests are one entry, their points summed: which one failed is not told.
    const held = hiddenTier(past).filter((test) => test.name.includes('held back'));
    expect(held.map((test) => test.visibility).sort()).toEqual(['after_due_date', 'hidden']);
    for (const entry of held) {
      const tier = hiddenTier(full).filter(
        (test) => test.visibility === entry.visibility && !test.name.includes(': hint for '),
      );
      expect(entry.score).toBe(sum(tier, 'score'));
      expect(entry.max_score).toBe(sum(tier, 'max_score'));
    }
    expect(JSON.stringify(past)).not.toMatch(/hidden test \d+ \(/);
    // A visible test's hint that waits for the due date is visible feedback: it stays.
    const hints = (results: Results) =>
      hiddenTier(results)
        .filter((test) => test.name.includes(': hint for '))
        .map(({ number: _number, ...test }) => test);
    expect(hints(past).length).toBeGreaterThan(0);
    expect(hints(past)).toEqual(hints(full));
    expect(hiddenTier(past)).toHaveLength(held.length + hints(past).length);
  });

  it('the JSON report (schema-valid) and the human one say it too, from the same rubric', async () => {
    await unpacked;
    const metadata = join(METADATA, 'past-the-limit/submission_metadata.json');
    const gradeThere = (format: string) =>
      spawnSync(
        process.execPath,
        [
          join(source, 'apps/grader/dist/pitboss.mjs'),
          'grade',
          SUBMISSION,
          '--rules',
          'classic',
          '--view',
          'student',
          '--format',
          format,
          '--submission-metadata',
          metadata,
          '--only',
          'deck.new-order',
          'transcript.private.',
        ],
        { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
      );
    const json = gradeThere('json');
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as { tokens?: unknown; tests: { id: string }[] };
    expect(validReport(report), ajv.errorsText(validReport.errors)).toBe(true);
    expect(report.tokens).toEqual({
      allowance: 3,
      spent: false,
      left: 0,
      nextAt: '2026-11-03T09:00:00.000Z',
    });
    expect(report.tests.map((test) => test.id)).toEqual(['deck.new-order', 'hidden.held-back.hidden']);
    const human = gradeThere('human');
    expect(human.stdout).toContain(
      '0 of 3 submission tokens left; the next comes back at 2026-11-03T09:00:00.000Z.',
    );
  });

  it('a policy the rubric gets wrong stops every grading: exit status 2, one line saying where, no score', async () => {
    await unpacked;
    writeFileSync(rubricFile, JSON.stringify({ ...rubric, submissions: { tokens: 3, refill: 'daily' } }));
    try {
      const run = runAutograder('past-the-limit');
      expect(run.status).toBe(2);
      expect(run.results?.score).toBeUndefined();
      expect(run.results?.tests).toEqual([]);
      expect(run.stderr).toMatch(
        /^pitboss: rubric .*rubric\.json: \/submissions\/refill must match pattern/m,
      );
    } finally {
      writeFileSync(rubricFile, JSON.stringify({ ...rubric, submissions: POLICY }, null, 2));
    }
  });
});

describe('pitboss grade --submission-metadata', () => {
  const only = ['--only', 'deck.new-order', 'transcript.private.'];
  const grade = (extra: string[]) =>
    pitbossHere([
      'grade',
      SUBMISSION,
      '--rules',
      'classic',
      '--view',
      'student',
      '--format',
      'gradescope',
      ...only,
      ...extra,
    ]);

  it('changes nothing where the rubric declares no policy (a local run has no metadata at all)', async () => {
    const plain = await grade([]);
    const withMetadata = await grade([
      '--submission-metadata',
      join(METADATA, 'past-the-limit/submission_metadata.json'),
    ]);
    expect(plain.status).toBe(1);
    expect(withMetadata.status).toBe(1);
    expect(withMetadata.stdout).toBe(plain.stdout);
    expect(plain.stdout).not.toMatch(/token/);
  });

  it("refuses metadata that is not Gradescope's, and more than one submission: exit status 2, one line", async () => {
    const bad = join(scratch(), 'submission_metadata.json');
    writeFileSync(bad, JSON.stringify({ created_at: 'yesterday', previous_submissions: [] }));
    const refused = await grade(['--submission-metadata', bad]);
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^pitboss: submission metadata .*: \/created_at 'yesterday' is not an ISO time\n$/,
    );
    const two = await pitbossHere([
      'grade',
      SUBMISSION,
      join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested'),
      '--rules',
      'classic',
      '--submission-metadata',
      join(METADATA, 'past-the-limit/submission_metadata.json'),
    ]);
    expect(two.status).toBe(2);
    expect(two.stderr).toMatch(/^pitboss: --submission-metadata describes one submission.*\n$/);
  });
});
