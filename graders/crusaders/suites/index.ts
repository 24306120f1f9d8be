// Every unit test of the crusaders assignment; the harness child runs them against a staged submission.
// The deck and the hand are the classic ones: the same ADTs, the same tests.

import type { UnitTest } from '@pitboss/grader/kit';
import { deckTests } from '@pitboss/grader-classic/suites/deck';
import { handTests } from '@pitboss/grader-classic/suites/hand';
import { playerTests } from './player.ts';

export const unitTests: readonly UnitTest[] = [...deckTests, ...handTests, ...playerTests];
