// Each character's bet at every count and bankroll boundary, against the reference character's.
import { countTo } from '@pitboss/blackjack-kit/suites/strategy';
import { data, runScripts, Script, show, type UnitTest } from '@pitboss/grader/kit';
import { get, oracleFor, oracleTo, type Seat, seatsOf, signed, who } from './seats.ts';

const MINIMUMS = [1, 2, 5, 10, 25];
/** Every count from below Mikuru's threshold (-3) to above Kakyoin's (+4). */
const COUNTS = Array.from({ length: 13 }, (_, i) => i - 6);
/** The bankrolls where a bet rule can change: the minimum, either side of 2 x minimum, and plenty. */
const bankrollsAt = (minimum: number) =>
  [...new Set([minimum, 2 * minimum - 1, 2 * minimum, 2 * minimum + 1, 100 * minimum])].filter(
    (bankroll) => bankroll >= minimum,
  );

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

export const betRuleTests: UnitTest[] = [
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
];
