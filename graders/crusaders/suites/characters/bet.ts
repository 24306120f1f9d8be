// The count model's command `bet(bankroll, minimum)`: judged against the oracle's bet at the same count.
import { minimumArb } from '@pitboss/blackjack-kit/arbitraries';
import { data, show } from '@pitboss/grader/kit';
import fc from 'fast-check';
import type { CountModel } from './model.ts';
import { signed, who } from './seats.ts';

export interface Bet {
  kind: 'bet';
  bankroll: number;
  minimum: number;
}

export const betArb: fc.Arbitrary<Bet> = fc
  .record({ minimum: minimumArb([5, 1, 10]), over: fc.constantFrom(0, -1, 1, 1000) })
  .map(
    // At 2 x minimum the bankroll covers a double; one less does not.
    ({ minimum, over }): Bet => ({ kind: 'bet', bankroll: Math.max(minimum, 2 * minimum + over), minimum }),
  );

export function runBet(model: CountModel, { bankroll, minimum }: Bet): void {
  const expected = model.oracle.bet(bankroll, minimum);
  const said = [...model.steps, `bet(${bankroll}, ${minimum})`].join('; ');
  const at = model.count;
  const whom = who(model.seat);
  model.script.call(model.player, 'bet', [data(bankroll), data(minimum)], {
    text: `${whom}: ${said}`,
    check: (got) =>
      got === expected
        ? undefined
        : `${whom}: ${said} returned ${show(got)}; expected ${expected} (count ${signed(at)})`,
  });
  model.steps.push(`bet(${bankroll}, ${minimum})`);
}
