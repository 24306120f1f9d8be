// docs/github/grade-class.yml run here as GitHub Actions runs it: its matrix's shard jobs, each in a
// fresh workspace, run the workflow's own grade script; each shard folder goes over as its artifact
// would (hidden files left out, into shards/<artifact name>/); the merge job runs the workflow's merge
// script. The merged class folder must be byte for byte what one `pitboss grade --out` writes.
// Steps that need a runner (checkout, setup-node, apt-get, install) are not run: the workspace is this
// checkout, installed. Every `run` step that calls pitboss is run, as written.
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, scratch } from '../support.ts';

interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Job {
  needs?: string;
  strategy?: { matrix: Record<string, number[]> };
  steps: Step[];
}
interface Workflow {
  on: { workflow_dispatch: { inputs: Record<string, { default: string }> } };
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync(join(REPO_ROOT, 'docs/github/grade-class.yml'), 'utf8')) as Workflow;

// A small class: two right, three wrong, graded on a few tests so that six runs stay quick.
const NAMES = [
  'correct-indexed',
  'correct-tested',
  'wrong-ace-eleven-twice',
  'wrong-dealer-hits-soft-17',
  'wrong-hands-count-off-by-one',
];
// The workflow's `options` input, as an instructor would type it in "Run workflow".
const OPTIONS =
  '--jobs 1 --only deck.new-order deck.model transcript.course.own:100_3_simple mutant.public.deck';

/** `${{ a.b }}` references as Actions evaluates them, from the contexts given; anything else is refused. */
function substitute(text: string, contexts: Record<string, Record<string, string | number>>): string {
  return text.replace(/\$\{\{\s*([\w-]+)\.([\w-]+)\s*\}\}/g, (whole, context: string, key: string) => {
    const value = contexts[context]?.[key];
    if (value === undefined) throw new Error(`no value for ${whole}`);
    return String(value);
  });
}

/** What a finished process left: its status and what it printed. */
interface Run {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
}
const finished = async (
  child: Promise<{ exitCode?: number | undefined; stdout: unknown; stderr: unknown }>,
) => {
  const { exitCode, stdout, stderr } = await child;
  return { exitCode, stdout: String(stdout), stderr: String(stderr) } satisfies Run;
};

/** A runner's workspace after checkout and install: this checkout's project files, linked. */
function workspace(): string {
  const dir = scratch();
  for (const name of ['package.json', 'pnpm-workspace.yaml', 'node_modules', 'apps', 'packages', 'graders'])
    symlinkSync(join(REPO_ROOT, name), join(dir, name));
  return dir;
}

/** A step's `run` script as Actions runs it on Linux: bash -e -o pipefail, in the workspace. */
function runStep(
  step: Step,
  dir: string,
  contexts: Record<string, Record<string, string | number>>,
): Promise<Run> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(step.env ?? {})) env[name] = substitute(value, contexts);
  const script = join(dir, '.step.sh');
  writeFileSync(script, substitute(step.run ?? '', contexts));
  return finished(
    execa('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: dir,
      env: { NO_COLOR: '1', GITHUB_STEP_SUMMARY: join(dir, '.summary.md'), ...env },
      reject: false,
    }),
  );
}

/** Every file under a folder but hidden ones (the result store), by path. */
const files = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter(
        (name) => !name.split('/').some((part) => part.startsWith('.')) && statSync(join(dir, name)).isFile(),
      )
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

/** What upload-artifact keeps of a folder (no hidden files), and download-artifact lays down. */
function carry(from: string, to: string): void {
  for (const name of Object.keys(files(from))) {
    mkdirSync(join(to, name, '..'), { recursive: true });
    cpSync(join(from, name), join(to, name));
  }
}

const glob = (pattern: string) => new RegExp(`^${pattern.replaceAll('*', '[^/]*')}$`);
const pitbossStep = (job: Job, command: string) => {
  const step = job.steps.find((s) => s.run?.includes(`pitboss ${command} `));
  if (step === undefined) throw new Error(`no step runs pitboss ${command}`);
  return step;
};

describe('docs/github/grade-class.yml, run as Actions runs it', () => {
  const grade = workflow.jobs.grade!;
  const merge = workflow.jobs.merge!;
  const shards = grade.strategy!.matrix.shard!;
  const inputs: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(workflow.on.workflow_dispatch.inputs).map(([k, v]) => [k, v.default]),
    ),
    options: OPTIONS,
  };
  const submissions = inputs.submissions!;
  const matrixEntry = (shard: number, more: Record<string, string> = {}) => ({
    matrix: { shard },
    strategy: { 'job-total': shards.length },
    inputs: { ...inputs, ...more },
  });
  // A grading job's workspace: the checkout with the repository's submissions folder (the input's default).
  const gradingWorkspace = () => {
    const dir = workspace();
    for (const name of NAMES)
      cpSync(join(REPO_ROOT, 'fixtures/submissions/classic', name), join(dir, submissions, name), {
        recursive: true,
      });
    return dir;
  };
  const download = merge.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))!;
  const mergeUpload = merge.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
  /** The merge job in a fresh workspace, given the artifacts: downloaded as the workflow says, then merged. */
  const mergeJob = async (artifacts: ReadonlyMap<string, string>) => {
    const dir = workspace();
    for (const [name, folder] of artifacts)
      if (glob(download.with!.pattern!).test(name)) carry(folder, join(dir, download.with!.path!, name));
    return { dir, run: await runStep(pitbossStep(merge, 'merge'), dir, { inputs }) };
  };

  const artifacts = new Map<string, string>();
  let shardRuns: Run[] = [];
  let merged: { dir: string; run: Run };
  let one: Run;
  const oneDir = gradingWorkspace();

  beforeAll(async () => {
    // The matrix's jobs run at once, each in its own workspace; beside them, one run over the class.
    const jobs = shards.map(async (shard) => {
      const dir = gradingWorkspace();
      const contexts = matrixEntry(shard);
      const run = await runStep(pitbossStep(grade, 'grade'), dir, contexts);
      for (const upload of grade.steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@')))
        artifacts.set(
          substitute(upload.with!.name!, contexts),
          join(dir, substitute(upload.with!.path!, contexts)),
        );
      return run;
    });
    const single = finished(
      execa(
        process.execPath,
        [
          join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs'),
          'grade',
          submissions,
          '--out',
          'one',
          ...OPTIONS.split(' '),
        ],
        { cwd: oneDir, env: { NO_COLOR: '1' }, reject: false },
      ),
    );
    shardRuns = await Promise.all(jobs);
    one = await single;
    // `needs: grade`: the merge job starts when every shard's job is done.
    merged = await mergeJob(artifacts);
  }, 600_000);

  it('runs one job per shard of the matrix, each grading its share and passing', () => {
    expect(merge.needs).toBe('grade');
    expect(shards.length).toBeGreaterThan(1);
    for (const [i, run] of shardRuns.entries()) {
      expect(run.exitCode, String(run.stderr)).toBe(0);
      const share = NAMES.filter((_, n) => n % shards.length === i).length;
      expect(run.stderr).toContain(
        `shard ${i + 1}/${shards.length}: ${share} of ${NAMES.length} submissions`,
      );
    }
    expect([...artifacts.keys()].sort()).toEqual(shards.map((shard) => `shard-${shard}`).sort());
  });

  it('merges the downloaded shards into the folder it uploads, byte for byte one run over the class', () => {
    expect(one.exitCode, String(one.stderr)).toBe(1);
    expect(merged.run.exitCode, String(merged.run.stderr)).toBe(0);
    expect(merged.run.stderr).toContain(`merged ${NAMES.length} submissions from ${shards.length} folders`);
    const mergedFiles = files(join(merged.dir, mergeUpload.with!.path!));
    const single = files(join(oneDir, 'one'));
    expect(Object.keys(mergedFiles)).toContain('gradebook.csv');
    expect(Object.keys(mergedFiles)).toEqual(Object.keys(single));
    // By name, so that a difference names the files rather than printing them whole.
    expect(Object.keys(single).filter((name) => mergedFiles[name] !== single[name])).toEqual([]);
    expect(readFileSync(join(merged.dir, '.summary.md'), 'utf8')).toContain('class-report');
  });

  it('fails the merge step when a shard is missing (status 2), not for lost points (status 1)', async () => {
    const last = `shard-${shards.at(-1)}`;
    const { run } = await mergeJob(new Map([...artifacts].filter(([name]) => name !== last)));
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`have no result here`);
    expect(run.stderr).toContain(`(missing: ${shards.length}/${shards.length})`);
  });

  it("fails the shard's step on a usage error (status 2)", async () => {
    const run = await runStep(
      pitbossStep(grade, 'grade'),
      workspace(),
      matrixEntry(1, { options: '--jobs 0' }),
    );
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/^pitboss: .*--jobs/m);
  });
});
