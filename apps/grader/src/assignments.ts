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

/** The harness child's code for an assignment: the generic harness serving its unit tests. */
export function harnessBundle(assignment: Assignment): Promise<string> {
  const harness = join(REPO_ROOT, 'apps/grader/src/harness/child.ts');
  const source = [
    `import { serve } from ${JSON.stringify(harness)};`,
    `import { unitTests } from ${JSON.stringify(assignment.unitTestsModule)};`,
    'serve(unitTests);',
  ].join('\n');
  return bundleCached(`harness-${assignment.name}`, { source });
}

/** The child that runs a program's transcript cases, each in a realm of its own. */
export function programHarnessBundle(): Promise<string> {
  return bundleCached('program-harness', { file: join(REPO_ROOT, 'apps/grader/src/harness/program.ts') });
}
