// `pitboss mutants`: the grader's self-check for one assignment (mutants/self-check.ts).
import { join } from 'node:path';
import pLimit from 'p-limit';
import { loadAssignment } from '../assignments.ts';
import { EXIT_FAILURES, EXIT_OK } from '../errors.ts';
import { openWorkRoot } from '../infrastructure.ts';
import { readCatalogue } from '../mutants/catalogue.ts';
import { renderSelfCheck, selfCheck } from '../mutants/self-check.ts';
import { REPO_ROOT } from '../paths.ts';
import { planTests } from '../plan.ts';
import { privateFolder, privateTranscriptCases } from '../private-part.ts';
import { sandboxSupport } from '../runner/sandbox.ts';
import type { Io } from './io.ts';

export interface MutantsFlags {
  assignment: string;
  private?: string | undefined;
  fixtures?: string | undefined;
  jobs: number;
}

export async function mutants(flags: MutantsFlags, io: Io): Promise<number> {
  const assignment = await loadAssignment(flags.assignment);
  const secret = privateFolder(flags.private, assignment.name);
  const catalogue = readCatalogue(assignment, secret);
  const work = openWorkRoot({ otherUser: sandboxSupport().layers.has('setpriv') });
  try {
    const check = await selfCheck({
      assignment,
      plan: planTests(assignment, catalogue, privateTranscriptCases(secret)),
      mutants: catalogue,
      fixturesDir: flags.fixtures ?? join(REPO_ROOT, 'fixtures/submissions', assignment.name),
      workRoot: work.path,
      limiter: pLimit(flags.jobs),
      limits: assignment.limits,
      jobs: flags.jobs,
    });
    io.stdout(renderSelfCheck(check));
    return check.ok ? EXIT_OK : EXIT_FAILURES;
  } finally {
    work.remove();
  }
}
