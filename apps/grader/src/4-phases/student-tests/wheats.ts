// The correct implementations a student's test must pass on to count (Examplar's wheats), besides
// the reference: the unit tests' reference, every correct-* fixture of the rule set that holds all
// the student files, and the instructor's private ones. Compiled once per run, each as the modules
// one run folder holds.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSubmission } from '../../1-submission/submission.ts';
import type { Modules } from '../../3-sandbox/door.ts';
import { stageSubmission } from '../../3-sandbox/door.ts';
import { privateWheats } from '../../assignment/private-part.ts';
import type { Assignment } from '../../kit/assignment.ts';
import { REPO_ROOT } from '../../plumbing/paths.ts';

/** The modules of a staged folder: `deck.mjs` -> `deck`. */
export function modulesOf(dir: string): Modules {
  const modules: Modules = {};
  for (const name of readdirSync(dir).sort())
    if (name.endsWith('.mjs')) modules[name.slice(0, -'.mjs'.length)] = readFileSync(join(dir, name), 'utf8');
  return modules;
}

/** Folders of correct implementations: the public fixtures (with every student file), then the private ones. */
export function wheatFolders(assignment: Assignment, privateDir: string | undefined): string[] {
  // A language edition's fixtures are a folder of their own: fixtures/submissions/classic-cpp.
  const language = assignment.native === undefined ? '' : `-${assignment.native.name}`;
  const fixtures = join(REPO_ROOT, 'fixtures/submissions', `${assignment.name}${language}`);
  const publicOnes = existsSync(fixtures)
    ? readdirSync(fixtures, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name.startsWith('correct-'))
        .map((entry) => join(fixtures, entry.name))
        .filter((dir) => assignment.studentFiles.every((file) => existsSync(join(dir, file.name))))
        .sort()
    : [];
  const privateOnes = privateWheats(privateDir).filter((dir) =>
    assignment.studentFiles.every((file) => existsSync(join(dir, file.name))),
  );
  return [...publicOnes, ...privateOnes];
}

const builds = new Map<string, Promise<Modules[]>>();

async function compileWheats(
  assignment: Assignment,
  shared: string,
  workRoot: string,
  privateDir: string | undefined,
): Promise<Modules[]> {
  const provided = modulesOf(join(shared, 'provided'));
  const wheats: Modules[] = [{ ...provided, ...modulesOf(join(shared, 'reference')) }];
  const work = mkdtempSync(join(workRoot, `wheats-${assignment.name}-`));
  for (const folder of wheatFolders(assignment, privateDir)) {
    const staging = await stageSubmission(
      assignment,
      readSubmission(assignment, folder),
      shared,
      mkdtempSync(join(work, 'wheat-')),
    );
    // A correct implementation that does not compile is the grader's own problem, never a student's.
    if (staging.problems.size > 0)
      throw new Error(`correct implementation ${folder}: ${[...staging.problems.values()].join('; ')}`);
    wheats.push(modulesOf(staging.stage('all')));
  }
  return wheats;
}

/** The wheats, compiled once per run (work root) whatever the number of submissions. */
export function wheatsFor(
  assignment: Assignment,
  shared: string,
  workRoot: string,
  privateDir: string | undefined,
): Promise<Modules[]> {
  const key = `${workRoot}\0${assignment.name}\0${privateDir ?? ''}`;
  let built = builds.get(key);
  if (built === undefined) {
    built = compileWheats(assignment, shared, workRoot, privateDir);
    builds.set(key, built);
  }
  return built;
}
