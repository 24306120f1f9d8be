// Characters: the student's player.ts (getPlayer and the roster behind it), a fresh reference roster as
// the oracle, run here in the grader; the student's characters get only the calls (draw() a hand that
// reports its value, as the course linked players with the reference Hand).
import { type Card, cardName } from '@pitboss/deck';
import {
  checkProperty,
  data,
  isOpaque,
  runScripts,
  Script,
  type Slot,
  show,
  type UnitTest,
} from '@pitboss/grader/kit';
import { checkChart, countingCard, countTo, step } from '@pitboss/grader-classic/suites/strategy';
import { cardArb } from '@pitboss/grader-classic/suites/words';
import {
  type Character,
  countStep,
  createRoster,
  MemberNames,
  otherTeam,
  PLAYER_TYPES,
  type PlayerType,
  TEAM_SIZE,
  TEAMS,
  type Team,
  TeamNames,
} from '@pitboss/player';
import fc from 'fast-check';

/** One way to reach a character: the words of the call, and who it must return. */
interface Seat {
  dealerTeam: Team;
  playerType: PlayerType;
  id: number;
  /** The character's team: the one facing the dealers. */
  team: Team;
  name: string;
  /** `getPlayer('sc', 'simple', 1)`, as a counterexample shows it. */
  call: string;
}

/** Every call getPlayer takes, SOS Brigade's members first, each in id order and both player types. */
const SEATS: readonly Seat[] = [...TEAMS].reverse().flatMap((dealerTeam) => {
  const team = otherTeam(dealerTeam);
  return Array.from({ length: TEAM_SIZE }, (_, i) => i + 1).flatMap((id) =>
    PLAYER_TYPES.map((playerType) => ({
      dealerTeam,
      playerType,
      id,
      team,
      name: MemberNames[team][id - 1]!,
      call: `getPlayer('${dealerTeam}', '${playerType}', ${id})`,
    })),
  );
});

/** The seats of one member of a team, by id: both player types. */
const seatsOf = (team: Team, id: number) => SEATS.filter((seat) => seat.team === team && seat.id === id);

const who = (seat: Seat) => `${seat.name} (${seat.call})`;

/** `getPlayer(...)` for a seat, as a step: it must return a player object. */
function get(script: Script, seat: Seat): Slot {
  return script.function(
    'player.ts',
    'getPlayer',
    [data(seat.dealerTeam), data(seat.playerType), data(seat.id)],
    {
      text: seat.call,
      check: (got) =>
        typeof got === 'object' && got !== null && !isOpaque(got)
          ? undefined
          : `${seat.call} returned ${show(got)}, not a player`,
    },
  );
}

/** The reference's character for a seat, fresh: its own roster, so no history but what a test gives it. */
const oracleFor = (seat: Seat): Character => createRoster()(seat.dealerTeam, seat.playerType, seat.id);

/** The oracle brought to a count the way countTo brings the student's character there. */
function oracleTo(oracle: Character, count: number): void {
  oracle.shuffled();
  for (let i = 0; i < Math.abs(count); i++) oracle.expose(countingCard(count));
}

const MINIMUMS = [1, 2, 5, 10, 25];
/** Every count from below Mikuru's threshold (-3) to above Kakyoin's (+4). */
const COUNTS = Array.from({ length: 13 }, (_, i) => i - 6);
/** The bankrolls where a bet rule can change: the minimum, either side of 2 x minimum, and plenty. */
const bankrollsAt = (minimum: number) =>
  [...new Set([minimum, 2 * minimum - 1, 2 * minimum, 2 * minimum + 1, 100 * minimum])].filter(
    (bankroll) => bankroll >= minimum,
  );

const signed = (count: number) => (count > 0 ? `+${count}` : `${count}`);

/**
 * Every bet of each seat's character at every count and bankroll boundary, against the reference
 * character's bet after the same shuffled() and exposes. `rule` says the rule in the message.
 */
function betScripts(seats: readonly Seat[], rule: string): Script[] {
  return seats.map((seat) => {
    const script = new Script();
    const player = get(script, seat);
    const oracle = oracleFor(seat);
    for (const minimum of MINIMUMS) {
      for (const count of COUNTS) {
        for (const bankroll of bankrollsAt(minimum)) {
          const steps = countTo(script, player, count, who(seat));
          oracleTo(oracle, count);
          const expected = oracle.bet(bankroll, minimum);
          const situation = `${who(seat)} after ${steps.join('; ')} (count ${signed(count)}): bet(${bankroll}, ${minimum})`;
          script.call(player, 'bet', [data(bankroll), data(minimum)], {
            text: situation,
            check: (got) =>
              got === expected
                ? undefined
                : `${situation} returned ${show(got)}; expected ${expected} (${rule})`,
          });
        }
      }
    }
    return script;
  });
}

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

// The running count, model-based: one sequence of calls run against each of the student's characters
// and the reference's, which stands in for the model. A plain array of calls rather than fc.commands:
// its counterexamples replay from a shrink path alone (`pitboss check --replay`).
type CountCall =
  | { kind: 'expose'; card: Card }
  | { kind: 'shuffled' }
  | { kind: 'bet'; bankroll: number; minimum: number };

const minimumArb = fc.oneof(fc.constantFrom(5, 1, 10), fc.integer({ min: 1, max: 500 }));
// Mostly exposes, so counts far from 0 come up between shuffles; a bet every few cards.
const countCallArb: fc.Arbitrary<CountCall> = fc.oneof(
  { weight: 10, arbitrary: cardArb.map((card): CountCall => ({ kind: 'expose', card })) },
  { weight: 1, arbitrary: fc.constant<CountCall>({ kind: 'shuffled' }) },
  {
    weight: 4,
    arbitrary: fc.record({ minimum: minimumArb, over: fc.constantFrom(0, -1, 1, 1000) }).map(
      // At 2 x minimum the bankroll covers a double; one less does not.
      ({ minimum, over }): CountCall => ({
        kind: 'bet',
        bankroll: Math.max(minimum, 2 * minimum + over),
        minimum,
      }),
    ),
  },
);

/** The same calls for one character, from a fresh shuffle, each bet judged against the oracle's. */
function countScript(seat: Seat, calls: readonly CountCall[]): Script {
  const script = new Script();
  const player = get(script, seat);
  const oracle = oracleFor(seat);
  const steps: string[] = [];
  step(script, player, steps, 'shuffled()', 'shuffled', [], who(seat));
  oracle.shuffled();
  let count = 0;
  for (const call of calls) {
    if (call.kind === 'expose') {
      step(script, player, steps, `expose(${cardName(call.card)})`, 'expose', [call.card], who(seat));
      oracle.expose(call.card);
      count += countStep(call.card);
    } else if (call.kind === 'shuffled') {
      step(script, player, steps, 'shuffled()', 'shuffled', [], who(seat));
      oracle.shuffled();
      count = 0;
    } else {
      const expected = oracle.bet(call.bankroll, call.minimum);
      const said = [...steps, `bet(${call.bankroll}, ${call.minimum})`].join('; ');
      const at = count;
      script.call(player, 'bet', [data(call.bankroll), data(call.minimum)], {
        text: `${who(seat)}: ${said}`,
        check: (got) =>
          got === expected
            ? undefined
            : `${who(seat)}: ${said} returned ${show(got)}; expected ${expected} (count ${signed(at)})`,
      });
      steps.push(`bet(${call.bankroll}, ${call.minimum})`);
    }
  }
  return script;
}

export const playerTests: UnitTest[] = [
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
  {
    id: 'player.haruhi-bet',
    name: 'Suzumiya Haruhi always bets 2 x minimum, even with less than that in her bankroll',
    file: 'player.ts',
    async run(t) {
      await runScripts(t, betScripts(seatsOf('sos', 1), 'Haruhi always bets 2 x minimum'));
    },
  },
  {
    id: 'player.counting-bet',
    name: 'Nagato Yuki, Joseph Joestar and Kujo Jotaro double only with count >= +2 and bankroll >= 2 x minimum',
    file: 'player.ts',
    async run(t) {
      const seats = [...seatsOf('sos', 2), ...seatsOf('sc', 1), ...seatsOf('sc', 2)];
      await runScripts(t, betScripts(seats, 'double with count >= +2 and bankroll >= 2 x minimum'));
    },
  },
  {
    id: 'player.mikuru-bet',
    name: 'Asahina Mikuru doubles only with count < -2 (at -3, not at -2) and bankroll >= 2 x minimum',
    file: 'player.ts',
    async run(t) {
      await runScripts(
        t,
        betScripts(seatsOf('sos', 3), 'Mikuru doubles with count < -2 and bankroll >= 2 x minimum'),
      );
    },
  },
  {
    id: 'player.kakyoin-bet',
    name: 'Kakyoin Noriaki doubles only with count >= +4 (at +4, not at +3) and bankroll >= 2 x minimum',
    file: 'player.ts',
    async run(t) {
      await runScripts(
        t,
        betScripts(seatsOf('sc', 4), 'Kakyoin doubles with count >= +4 and bankroll >= 2 x minimum'),
      );
    },
  },
  {
    id: 'player.simple-bet',
    name: 'Kyon and Jean Pierre Polnareff bet the minimum whatever the count',
    file: 'player.ts',
    async run(t) {
      const seats = [...seatsOf('sos', 4), ...seatsOf('sc', 3)];
      await runScripts(t, betScripts(seats, 'a simple player bets the minimum'));
    },
  },
  {
    id: 'player.chosen-type',
    name: "Koizumi Itzuki and Mohammed Avdol play as the player type says: 'simple' bets the minimum, 'counting' doubles at +2",
    file: 'player.ts',
    async run(t) {
      const seats = [...seatsOf('sos', 5), ...seatsOf('sc', 5)];
      await runScripts(t, betScripts(seats, 'Itzuki and Avdol play as the player type says'));
    },
  },
  {
    id: 'player.count',
    name: 'The running count (+1 Two..Six, -1 Ten..Ace, 0 on shuffled) under any expose/shuffled sequence decides each bet',
    file: 'player.ts',
    async run(t) {
      await checkProperty(t, fc.array(countCallArb, { maxLength: 60 }), (calls) =>
        SEATS.map((seat) => countScript(seat, calls)),
      );
    },
  },
  {
    id: 'player.names',
    name: 'getPlayer(dealerTeam, type, id) is member id of the other team: getName(), getID() and getTeam()',
    file: 'player.ts',
    async run(t) {
      const script = new Script();
      for (const seat of SEATS) {
        const player = get(script, seat);
        const whom = `member ${seat.id} of ${TeamNames[seat.team]}, who play against the dealers of ${TeamNames[seat.dealerTeam]}`;
        const expected: [string, unknown][] = [
          ['getName', seat.name],
          ['getID', seat.id],
          ['getTeam', seat.team],
        ];
        for (const [method, value] of expected) {
          script.call(player, method, [], {
            text: `${seat.call}.${method}()`,
            check: (got) =>
              got === value
                ? undefined
                : `${seat.call}.${method}() returned ${show(got)}; expected ${show(value)} (${whom})`,
          });
        }
      }
      await runScripts(t, [script]);
    },
  },
  {
    id: 'player.instances',
    name: 'getPlayer returns one shared instance per character: the same object on every call, another for each character',
    file: 'player.ts',
    async run(t) {
      const script = new Script();
      const first = new Map<Seat, Slot>();
      for (const seat of SEATS) first.set(seat, get(script, seat));
      // Again, in the other order, so every call comes after calls for other characters.
      for (const seat of [...SEATS].reverse()) {
        script.same(get(script, seat), first.get(seat)!, `${seat.call} twice`, (same) =>
          same ? undefined : `${seat.call} returned a different object on its second call`,
        );
      }
      // Only another member may not share it: a member may or may not have one object per player type.
      for (const [i, seat] of SEATS.entries()) {
        for (const other of SEATS.slice(0, i)) {
          if (other.team === seat.team && other.id === seat.id) continue;
          script.same(first.get(other)!, first.get(seat)!, `${other.call} and ${seat.call}`, (same) =>
            same
              ? `${other.call} (${other.name}) and ${seat.call} (${seat.name}) returned the same object`
              : undefined,
          );
        }
      }
      await runScripts(t, [script]);
    },
  },
];
