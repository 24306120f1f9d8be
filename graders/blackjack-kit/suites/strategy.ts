// Testing a student's Player: the strategy chart, a known running count, and calls to student code
// as the steps of a counterexample. Shared by every assignment whose players play the basic strategy.
// The oracle's answers are computed here, in the grader; the student's player gets only the calls,
// with a hand that reports its value (a fresh frozen copy each time: nothing it can change).
import { type Card, cardName, Spot, type Suit } from '@pitboss/deck';
import { type Arg, data, isOpaque, type Script, type Slot, show, view } from '@pitboss/grader/kit';
import { Hand } from '@pitboss/hand';
import { SimplePlayer } from '@pitboss/player';
import { cardList } from './words.ts';

/**
 * A call of player.ts's `factory` as a step, shown in a counterexample as `call`: it must return a
 * player object.
 */
export function playerStep(script: Script, factory: string, args: readonly Arg[], call: string): Slot {
  return script.function('player.ts', factory, args, {
    text: call,
    check: (got) =>
      typeof got === 'object' && got !== null && !isOpaque(got)
        ? undefined
        : `${call} returned ${show(got)}, not a player`,
  });
}

const SPOTS = Array.from({ length: 13 }, (_, i) => i as Spot);
const upCards: Card[] = SPOTS.map((spot) => ({ spot, suit: (spot % 4) as Suit }));

interface ChartHand {
  cards: Card[];
  count: number;
  soft: boolean;
}

/** Every hand of two or three cards not over 21, smallest first, so a failure names the simplest hand. */
const CHART_HANDS: ChartHand[] = (() => {
  const hands: ChartHand[] = [];
  const add = (spots: Spot[]) => {
    const cards = spots.map((spot, i) => ({ spot, suit: ((spot + i + 1) % 4) as Suit }));
    const hand = new Hand();
    for (const card of cards) hand.addCard(card);
    const { count, soft } = hand.handValue();
    if (count <= 21) hands.push({ cards, count, soft });
  };
  for (const a of SPOTS) for (const b of SPOTS) add([a, b]);
  for (const a of SPOTS) for (const b of SPOTS) for (const c of SPOTS) add([a, b, c]);
  return hands;
})();

const decision = (hit: unknown) =>
  hit === true ? 'true (hit)' : hit === false ? 'false (stand)' : show(hit);

/**
 * One hand per value: a player sees a hand only through handValue(), so hands of the same value are
 * the same question. The first of each, smallest first, is the one a counterexample names.
 */
const CHART_VALUES: ChartHand[] = CHART_HANDS.filter(
  (hand, i) => CHART_HANDS.findIndex((other) => other.count === hand.count && other.soft === hand.soft) === i,
);

/** The chart, every hand value of the given softness against every up card, as steps of the script. */
export function checkChart(script: Script, player: Slot, who: string, soft: boolean): void {
  const oracle = new SimplePlayer();
  for (const chartHand of CHART_VALUES) {
    if (chartHand.soft !== soft) continue;
    const reference = new Hand();
    for (const card of chartHand.cards) reference.addCard(card);
    const value = { count: chartHand.count, soft: chartHand.soft };
    for (const up of upCards) {
      const expected = oracle.draw(up, reference);
      const situation = `${who}, ${soft ? 'soft' : 'hard'} ${chartHand.count} (${cardList(chartHand.cards)}), dealer shows ${cardName(up)}`;
      script.call(player, 'draw', [data(up), view({ handValue: value })], {
        text: `${situation}: draw()`,
        check: (got) =>
          got === expected
            ? undefined
            : `${situation}: draw() returned ${decision(got)}; expected ${decision(expected)}`,
      });
    }
  }
}

/**
 * One call of a counterexample: traced in `steps`; what it throws ends the counterexample, told after
 * `who` when given.
 */
export function step(
  script: Script,
  target: Slot,
  steps: string[],
  text: string,
  method: string,
  args: readonly unknown[] = [],
  who?: string,
): void {
  const said = [...steps, text].join('; ');
  script.call(target, method, args.map(data), { text: who === undefined ? said : `${who}: ${said}` });
  steps.push(text);
}

/** The card a count is reached with: +1 for a Five, -1 for a King. */
export const countingCard = (count: number): Card => ({
  spot: count >= 0 ? Spot.FIVE : Spot.KING,
  suit: 2 as Suit,
});

/** Sets the student's counting player to a known count from a fresh shuffle. */
export function countTo(script: Script, player: Slot, count: number, who?: string): string[] {
  const steps: string[] = [];
  step(script, player, steps, 'shuffled()', 'shuffled', [], who);
  const card = countingCard(count);
  const text = `expose(${cardName(card)})`;
  for (let i = 0; i < Math.abs(count); i++) step(script, player, steps, text, 'expose', [card], who);
  // Fold the repeated exposes into one step for the message.
  return count === 0 ? steps : [steps[0]!, `${text} x${Math.abs(count)}`];
}
