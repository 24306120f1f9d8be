import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { TestResult } from '../src/0-results/test.ts';
import { runPitboss } from '../src/commands/cli.ts';

export const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
export const CORRECT = join(REPO_ROOT, 'fixtures/submissions/classic/correct-indexed');
const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A command run in this process, as `runPitboss` runs it for the CLI (no colour, output captured). */
export async function pitbossHere(args: readonly string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const status = await runPitboss(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    color: false,
  });
  return { status, stdout, stderr };
}

/** A command run as its own process, through the built CLI, as a user runs it. */
export function pitboss(args: readonly string[], env: NodeJS.ProcessEnv = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    maxBuffer: 1 << 26,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const scratches: string[] = [];
// Every test file that uses scratch folders removes them when its tests are done.
afterAll(() => {
  for (const folder of scratches.splice(0)) rmSync(folder, { recursive: true, force: true });
});

export const scratch = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'pitboss-test-'));
  scratches.push(folder);
  return folder;
};

/** A copy of the correct submission with one edit: `find` must occur in `file` exactly once. */
export function withBug(file: string, find: string, replace: string): string {
  const dir = join(scratch(), `bug-${file.replace('.ts', '')}`);
  cpSync(CORRECT, dir, { recursive: true });
  const path = join(dir, file);
  const source = readFileSync(path, 'utf8');
  if (source.split(find).length !== 2) throw new Error(`'${find}' is not in ${file} exactly once`);
  writeFileSync(path, source.replace(find, replace));
  return dir;
}

/** `--only` prefixes for every test of the implementation (not the student-tests part). */
export const IMPLEMENTATION = ['deck.', 'hand.', 'player.', 'transcript.'];

export const json = <T>(run: Run): T => JSON.parse(run.stdout) as T;

/** A test's result, passed and worth a point unless `fields` say otherwise: for reports made by hand. */
export const testResult = (fields: Partial<TestResult> & Pick<TestResult, 'id' | 'name'>): TestResult => ({
  file: 'deck.ts',
  kind: 'unit',
  visibility: 'visible',
  status: 'passed',
  score: 1,
  maxScore: 1,
  ...fields,
});
