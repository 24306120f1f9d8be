// `pitboss mutants`: the grader's self-check for one assignment (self-check/mutants.ts), and the corner
// coverage of its suites (self-check/coverage.ts): the situations each property must reach on its fixed seeds.
import { join } from 'node:path';
import pLimit from 'p-limit';
import { planTests } from '../2-plan/plan.ts';
import { sandboxSupport } from '../3-sandbox/door.ts';
import { editionIn, loadAssignment, solutionDirOf } from '../assignment/load.ts';
import { privateFolder, privateTranscriptCases } from '../assignment/private-part.ts';
import type { Assignment } from '../kit/assignment.ts';
import { readCatalogue } from '../mutants/catalogue.ts';
import { EXIT_FAILURES, EXIT_OK } from '../plumbing/errors.ts';
import { openWorkRoot } from '../plumbing/infrastructure.ts';
import { REPO_ROOT } from '../plumbing/paths.ts';
import { renderCoverage, shortfalls, suiteCoverage } from '../self-check/coverage.ts';
import { renderSelfCheck, selfCheck } from '../self-check/mutants.ts';
import type { Io } from './io.ts';

export interface MutantsFlags {
  assignment: string;
  private?: string | undefined;
  fixtures?: string | undefined;
  jobs: number;
  /** Only the corner coverage: classifies the suites' draws, runs no mutant and no fixture. */
  coverage?: boolean | undefined;
  /** The edition to check (`cpp`): its reference, its mutant catalogue, its fixtures. */
  language?: string | undefined;
}

export async function mutants(flags: MutantsFlags, io: Io): Promise<number> {
  return checkAssignment(editionIn(await loadAssignment(flags.assignment), flags.language), flags, io);
}

/** The self-check of a loaded assignment: its coverage first (cheap), then its mutants and fixtures. */
export async function checkAssignment(
  assignment: Assignment,
  flags: Omit<MutantsFlags, 'assignment'>,
  io: Io,
): Promise<number> {
  // The inputs first (a reference to check against, the catalogue, the rubric and its hints): a missing
  // or bad one stops with nothing printed.
  solutionDirOf(assignment);
  const secret = privateFolder(flags.private, assignment.name);
  const catalogue = readCatalogue(assignment, secret);
  const plan = planTests(assignment, catalogue, privateTranscriptCases(secret));
  const coverage = suiteCoverage(assignment);
  const covered = shortfalls(coverage).length === 0;
  io.stdout(
    `Corner coverage (situations each property reaches on its fixed seeds):\n${renderCoverage(coverage)}\n`,
  );
  if (flags.coverage === true) return covered ? EXIT_OK : EXIT_FAILURES;
  const work = openWorkRoot({ otherUser: sandboxSupport().layers.has('setpriv') });
  try {
    const check = await selfCheck({
      assignment,
      plan,
      mutants: catalogue,
      fixturesDir:
        flags.fixtures ??
        join(
          REPO_ROOT,
          'fixtures/submissions',
          // A language edition's fixtures are a folder of their own: classic-cpp.
          `${assignment.name}${assignment.native === undefined ? '' : `-${assignment.native.name}`}`,
        ),
      workRoot: work.path,
      limiter: pLimit(flags.jobs),
      limits: assignment.limits,
      jobs: flags.jobs,
    });
    io.stdout(renderSelfCheck(check));
    if (!covered) io.stdout('Some situations are below their floor (see the corner coverage above).\n');
    return check.ok && covered ? EXIT_OK : EXIT_FAILURES;
  } finally {
    work.remove();
  }
}
