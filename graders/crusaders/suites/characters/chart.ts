// The basic strategy: every character plays it, whatever the count.
import { checkChart, countTo } from '@pitboss/blackjack-kit/suites/strategy';
import { runScripts, Script, type UnitTest } from '@pitboss/grader/kit';
import { get, SEATS, who } from './seats.ts';

/** The chart for every seat, at a count of 0 and at counts far either side: nobody's play follows the count. */
function chartScripts(soft: boolean): Script[] {
  return SEATS.map((seat) => {
    const script = new Script();
    const player = get(script, seat);
    for (const count of [0, 6, -6]) {
      const steps = countTo(script, player, count, who(seat));
      checkChart(script, player, `${who(seat)} after ${steps.join('; ')}`, soft);
    }
    return script;
  });
}

export const chartTests: UnitTest[] = [
  {
    id: 'player.draw-hard',
    name: 'Every character, at any count: every hard total against every up card follows the basic strategy',
    file: 'player.ts',
    async run(t) {
      await runScripts(t, chartScripts(false));
    },
  },
  {
    id: 'player.draw-soft',
    name: 'Every character, at any count: every soft total against every up card follows the basic strategy',
    file: 'player.ts',
    async run(t) {
      await runScripts(t, chartScripts(true));
    },
  },
];
