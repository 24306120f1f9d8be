// The count model's command `expose(card)`: the student's character and the oracle see a card.
import { cardArb } from '@pitboss/blackjack-kit/arbitraries';
import { step } from '@pitboss/blackjack-kit/suites/strategy';
import { type Card, cardName } from '@pitboss/deck';
import { countStep } from '@pitboss/player';
import type fc from 'fast-check';
import type { CountModel } from './model.ts';
import { who } from './seats.ts';

export interface Expose {
  kind: 'expose';
  card: Card;
}

export const exposeArb: fc.Arbitrary<Expose> = cardArb.map((card): Expose => ({ kind: 'expose', card }));

export function runExpose(model: CountModel, { card }: Expose): void {
  step(
    model.script,
    model.player,
    model.steps,
    `expose(${cardName(card)})`,
    'expose',
    [card],
    who(model.seat),
  );
  model.oracle.expose(card);
  model.count += countStep(card);
}
