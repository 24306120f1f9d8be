// What every edition's own tests do with its assignment: run its tests in this process on the
// reference, check them, and grade its solution with the built CLI (vitest's expect).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Assignment, localExec } from '@pitboss/grader/kit';
import { expect } from 'vitest';

/** Every unit test grades one of the student files, its id begins with that file's name, and no two share an id. */
export function expectTestsOfStudentFiles(assignment: Assignment): void {
  const files = new Set(assignment.studentFiles.map((file) => file.name));
  const ids = assignment.unitTests.map((test) => test.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const test of assignment.unitTests) {
    expect(files.has(test.file)).toBe(true);
    expect(test.id.startsWith(test.file.replace('.ts', '.'))).toBe(true);
  }
}

/** The reference laid out as a submission, in this process: card.ts and the adapters of `reference`. */
export function referenceExec(reference: Record<string, () => Promise<Record<string, unknown>>>) {
  const modules: Record<string, () => Promise<Record<string, unknown>>> = {
    'card.ts': () => import('@pitboss/deck'),
    ...reference,
  };
  // The executor run in this process, on the reference: the same calls, encoding and judging as a student's process.
  return localExec(['card.ts'], async (file) => {
    const module = modules[file];
    if (module === undefined) throw new Error(`no reference module for ${file}`);
    return module();
  });
}

interface Report {
  score: number;
  maxScore: number;
  tests: { id: string; status: string; message?: string }[];
}

/**
 * An edition's solution/ graded as a student's submission by the built pitboss CLI (`pnpm test` builds
 * it first): every unit test and every transcript case, hidden and generated ones too, at full marks.
 */
export function expectSolutionFullMarks(rules: string, solutionDir: string): void {
  const run = spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL('../../apps/grader/bin/pitboss.mjs', import.meta.url)),
      'grade',
      solutionDir,
      '--rules',
      rules,
      '--format',
      'json',
      '--only',
      'deck.',
      'hand.',
      'player.',
      'transcript.',
    ],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 },
  );
  const report = JSON.parse(run.stdout) as Report;
  const failing = report.tests.filter((test) => test.status !== 'passed');
  expect(failing).toEqual([]);
  expect(report.tests.some((test) => test.id.startsWith('transcript.generated.'))).toBe(true);
  expect(report.score).toBe(report.maxScore);
  expect(run.status).toBe(0);
}
