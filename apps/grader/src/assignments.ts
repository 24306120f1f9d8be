// Assignments are folders under graders/: each has an index.ts exporting `assignment`.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleCached, REPO_ROOT } from './bundle.ts';
import { PitbossError } from './errors.ts';
import type { Assignment } from './kit/assignment.ts';

export const GRADERS_ROOT = join(REPO_ROOT, 'graders');

export function assignmentNames(): string[] {
  if (!existsSync(GRADERS_ROOT)) return [];
  return readdirSync(GRADERS_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(GRADERS_ROOT, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

const loaded = new Map<string, Promise<Assignment>>();

export function loadAssignment(name: string): Promise<Assignment> {
  const names = assignmentNames();
  if (!names.includes(name)) {
    throw new PitbossError('UNKNOWN_RULES', `unknown rule set '${name}' (expected ${names.join(', ')})`);
  }
  let assignment = loaded.get(name);
  if (assignment === undefined) {
    assignment = (async () => {
      const file = await bundleCached(`assignment-${name}`, { file: join(GRADERS_ROOT, name, 'index.ts') });
      const module = (await import(pathToFileURL(file).href)) as { assignment?: Assignment };
      if (module.assignment?.name !== name) {
        throw new PitbossError(
          'BAD_ASSIGNMENT',
          `graders/${name}/index.ts must export an assignment named '${name}'`,
        );
      }
      return module.assignment;
    })();
    loaded.set(name, assignment);
  }
  return assignment;
}

/** The child that runs students' own tests (node:test emulated, modules linked per run). */
export function studentTestsBundle(): Promise<string> {
  return bundleCached('student-tests', { file: join(REPO_ROOT, 'apps/grader/src/student-tests/child.ts') });
}

/**
 * The executor: the one script that runs beside a student's modules in unit tests. It is the same for
 * every assignment and holds no test and no reference: those stay in the grader's process.
 */
export function executorBundle(): Promise<string> {
  return bundleCached('executor', { file: join(REPO_ROOT, 'apps/grader/src/harness/executor.ts') });
}

/**
 * The assignment's reference as a standalone submission; the student tool has none, and what needs
 * it (mutants, students' tests against them, the self-check) says so instead of grading.
 */
export function solutionDirOf(assignment: Assignment): string {
  if (assignment.solutionDir === undefined) {
    throw new PitbossError(
      'NO_REFERENCE',
      `this copy of ${assignment.name} holds no reference solution (a student tool): mutants and the self-check run where the grader is installed`,
    );
  }
  return assignment.solutionDir;
}
