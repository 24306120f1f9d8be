// solution/ graded as a student's submission by the built pitboss CLI (`pnpm test` builds it first):
// every unit test and every transcript case, hidden and generated ones too, at full marks.
import { fileURLToPath } from 'node:url';
import { expectSolutionFullMarks } from '@pitboss/blackjack-kit/test-support';
import { describe, it } from 'vitest';

describe('solution/ under pitboss grade', () => {
  it('passes every unit test and transcript case, for full marks', () => {
    expectSolutionFullMarks('table', fileURLToPath(new URL('../solution', import.meta.url)));
  }, 180_000);
});
