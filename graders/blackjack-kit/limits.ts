// The limits of a Blackjack assignment's runs (every edition's programs and tests do the same work).
import type { Limits } from '@pitboss/grader/kit';

export const blackjackLimits: Limits = {
  testTimeoutMs: 20_000,
  programTimeoutMs: 10_000,
  heapMb: 512,
  outputBytes: 16 * 1024 * 1024,
  // Time all of a submission's runs may take, added up: about ten times a correct one's.
  budgetMs: 600_000,
};
