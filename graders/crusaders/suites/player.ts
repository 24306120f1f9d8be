// Characters: the student's player.ts (getPlayer and the roster behind it), tested with the reference
// Hand (as the course linked them), a fresh reference roster as the oracle.
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
import { checkChart, countTo, step } from '@pitboss/grader-classic/suites/strategy';
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

type GetPlayer = (dealerTeam: Team, playerType: PlayerType, id: number) => unknown;

async function loadGetPlayer(t: TestContext): Promise<GetPlayer> {
  return requireExport<GetPlayer>(await t.load('player.ts'), 'player.ts', 'getPlayer', 'function');
}

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

/** The student's character for a seat, or a failure naming the call. */
function get(getPlayer: GetPlayer, seat: Seat): Character {
  const made = attempt(() => getPlayer(seat.dealerTeam, seat.playerType, seat.id));
  if ('thrown' in made) fail(`${seat.call} ${threw(made.thrown)}`);
  const player = made.value;
  if (typeof player !== 'object' || player === null)
    fail(`${seat.call} returned ${show(player)}, not a player`);
  return player as Character;
}

/** The reference's character for a seat, fresh: its own roster, so no history but what a test gives it. */
const oracleFor = (seat: Seat): Character => createRoster()(seat.dealerTeam, seat.playerType, seat.id);

/** A failure in the student's code during `call`, told as that character's. */
function as<T>(seat: Seat, call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof TestFailure) throw new TestFailure(`${who(seat)}: ${error.message}`);
    throw error;
  }
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
function checkBets(getPlayer: GetPlayer, seats: readonly Seat[], rule: string): void {
  for (const seat of seats) {
    const player = get(getPlayer, seat);
    const oracle = oracleFor(seat);
    for (const minimum of MINIMUMS) {
      for (const count of COUNTS) {
        for (const bankroll of bankrollsAt(minimum)) {
          const steps = as(seat, () => countTo(player, count));
          countTo(oracle, count);
          const expected = oracle.bet(bankroll, minimum);
          const got = attempt(() => player.bet(bankroll, minimum));
          const situation = `${who(seat)} after ${steps.join('; ')} (count ${signed(count)}): bet(${bankroll}, ${minimum})`;
          if ('thrown' in got) fail(`${situation} ${threw(got.thrown)}`);
          if (got.value !== expected)
            fail(`${situation} returned ${show(got.value)}; expected ${expected} (${rule})`);
        }
      }
    }
  }
}

/** The chart for every seat, at a count of 0 and at counts far either side: nobody's play follows the count. */
function checkCharts(getPlayer: GetPlayer, soft: boolean): void {
  for (const seat of SEATS) {
    const player = get(getPlayer, seat);
    for (const count of [0, 6, -6]) {
      const steps = as(seat, () => countTo(player, count));
      checkChart(player, `${who(seat)} after ${steps.join('; ')}`, soft);
    }
  }
}

// The running count, model-based: fc.commands run against each of the student's characters and the
// reference's, which stands in for the model.
interface CountModel {
  oracle: Character;
  /** The count the oracle keeps to itself, kept here too for the message. */
  count: number;
}
interface CountReal {
  player: Character;
  /** The calls so far, for the message. */
  steps: string[];
}
type CountCommand = fc.Command<CountModel, CountReal>;

class Expose implements CountCommand {
  readonly card: Card;
  constructor(card: Card) {
    this.card = card;
  }
  check(): boolean {
    return true;
  }
  run(model: CountModel, real: CountReal): void {
    step(real.steps, this.toString(), () => real.player.expose(this.card));
    model.oracle.expose(this.card);
    model.count += countStep(this.card);
  }
  toString(): string {
    return `expose(${cardName(this.card)})`;
  }
}

class Shuffled implements CountCommand {
  check(): boolean {
    return true;
  }
  run(model: CountModel, real: CountReal): void {
    step(real.steps, this.toString(), () => real.player.shuffled());
    model.oracle.shuffled();
    model.count = 0;
  }
  toString(): string {
    return 'shuffled()';
  }
}

class Bet implements CountCommand {
  readonly bankroll: number;
  readonly minimum: number;
  constructor(bankroll: number, minimum: number) {
    this.bankroll = bankroll;
    this.minimum = minimum;
  }
  check(): boolean {
    return true;
  }
  run(model: CountModel, real: CountReal): void {
    const expected = model.oracle.bet(this.bankroll, this.minimum);
    const got = step([...real.steps], this.toString(), () => real.player.bet(this.bankroll, this.minimum));
    if (got !== expected) {
      throw new TestFailure(
        `${[...real.steps, this.toString()].join('; ')} returned ${show(got)}; expected ${expected} (count ${signed(model.count)})`,
      );
    }
    real.steps.push(this.toString());
  }
  toString(): string {
    return `bet(${this.bankroll}, ${this.minimum})`;
  }
}

const minimumArb = fc.oneof(fc.constantFrom(5, 1, 10), fc.integer({ min: 1, max: 500 }));
// Mostly exposes, so counts far from 0 come up between shuffles; a bet every few cards.
const countCommands: fc.Arbitrary<CountCommand>[] = [
  fc.oneof(
    { weight: 10, arbitrary: cardArb.map((card): CountCommand => new Expose(card)) },
    { weight: 1, arbitrary: fc.constant(new Shuffled()) },
    {
      weight: 4,
      arbitrary: fc.record({ minimum: minimumArb, over: fc.constantFrom(0, -1, 1, 1000) }).map(
        // At 2 x minimum the bankroll covers a double; one less does not.
        ({ minimum, over }): CountCommand => new Bet(Math.max(minimum, 2 * minimum + over), minimum),
      ),
    },
  ),
];

export const playerTests: UnitTest[] = [
  {
    id: 'player.draw-hard',
    name: 'Every character, at any count: every hard total against every up card follows the basic strategy',
    file: 'player.ts',
    async run(t) {
      checkCharts(await loadGetPlayer(t), false);
    },
  },
  {
    id: 'player.draw-soft',
    name: 'Every character, at any count: every soft total against every up card follows the basic strategy',
    file: 'player.ts',
    async run(t) {
      checkCharts(await loadGetPlayer(t), true);
    },
  },
  {
    id: 'player.haruhi-bet',
    name: 'Suzumiya Haruhi always bets 2 x minimum, even with less than that in her bankroll',
    file: 'player.ts',
    async run(t) {
      checkBets(await loadGetPlayer(t), seatsOf('sos', 1), 'Haruhi always bets 2 x minimum');
    },
  },
  {
    id: 'player.counting-bet',
    name: 'Nagato Yuki, Joseph Joestar and Kujo Jotaro double only with count >= +2 and bankroll >= 2 x minimum',
    file: 'player.ts',
    async run(t) {
      const seats = [...seatsOf('sos', 2), ...seatsOf('sc', 1), ...seatsOf('sc', 2)];
      checkBets(await loadGetPlayer(t), seats, 'double with count >= +2 and bankroll >= 2 x minimum');
    },
  },
  {
    id: 'player.mikuru-bet',
    name: 'Asahina Mikuru doubles only with count < -2 (at -3, not at -2) and bankroll >= 2 x minimum',
    file: 'player.ts',
    async run(t) {
      checkBets(
        await loadGetPlayer(t),
        seatsOf('sos', 3),
        'Mikuru doubles with count < -2 and bankroll >= 2 x minimum',
      );
    },
  },
  {
    id: 'player.kakyoin-bet',
    name: 'Kakyoin Noriaki doubles only with count >= +4 (at +4, not at +3) and bankroll >= 2 x minimum',
    file: 'player.ts',
    async run(t) {
      checkBets(
        await loadGetPlayer(t),
        seatsOf('sc', 4),
        'Kakyoin doubles with count >= +4 and bankroll >= 2 x minimum',
      );
    },
  },
  {
    id: 'player.simple-bet',
    name: 'Kyon and Jean Pierre Polnareff bet the minimum whatever the count',
    file: 'player.ts',
    async run(t) {
      const seats = [...seatsOf('sos', 4), ...seatsOf('sc', 3)];
      checkBets(await loadGetPlayer(t), seats, 'a simple player bets the minimum');
    },
  },
  {
    id: 'player.chosen-type',
    name: "Koizumi Itzuki and Mohammed Avdol play as the player type says: 'simple' bets the minimum, 'counting' doubles at +2",
    file: 'player.ts',
    async run(t) {
      const seats = [...seatsOf('sos', 5), ...seatsOf('sc', 5)];
      checkBets(await loadGetPlayer(t), seats, 'Itzuki and Avdol play as the player type says');
    },
  },
  {
    id: 'player.count',
    name: 'The running count (+1 Two..Six, -1 Ten..Ace, 0 on shuffled) under any expose/shuffled sequence decides each bet',
    file: 'player.ts',
    async run(t) {
      const getPlayer = await loadGetPlayer(t);
      const players = SEATS.map((seat) => ({ seat, player: get(getPlayer, seat) }));
      // fc.commands shrinks by which commands ran, which a shrink path alone cannot replay: a replay
      // runs the whole property again from its seed, which finds and shrinks the same counterexample.
      checkProperty(
        { ...t, replayPath: undefined },
        fc.commands(countCommands, { maxCommands: 60 }),
        (commands) => {
          // The same calls for every character in turn, each from a fresh shuffle.
          for (const { seat, player } of players) {
            const setup = () => {
              const real: CountReal = { player, steps: [] };
              step(real.steps, 'shuffled()', () => player.shuffled());
              const oracle = oracleFor(seat);
              oracle.shuffled();
              return { model: { oracle, count: 0 }, real };
            };
            as(seat, () => fc.modelRun(setup, commands));
          }
        },
      );
    },
  },
  {
    id: 'player.names',
    name: 'getPlayer(dealerTeam, type, id) is member id of the other team: getName(), getID() and getTeam()',
    file: 'player.ts',
    async run(t) {
      const getPlayer = await loadGetPlayer(t);
      for (const seat of SEATS) {
        const player = get(getPlayer, seat);
        const whom = `member ${seat.id} of ${TeamNames[seat.team]}, who play against the dealers of ${TeamNames[seat.dealerTeam]}`;
        const expected: [string, unknown][] = [
          ['getName', seat.name],
          ['getID', seat.id],
          ['getTeam', seat.team],
        ];
        for (const [method, value] of expected) {
          const got = attempt(() => (player as unknown as Record<string, () => unknown>)[method]!());
          if ('thrown' in got) fail(`${seat.call}.${method}() ${threw(got.thrown)}`);
          if (got.value !== value)
            fail(`${seat.call}.${method}() returned ${show(got.value)}; expected ${show(value)} (${whom})`);
        }
      }
    },
  },
  {
    id: 'player.instances',
    name: 'getPlayer returns one shared instance per character: the same object on every call, another for each character',
    file: 'player.ts',
    async run(t) {
      const getPlayer = await loadGetPlayer(t);
      const first = new Map<Seat, Character>();
      for (const seat of SEATS) first.set(seat, get(getPlayer, seat));
      // Again, in the other order, so every call comes after calls for other characters.
      for (const seat of [...SEATS].reverse()) {
        if (get(getPlayer, seat) !== first.get(seat))
          fail(`${seat.call} returned a different object on its second call`);
      }
      const owner = new Map<Character, Seat>();
      for (const seat of SEATS) {
        const player = first.get(seat)!;
        const other = owner.get(player);
        // Only another member may not share it: a member may or may not have one object per player type.
        if (other !== undefined && (other.team !== seat.team || other.id !== seat.id))
          fail(`${other.call} (${other.name}) and ${seat.call} (${seat.name}) returned the same object`);
        owner.set(player, seat);
      }
    },
  },
];
