// Without isolated-vm each run is a process of its own, running student code in a fresh `node:vm`
// context with the same library as an isolate (vm-engine.ts): a check gives the same verdicts, scores
// and words either way, for a correct, a wrong and a hostile submission.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pitboss, REPO_ROOT, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');

interface Verdict {
  id: string;
  status: string;
  score: number;
  message?: string;
}

/** Every test's verdict in a check's JSON report, wherever the report nests them. */
function verdicts(report: unknown): Verdict[] {
  const found: Verdict[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (typeof value === 'object' && value !== null) {
      const fields = value as Record<string, unknown>;
      if (typeof fields.id === 'string' && typeof fields.status === 'string' && 'score' in fields)
        found.push({
          id: fields.id,
          status: fields.status,
          score: fields.score as number,
          ...(typeof fields.message === 'string' ? { message: fields.message } : {}),
        });
      for (const item of Object.values(fields)) walk(item);
    }
  };
  walk(report);
  return found;
}

/** A check of a fresh copy of the fixture (a check leaves its state in the folder), with or without isolates. */
function check(fixture: string, isolates: boolean) {
  const dir = join(scratch(), fixture);
  cpSync(join(FIXTURES, fixture), dir, { recursive: true });
  const run = pitboss(['check', dir, '--format', 'json'], isolates ? {} : { PITBOSS_ISOLATES: 'off' });
  return { status: run.status, stderr: run.stderr, verdicts: verdicts(JSON.parse(run.stdout)) };
}

describe('without isolates, the same library in a process a run', () => {
  for (const fixture of ['correct-tested', 'wrong-ace-eleven-twice', 'hostile-globals']) {
    it(`${fixture}: the same verdicts, scores and words as with isolates`, { timeout: 300_000 }, () => {
      const withIsolates = check(fixture, true);
      const without = check(fixture, false);
      expect(withIsolates.verdicts.length).toBeGreaterThan(10);
      expect(without.verdicts).toEqual(withIsolates.verdicts);
      expect(without.status).toBe(withIsolates.status);
      // Said in one line, once.
      expect(without.stderr).toContain(
        'pitboss: WARNING: no isolates (PITBOSS_ISOLATES=off): each JavaScript run is a process of its own',
      );
    });
  }
});
