// Players: the student's player.ts, tested with the reference Hand (as the course linked them),
// the reference players as the oracle.
import { type Card, cardName } from '@pitboss/deck';
import {
  attempt,
  checkProperty,
  fail,
  requireExport,
  show,
  type TestContext,
  TestFailure,
  threw,
  type UnitTest,
} from '@pitboss/grader/kit';
import { CountingPlayer, type Player } from '@pitboss/player';
import fc from 'fast-check';
import { checkChart, countTo, step } from './strategy.ts';
import { cardArb } from './words.ts';

type Factory = () => Player;
interface Loaded {
  getSimple: Factory;
  getCounting: Factory;
}

async function loadPlayers(t: TestContext): Promise<Loaded> {
  const module = await t.load('player.ts');
  return {
    getSimple: requireExport<Factory>(module, 'player.ts', 'getSimple', 'function'),
    getCounting: requireExport<Factory>(module, 'player.ts', 'getCounting', 'function'),
  };
}

function get(factory: Factory, name: string): Player {
  const made = attempt(factory);
  if ('thrown' in made) fail(`${name}() ${threw(made.thrown)}`);
  const player = made.value as unknown;
  if (typeof player !== 'object' || player === null) fail(`${name}() returned ${show(player)}, not a player`);
  return player as Player;
}

type Event = { kind: 'expose'; card: Card } | { kind: 'shuffled' };
const eventArb: fc.Arbitrary<Event> = fc.oneof(
  { weight: 12, arbitrary: cardArb.map((card) => ({ kind: 'expose' as const, card })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'shuffled' as const }) },
);
const minimumArb = fc.oneof(fc.constantFrom(1, 5, 10), fc.integer({ min: 1, max: 500 }));

function replay(player: Player, event: Event, steps: string[]): void {
  if (event.kind === 'shuffled') step(steps, 'shuffled()', () => player.shuffled());
  else step(steps, `expose(${cardName(event.card)})`, () => player.expose(event.card));
}

export const playerTests: UnitTest[] = [
  {
    id: 'player.simple-hard',
    name: 'Simple: every hard total against every up card follows the basic strategy',
    file: 'player.ts',
    async run(t) {
      const { getSimple } = await loadPlayers(t);
      checkChart(get(getSimple, 'getSimple'), 'Simple player', false);
    },
  },
  {
    id: 'player.simple-soft',
    name: 'Simple: every soft total against every up card follows the basic strategy',
    file: 'player.ts',
    async run(t) {
      const { getSimple } = await loadPlayers(t);
      checkChart(get(getSimple, 'getSimple'), 'Simple player', true);
    },
  },
  {
    id: 'player.simple-bet',
    name: 'Simple: bets the minimum whatever it has seen',
    file: 'player.ts',
    async run(t) {
      const player = get((await loadPlayers(t)).getSimple, 'getSimple');
      const caseArb = fc.record({
        events: fc.array(eventArb, { maxLength: 30 }),
        minimum: minimumArb,
        extra: fc.nat(5000),
      });
      checkProperty(t, caseArb, ({ events, minimum, extra }) => {
        const steps = ['getSimple()'];
        for (const event of events) replay(player, event, steps);
        const bet = step(steps, `bet(${minimum + extra}, ${minimum})`, () =>
          player.bet(minimum + extra, minimum),
        );
        if (bet !== minimum)
          throw new TestFailure(`${steps.join('; ')} returned ${show(bet)}; expected ${minimum}`);
      });
    },
  },
  {
    id: 'player.counting-draw',
    name: 'Counting: plays exactly like Simple, whatever the count',
    file: 'player.ts',
    async run(t) {
      const player = get((await loadPlayers(t)).getCounting, 'getCounting');
      for (const count of [0, 6, -6]) {
        const steps = countTo(player, count);
        const who = `Counting player after ${steps.join('; ')}`;
        checkChart(player, who, false);
        checkChart(player, who, true);
      }
    },
  },
  {
    id: 'player.counting-count',
    name: 'Counting: the running count (+1 Two..Six, -1 Ten..Ace, 0 on shuffled) decides the bet',
    file: 'player.ts',
    async run(t) {
      const player = get((await loadPlayers(t)).getCounting, 'getCounting');
      const caseArb = fc.record({
        events: fc.array(eventArb, { minLength: 1, maxLength: 40 }),
        minimum: minimumArb,
      });
      checkProperty(t, caseArb, ({ events, minimum }) => {
        const oracle = new CountingPlayer();
        const bankroll = 2 * minimum;
        const steps = ['getCounting()'];
        replay(player, { kind: 'shuffled' }, steps);
        for (const event of events) {
          replay(player, event, steps);
          if (event.kind === 'shuffled') oracle.shuffled();
          else oracle.expose(event.card);
          const expected = oracle.bet(bankroll, minimum);
          const got = step([...steps], `bet(${bankroll}, ${minimum})`, () => player.bet(bankroll, minimum));
          if (got !== expected) {
            throw new TestFailure(
              `${steps.join('; ')}; bet(${bankroll}, ${minimum}) returned ${show(got)}; expected ${expected}`,
            );
          }
        }
      });
    },
  },
  {
    id: 'player.counting-bet-boundary',
    name: 'Counting: doubles only with count >= +2 and bankroll >= 2 x minimum (2 x minimum - 1 is not enough)',
    file: 'player.ts',
    async run(t) {
      const player = get((await loadPlayers(t)).getCounting, 'getCounting');
      for (const minimum of [1, 2, 5, 10, 25]) {
        for (const count of [-3, 0, 1, 2, 3, 7]) {
          for (const bankroll of [minimum, 2 * minimum - 1, 2 * minimum, 2 * minimum + 1, 100 * minimum]) {
            if (bankroll < minimum) continue;
            const steps = countTo(player, count);
            const expected = count >= 2 && bankroll >= 2 * minimum ? 2 * minimum : minimum;
            const got = attempt(() => player.bet(bankroll, minimum));
            const situation = `Counting player after ${steps.join('; ')} (count ${count >= 0 ? '+' : ''}${count}): bet(${bankroll}, ${minimum})`;
            if ('thrown' in got) fail(`${situation} ${threw(got.thrown)}`);
            if (got.value !== expected)
              fail(`${situation} returned ${show(got.value)}; expected ${expected}`);
          }
        }
      }
    },
  },
  {
    id: 'player.instances',
    name: 'getSimple() and getCounting() each return one shared instance',
    file: 'player.ts',
    async run(t) {
      const { getSimple, getCounting } = await loadPlayers(t);
      const simple = get(getSimple, 'getSimple');
      const counting = get(getCounting, 'getCounting');
      if (get(getSimple, 'getSimple') !== simple)
        fail('getSimple() returned a different object on its second call');
      if (get(getCounting, 'getCounting') !== counting)
        fail('getCounting() returned a different object on its second call');
      if (simple === counting) fail('getSimple() and getCounting() returned the same object');
    },
  },
];
