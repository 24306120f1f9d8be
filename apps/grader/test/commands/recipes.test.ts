// docs/github/student-check.yml and course-fixtures.yml run as GitHub Actions runs them: in a fresh
// workspace, every `run` step as written (bash --noprofile --norc -eo pipefail, in its
// working-directory, with the workflow's, job's and step's env, CI=true and GITHUB_STEP_SUMMARY), in
// order, a failed step stopping the job but for steps `if: always()`. What a `uses` step would do is
// done by hand, and only for actions that set up what this machine has:
// - actions/checkout: the course's repository is this working tree's files as a commit would hold them
//   (tracked and not ignored), copied; the student tool's repository is `pitboss export-student-tool`'s
//   folder; a student's repository is a fixture submission.
// - actions/setup-node: this machine's Node, whose major version must be the one the step asks for.
// - `npm install -g pnpm@10` (in a run step): a stand-in `npm` first on PATH that accepts exactly that
//   and checks this machine's pnpm is 10, so the global pnpm is left alone.
// - actions/upload-artifact: not uploaded; the folder it names must be there.
// Installs are offline (npm_config_offline), from this machine's pnpm store: a lockfile that asks for
// anything not in the project's lockfile fails here as it would fail on GitHub.
// docs/github/grade-class.yml's grade and merge steps are run by shards.test.ts; its install step is
// course-fixtures.yml's, run here.
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pitboss, REPO_ROOT, scratch } from '../support.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string | number>;
  'working-directory'?: string;
}
interface Job {
  if?: string;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  env?: Record<string, string>;
  on: Record<string, { inputs?: Record<string, { default: string }> } | null>;
  jobs: Record<string, Job>;
}

const read = (name: string) => parse(readFileSync(join(REPO_ROOT, 'docs/github', name), 'utf8')) as Workflow;

type Contexts = Record<string, Record<string, string>>;

/** `${{ a.b }}` as Actions evaluates it from the contexts given; anything else is refused. */
function substitute(text: string, contexts: Contexts): string {
  return text.replace(/\$\{\{\s*([\w-]+)\.([\w-]+)\s*\}\}/g, (whole, context: string, key: string) => {
    const value = contexts[context]?.[key];
    if (value === undefined) throw new Error(`no value for ${whole}`);
    return value;
  });
}

/** This machine's pnpm, as `npm install -g pnpm@10` would leave it; any other npm command fails. */
function npmStandIn(): string {
  const bin = join(scratch(), 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'npm'),
    `#!/bin/bash
[ "$*" = "install -g pnpm@10" ] || { echo "npm stand-in: only 'install -g pnpm@10', not '$*'" >&2; exit 1; }
case "$(pnpm --version)" in 10.*) exit 0 ;; *) echo "npm stand-in: this machine's pnpm is not 10" >&2; exit 1 ;; esac
`,
  );
  chmodSync(join(bin, 'npm'), 0o755);
  return bin;
}

/** This process's environment without what pnpm and npx set for their children. */
const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) =>
      !/^(npm|pnpm)_(config|package|lifecycle)_|^(npm_execpath|npm_node_execpath|INIT_CWD)$/i.test(name),
  ),
) as Record<string, string>;

interface StepRun {
  step: string;
  status: number | 'skipped';
  output: string;
}

/** A job's steps as a runner runs them in `workspace`; `uses` steps go to `uses` (see above). */
async function runJob(
  workflow: Workflow,
  job: Job,
  workspace: string,
  contexts: Contexts,
  uses: (step: Step) => void,
): Promise<{ steps: StepRun[]; summary: string }> {
  const bin = npmStandIn();
  const summary = join(scratch(), 'summary.md');
  writeFileSync(summary, '');
  const env = { ...(workflow.env ?? {}), ...(job.env ?? {}) };
  const steps: StepRun[] = [];
  let failed = false;
  for (const step of job.steps) {
    const name = step.name ?? step.uses ?? step.run!.split('\n')[0]!;
    if (step.if !== undefined && step.if !== 'always()') throw new Error(`no evaluation for if: ${step.if}`);
    if (failed && step.if !== 'always()') {
      steps.push({ step: name, status: 'skipped', output: '' });
      continue;
    }
    if (step.uses !== undefined) {
      uses(step);
      steps.push({ step: name, status: 0, output: '' });
      continue;
    }
    const stepEnv: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...env, ...(step.env ?? {}) }))
      stepEnv[key] = substitute(String(value), { ...contexts, env });
    const script = join(scratch(), 'step.sh');
    writeFileSync(script, substitute(step.run!, { ...contexts, env }));
    const result = await execa('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: join(workspace, step['working-directory'] ?? '.'),
      env: {
        ...baseEnv,
        PATH: `${bin}:${baseEnv.PATH}`,
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: workspace,
        GITHUB_STEP_SUMMARY: summary,
        NO_COLOR: '1',
        npm_config_offline: 'true',
        ...stepEnv,
      },
      extendEnv: false,
      all: true,
      reject: false,
    });
    steps.push({ step: name, status: result.exitCode ?? 1, output: String(result.all) });
    if (result.exitCode !== 0) failed = true;
  }
  return { steps, summary: readFileSync(summary, 'utf8') };
}

const statuses = (steps: readonly StepRun[]) => steps.map((s) => [s.step, s.status]);

/** setup-node: the Node asked for must be this one. */
function setupNode(step: Step): void {
  expect(step.uses).toMatch(/^actions\/setup-node@v\d+$/);
  expect(`${step.with?.['node-version']}`).toBe(process.versions.node.split('.')[0]);
}

describe('docs/github/student-check.yml, run as Actions runs it', { timeout: 600_000 }, () => {
  const workflow = read('student-check.yml');
  const job = workflow.jobs.check!;
  const tool = join(scratch(), 'tool');
  const exported = pitboss(['export-student-tool', tool]);

  /** A push to a student's repository holding `fixture`: the job, in a workspace of its own. */
  const push = async (fixture: string) => {
    const workspace = scratch();
    const uploads: string[] = [];
    const run = await runJob(workflow, job, workspace, {}, (step) => {
      if (step.uses!.startsWith('actions/checkout@v')) {
        const path = join(workspace, String(step.with?.path ?? '.'));
        if (step.with?.repository === undefined)
          cpSync(join(REPO_ROOT, 'fixtures/submissions/classic', fixture), path, { recursive: true });
        else {
          expect(substitute(String(step.with.repository), { env: workflow.env! })).toBe(
            workflow.env!.PITBOSS_REPOSITORY,
          );
          cpSync(tool, path, { recursive: true });
        }
      } else if (step.uses!.startsWith('actions/upload-artifact@v'))
        uploads.push(join(workspace, String(step.with!.path)));
      else setupNode(step);
    });
    return { ...run, uploads };
  };

  it('exports a tool with a lockfile', () => {
    expect(exported.status, exported.stderr).toBe(0);
    expect(readFileSync(join(tool, 'pnpm-lock.yaml'), 'utf8')).toMatch(/^lockfileVersion: /);
    // The job skips GitHub Classroom's own pushes, and runs for a student's.
    expect(job.if).toBe("github.actor != 'github-classroom[bot]'");
  });

  it('a correct submission: the tool installs from its lockfile, the check passes, the report is in the summary and uploaded', async () => {
    const { steps, summary, uploads } = await push('correct-tested');
    const install = steps.find((s) => s.step === 'Install pitboss')!;
    expect(install.status, install.output).toBe(0);
    expect(install.output).toContain('Lockfile is up to date');
    expect(
      statuses(steps).every(([, status]) => status === 0),
      JSON.stringify(steps, null, 1),
    ).toBe(true);
    expect(summary).toMatch(/^```\n[\s\S]*^Score (\d+)\/\1 /m);
    expect(uploads).toHaveLength(1);
    expect(existsSync(join(uploads[0]!, 'submission.html'))).toBe(true);
  });

  it('a wrong one: the check step fails the run, and the HTML report is still made and uploaded', async () => {
    const { steps, summary, uploads } = await push('wrong-shuffle-from-new-deck');
    expect(statuses(steps)).toEqual([
      ['actions/checkout@v4', 0],
      ['actions/checkout@v4', 0],
      ['actions/setup-node@v4', 0],
      ['Install pitboss', 0],
      ['pitboss check', 1],
      ['The report as HTML', 0],
      ['actions/upload-artifact@v4', 0],
    ]);
    expect(summary).toMatch(/FAIL /);
    expect(existsSync(join(uploads[0]!, 'submission.html'))).toBe(true);
  });
});

describe('docs/github/course-fixtures.yml, run as Actions runs it', { timeout: 600_000 }, () => {
  const workflow = read('course-fixtures.yml');
  const job = workflow.jobs.fixtures!;
  const inputs = workflow.on.workflow_dispatch!.inputs!;

  /** The course's repository as actions/checkout leaves it: the files a commit of this tree holds. */
  async function checkout(into: string): Promise<void> {
    const { stdout } = await execa('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: REPO_ROOT,
    });
    for (const file of stdout.split('\0').filter(Boolean))
      if (existsSync(join(REPO_ROOT, file))) cpSync(join(REPO_ROOT, file), join(into, file));
  }

  const workspace = scratch();
  const dispatch = (which: string) =>
    runJob(workflow, job, workspace, { inputs: { which } }, (step) => {
      if (step.uses!.startsWith('actions/checkout@v')) return;
      setupNode(step);
    });

  it('installs the project in a fresh checkout and checks the rule set dispatched: green', async () => {
    await checkout(workspace);
    expect(inputs.which!.default).toBe('');
    const { steps, summary } = await dispatch('classic');
    expect(steps.find((s) => s.step === 'Install pitboss')!.status).toBe(0);
    const check = steps.find((s) => s.step === 'pnpm fixtures:check')!;
    expect(check, check.output).toMatchObject({ status: 0 });
    expect(summary).toMatch(/^all \d+ transcripts match the reference CLI$/m);
  });

  it('a golden the reference no longer prints turns the run red, naming it and the line', async () => {
    const golden = join(workspace, 'fixtures/transcripts/classic/100_3_simple.txt');
    writeFileSync(golden, readFileSync(golden, 'utf8').replace(/\n(.*)\n/, '\n$1 (edited)\n'));
    const { steps, summary } = await dispatch('fixtures/transcripts/classic/100_3_simple');
    expect(statuses(steps).at(-1)).toEqual(['pnpm fixtures:check', 1]);
    expect(summary).toMatch(
      /^FAIL fixtures\/transcripts\/classic\/100_3_simple\.txt: line 2: expected .* \(edited\)", got /m,
    );
    const unknown = await dispatch('clasic');
    expect(statuses(unknown.steps).at(-1)).toEqual(['pnpm fixtures:check', 2]);
    expect(unknown.steps.at(-1)!.output).toContain("fixtures: no transcript folder or case 'clasic'");
  });
});
