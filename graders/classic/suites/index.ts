// Every unit test of the classic assignment; the harness child runs them against a staged submission.
import type { UnitTest } from '@pitboss/grader/kit';
import { deckTests } from './deck.ts';
import { handTests } from './hand.ts';
import { playerTests } from './player.ts';

export const unitTests: readonly UnitTest[] = [...deckTests, ...handTests, ...playerTests];
