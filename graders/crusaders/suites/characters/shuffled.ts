// The count model's command `shuffled()`: the count starts again from 0.
import { step } from '@pitboss/blackjack-kit/suites/strategy';
import fc from 'fast-check';
import type { CountModel } from './model.ts';
import { who } from './seats.ts';

export interface Shuffled {
  kind: 'shuffled';
}

export const shuffledArb: fc.Arbitrary<Shuffled> = fc.constant<Shuffled>({ kind: 'shuffled' });

export function runShuffled(model: CountModel): void {
  step(model.script, model.player, model.steps, 'shuffled()', 'shuffled', [], who(model.seat));
  model.oracle.shuffled();
  model.count = 0;
}
