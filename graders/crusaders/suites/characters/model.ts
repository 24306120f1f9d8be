// The running count, model-based: one sequence of commands (expose.ts, shuffled.ts, bet.ts) run against
// each of the student's characters and the reference's, which stands in for the model. A plain array of
// commands rather than fc.commands: its counterexamples replay from a shrink path alone
// (`pitboss check --replay`).
import { step } from '@pitboss/blackjack-kit/suites/strategy';
import { Script, type Slot } from '@pitboss/grader/kit';
import type { Character } from '@pitboss/player';
import { get, oracleFor, type Seat, who } from './seats.ts';

/** One character under the commands: the student's calls so far, and the reference's answers. */
export interface CountModel {
  seat: Seat;
  script: Script;
  player: Slot;
  oracle: Character;
  /** The calls so far, as the counterexample tells them. */
  steps: string[];
  /** The running count the calls so far make. */
  count: number;
}

/** A character fresh from getPlayer and a shuffle, beside a fresh reference character. */
export function countModel(seat: Seat): CountModel {
  const script = new Script();
  const model: CountModel = {
    seat,
    script,
    player: get(script, seat),
    oracle: oracleFor(seat),
    steps: [],
    count: 0,
  };
  step(script, model.player, model.steps, 'shuffled()', 'shuffled', [], who(seat));
  model.oracle.shuffled();
  return model;
}
