// Testing a student's Player: the strategy chart, a known running count, and calls to student code
// as the steps of a counterexample. Shared by every assignment whose players play the basic strategy.
import { type Card, cardName, Spot, type Suit } from '@pitboss/deck';
import { attempt, fail, show, TestFailure, threw } from '@pitboss/grader/kit';
import { Hand, type HandADT } from '@pitboss/hand';
import { type Player, SimplePlayer } from '@pitboss/player';
import { cardList } from './words.ts';

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

const referenceHand = (cards: readonly Card[]): HandADT => {
  const hand = new Hand();
  for (const card of cards) hand.addCard(card);
  return hand;
};

const decision = (hit: unknown) =>
  hit === true ? 'true (hit)' : hit === false ? 'false (stand)' : show(hit);

/** The strategy chart, every hand of the given softness against every up card. */
export function checkChart(player: Player, who: string, soft: boolean): void {
  const oracle = new SimplePlayer();
  for (const chartHand of CHART_HANDS) {
    if (chartHand.soft !== soft) continue;
    for (const up of upCards) {
      const hand = referenceHand(chartHand.cards);
      const expected = oracle.draw(up, hand);
      const got = attempt(() => player.draw(up, hand));
      const situation = `${who}, ${soft ? 'soft' : 'hard'} ${chartHand.count} (${cardList(chartHand.cards)}), dealer shows ${cardName(up)}`;
      if ('thrown' in got) fail(`${situation}: draw() ${threw(got.thrown)}`);
      if (got.value !== expected)
        fail(`${situation}: draw() returned ${decision(got.value)}; expected ${decision(expected)}`);
    }
  }
}

/** Calls the student's code as one step of a counterexample; what it throws ends the counterexample. */
export function step<T>(steps: string[], text: string, call: () => T): T {
  const result = attempt(call);
  if ('thrown' in result) throw new TestFailure(`${[...steps, text].join('; ')} ${threw(result.thrown)}`);
  steps.push(text);
  return result.value;
}

/** Sets the student's counting player to a known count from a fresh shuffle. */
export function countTo(player: Player, count: number): string[] {
  const steps: string[] = [];
  step(steps, 'shuffled()', () => player.shuffled());
  const card: Card = { spot: count >= 0 ? Spot.FIVE : Spot.KING, suit: 2 as Suit };
  const text = `expose(${cardName(card)})`;
  for (let i = 0; i < Math.abs(count); i++) step(steps, text, () => player.expose(card));
  // Fold the repeated exposes into one step for the message.
  return count === 0 ? steps : [steps[0]!, `${text} x${Math.abs(count)}`];
}
