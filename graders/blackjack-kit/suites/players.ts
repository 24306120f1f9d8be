// The Simple and Counting players of the one-player editions (classic, minbet): the student's
// player.ts (getSimple and getCounting), the reference players as the oracle (run here, in the grader).
// A player's draw() gets a hand that reports the reference's value, as the course linked players with
// the reference Hand.
import { type Card, cardName } from '@pitboss/deck';
import {
  checkProperty,
  covers,
  data,
  runScripts,
  Script,
  type Slot,
  show,
  type UnitTest,
} from '@pitboss/grader/kit';
import { CountingPlayer } from '@pitboss/player';
import fc from 'fast-check';
import { cardArb, minimumArb } from '../arbitraries.ts';
import { checkChart, countTo, playerStep, step } from './strategy.ts';

type Factory = 'getSimple' | 'getCounting';

/** `getSimple()` or `getCounting()` as a step: it must return a player object. */
const get = (script: Script, factory: Factory): Slot => playerStep(script, factory, [], `${factory}()`);

type Event = { kind: 'expose'; card: Card } | { kind: 'shuffled' };
const eventArb: fc.Arbitrary<Event> = fc.oneof(
  { weight: 12, arbitrary: cardArb.map((card) => ({ kind: 'expose' as const, card })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'shuffled' as const }) },
);

const playersMinimumArb = minimumArb([1, 5, 10]);

function replay(script: Script, player: Slot, event: Event, steps: string[]): void {
  if (event.kind === 'shuffled') step(script, player, steps, 'shuffled()', 'shuffled');
  else step(script, player, steps, `expose(${cardName(event.card)})`, 'expose', [event.card]);
}

/** A bet as a step (`text` is the situation up to the call), judged against the expected amount. */
function bet(script: Script, player: Slot, text: string, args: [number, number], expected: number): void {
  script.call(player, 'bet', args.map(data), {
    text,
    check: (got) => (got === expected ? undefined : `${text} returned ${show(got)}; expected ${expected}`),
  });
}

const simpleBetArb = fc.record({
  events: fc.array(eventArb, { maxLength: 30 }),
  minimum: playersMinimumArb,
  extra: fc.nat(5000),
});
const countingCountArb = fc.record({
  events: fc.array(eventArb, { minLength: 1, maxLength: 40 }),
  minimum: playersMinimumArb,
});

/** The reference Counting player's bets after each event, the bankroll twice the minimum (as the test bets). */
function countingBets({ events, minimum }: { events: readonly Event[]; minimum: number }): number[] {
  const oracle = new CountingPlayer();
  oracle.shuffled();
  return events.map((event) => {
    if (event.kind === 'shuffled') oracle.shuffled();
    else oracle.expose(event.card);
    return oracle.bet(2 * minimum, minimum);
  });
}

const withPlayer = (factory: Factory, fill: (script: Script, player: Slot) => void): Script => {
  const script = new Script();
  fill(script, get(script, factory));
  return script;
};

export const playerTests: UnitTest[] = [
  {
    id: 'player.simple-hard',
    name: 'Simple: every hard total against every up card follows the basic strategy',
    file: 'player.ts',
    async run(t) {
      await runScripts(t, [
        withPlayer('getSimple', (script, player) => checkChart(script, player, 'Simple player', false)),
      ]);
    },
  },
  {
    id: 'player.simple-soft',
    name: 'Simple: every soft total against every up card follows the basic strategy',
    file: 'player.ts',
    async run(t) {
      await runScripts(t, [
        withPlayer('getSimple', (script, player) => checkChart(script, player, 'Simple player', true)),
      ]);
    },
  },
  {
    id: 'player.simple-bet',
    name: 'Simple: bets the minimum whatever it has seen',
    file: 'player.ts',
    coverage: covers(simpleBetArb, [
      {
        name: 'a bet at the minimum of the whole bankroll (extra 0)',
        floor: 1,
        reached: ({ extra }) => extra === 0,
      },
      { name: 'a minimum of 1', floor: 3, reached: ({ minimum }) => minimum === 1 },
    ]),
    async run(t) {
      await checkProperty(t, simpleBetArb, ({ events, minimum, extra }) =>
        withPlayer('getSimple', (script, player) => {
          const steps = ['getSimple()'];
          for (const event of events) replay(script, player, event, steps);
          bet(
            script,
            player,
            `${steps.join('; ')}; bet(${minimum + extra}, ${minimum})`,
            [minimum + extra, minimum],
            minimum,
          );
        }),
      );
    },
  },
  {
    id: 'player.counting-draw',
    name: 'Counting: plays exactly like Simple, whatever the count',
    file: 'player.ts',
    async run(t) {
      await runScripts(t, [
        withPlayer('getCounting', (script, player) => {
          for (const count of [0, 6, -6]) {
            const steps = countTo(script, player, count);
            const who = `Counting player after ${steps.join('; ')}`;
            checkChart(script, player, who, false);
            checkChart(script, player, who, true);
          }
        }),
      ]);
    },
  },
  {
    id: 'player.counting-count',
    name: 'Counting: the running count (+1 Two..Six, -1 Ten..Ace, 0 on shuffled) decides the bet',
    file: 'player.ts',
    coverage: covers(countingCountArb, [
      {
        name: 'the count crosses the bet threshold (a doubled bet after one at the minimum)',
        floor: 10,
        reached: (drawn) =>
          countingBets(drawn).some(
            (wager, i, bets) => i > 0 && wager > drawn.minimum && bets[i - 1] === drawn.minimum,
          ),
      },
      {
        name: 'the count falls back below it (a bet at the minimum after a doubled one)',
        floor: 5,
        reached: (drawn) =>
          countingBets(drawn).some(
            (wager, i, bets) => i > 0 && wager === drawn.minimum && bets[i - 1]! > drawn.minimum,
          ),
      },
      {
        name: 'a bet of the whole bankroll (doubled at twice the minimum)',
        floor: 10,
        reached: (drawn) => countingBets(drawn).some((wager) => wager === 2 * drawn.minimum),
      },
      {
        name: 'a shuffle resets a count of +2 or more',
        floor: 3,
        reached: (drawn) =>
          drawn.events.some(
            (event, i) =>
              event.kind === 'shuffled' &&
              i > 0 &&
              countingBets({ ...drawn, events: drawn.events.slice(0, i) }).at(-1)! > drawn.minimum,
          ),
      },
    ]),
    async run(t) {
      await checkProperty(t, countingCountArb, ({ events, minimum }) =>
        withPlayer('getCounting', (script, player) => {
          const oracle = new CountingPlayer();
          const bankroll = 2 * minimum;
          const steps = ['getCounting()'];
          replay(script, player, { kind: 'shuffled' }, steps);
          for (const event of events) {
            replay(script, player, event, steps);
            if (event.kind === 'shuffled') oracle.shuffled();
            else oracle.expose(event.card);
            bet(
              script,
              player,
              `${steps.join('; ')}; bet(${bankroll}, ${minimum})`,
              [bankroll, minimum],
              oracle.bet(bankroll, minimum),
            );
          }
        }),
      );
    },
  },
  {
    id: 'player.counting-bet-boundary',
    name: 'Counting: doubles only with count >= +2 and bankroll >= 2 x minimum (2 x minimum - 1 is not enough)',
    file: 'player.ts',
    async run(t) {
      await runScripts(t, [
        withPlayer('getCounting', (script, player) => {
          for (const minimum of [1, 2, 5, 10, 25]) {
            for (const count of [-3, 0, 1, 2, 3, 7]) {
              for (const bankroll of [
                minimum,
                2 * minimum - 1,
                2 * minimum,
                2 * minimum + 1,
                100 * minimum,
              ]) {
                if (bankroll < minimum) continue;
                const steps = countTo(script, player, count);
                const expected = count >= 2 && bankroll >= 2 * minimum ? 2 * minimum : minimum;
                const situation = `Counting player after ${steps.join('; ')} (count ${count >= 0 ? '+' : ''}${count}): bet(${bankroll}, ${minimum})`;
                bet(script, player, situation, [bankroll, minimum], expected);
              }
            }
          }
        }),
      ]);
    },
  },
  {
    id: 'player.instances',
    name: 'getSimple() and getCounting() each return one shared instance',
    file: 'player.ts',
    async run(t) {
      const script = new Script();
      const simple = get(script, 'getSimple');
      const counting = get(script, 'getCounting');
      script.same(simple, get(script, 'getSimple'), 'getSimple() twice', (same) =>
        same ? undefined : 'getSimple() returned a different object on its second call',
      );
      script.same(counting, get(script, 'getCounting'), 'getCounting() twice', (same) =>
        same ? undefined : 'getCounting() returned a different object on its second call',
      );
      script.same(simple, counting, 'getSimple() and getCounting()', (same) =>
        same ? 'getSimple() and getCounting() returned the same object' : undefined,
      );
      await runScripts(t, [script]);
    },
  },
];
