// The classic assignment's own unit tests: its player.ts is the one-player contract's Simple and
// Counting player, tested as every one-player edition's is. The kit adds the deck and hand tests.
import { playerTests } from '@pitboss/blackjack-kit/suites/players';
import type { UnitTest } from '@pitboss/grader/kit';

export const unitTests: readonly UnitTest[] = playerTests;
