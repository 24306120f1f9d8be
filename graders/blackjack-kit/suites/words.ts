// The game's words for what a student's code did: card names, hand values, call traces.
import { type Card, cardName, Spot } from '@pitboss/deck';
import { show, TestFailure } from '@pitboss/grader/kit';

const isCard = (value: unknown): value is Card => {
  if (typeof value !== 'object' || value === null) return false;
  const { spot, suit } = value as Record<string, unknown>;
  return (
    Number.isInteger(spot) &&
    Number.isInteger(suit) &&
    (spot as number) >= 0 &&
    (spot as number) <= Spot.ACE &&
    (suit as number) >= 0 &&
    (suit as number) <= 3
  );
};

/** A card as the transcripts name it, or the odd value the student's code returned instead. */
export function nameOf(value: unknown): string {
  return isCard(value) ? cardName(value) : `${show(value)} (not a card)`;
}

export const sameCard = (value: unknown, card: Card): boolean =>
  isCard(value) && value.spot === card.spot && value.suit === card.suit;

export function showValue(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'count' in value && 'soft' in value) {
    const { count, soft } = value as { count: unknown; soft: unknown };
    return `{count: ${show(count)}, soft: ${show(soft)}}`;
  }
  return show(value);
}

export const cardList = (cards: readonly Card[]): string =>
  cards.length === 0 ? 'no cards' : cards.map(cardName).join(', ');

/** The steps of a counterexample, with runs of the same step folded: `deal() x3`. */
export class Trace {
  readonly #steps: { text: string; times: number }[] = [];

  constructor(first: string) {
    this.#steps.push({ text: first, times: 1 });
  }

  /** The trace so far, as the counterexample tells it. */
  text(): string {
    return this.#steps.map(({ text, times }) => (times === 1 ? text : `${text} x${times}`)).join('; ');
  }

  /** The trace so far, then one more step's words. */
  with(step: string): string {
    return `${this.text()}; ${step}`;
  }

  step(text: string): void {
    const last = this.#steps.at(-1);
    if (last?.text === text) last.times++;
    else this.#steps.push({ text, times: 1 });
  }

  /** The whole trace, then what went wrong at its last step. */
  failure(problem: string): TestFailure {
    const steps = this.#steps.map(({ text, times }) => (times === 1 ? text : `${text} x${times}`));
    return new TestFailure([...steps, problem].join('; '));
  }
}
