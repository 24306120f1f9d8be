import { type Card, Spot, Suit } from '@pitboss/deck';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CountingPlayer } from '../src/index.ts';

const cardArb: fc.Arbitrary<Card> = fc.record({
  spot: fc.integer({ min: 0, max: 12 }).map((n) => n as Spot),
  suit: fc.integer({ min: 0, max: 3 }).map((n) => n as Suit),
});

type Event = { kind: 'expose'; card: Card } | { kind: 'shuffled' };
const eventArb: fc.Arbitrary<Event> = fc.oneof(
  { weight: 9, arbitrary: cardArb.map((card) => ({ kind: 'expose' as const, card })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'shuffled' as const }) },
);

/** The model: +1 for Two..Six, -1 for Ten..Ace, reset on a shuffle. */
function modelCount(events: readonly Event[]): number {
  let count = 0;
  for (const event of events) {
    if (event.kind === 'shuffled') count = 0;
    else if (event.card.spot <= Spot.SIX) count++;
    else if (event.card.spot >= Spot.TEN) count--;
  }
  return count;
}

const replay = (events: readonly Event[]): CountingPlayer => {
  const player = new CountingPlayer();
  for (const event of events) {
    if (event.kind === 'shuffled') player.shuffled();
    else player.expose(event.card);
  }
  return player;
};

const minimumArb = fc.integer({ min: 1, max: 1000 });

describe('Counting player bet()', () => {
  it('bets double the minimum exactly when count >= 2 and bankroll >= 2 x minimum', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 60 }),
        minimumArb,
        fc.integer({ min: 0, max: 3000 }),
        (events, minimum, extra) => {
          const bankroll = minimum + extra;
          const count = modelCount(events);
          const expected = count >= 2 && bankroll >= 2 * minimum ? 2 * minimum : minimum;
          expect(replay(events).bet(bankroll, minimum)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    ['count +2, bankroll 2 x minimum - 1', 2, 19, 10],
    ['count +2, bankroll exactly 2 x minimum', 2, 20, 20],
    ['count +1, bankroll plenty', 1, 1000, 10],
    ['count +5, bankroll exactly the minimum', 5, 10, 10],
    ['count -3, bankroll plenty', -3, 1000, 10],
  ])('%s', (_, count, bankroll, expected) => {
    const player = new CountingPlayer();
    const seen = count >= 0 ? Spot.TWO : Spot.ACE;
    for (let i = 0; i < Math.abs(count); i++) player.expose({ spot: seen, suit: Suit.CLUBS });
    expect(player.bet(bankroll, 10)).toBe(expected);
  });

  it('forgets the count when the deck is shuffled', () => {
    const player = new CountingPlayer();
    for (let i = 0; i < 5; i++) player.expose({ spot: Spot.SIX, suit: Suit.SPADES });
    expect(player.bet(100, 5)).toBe(10);
    player.shuffled();
    expect(player.bet(100, 5)).toBe(5);
  });

  it.each(
    Array.from(
      { length: 13 },
      (_, spot) => [spot, spot <= Spot.SIX ? 1 : spot >= Spot.TEN ? -1 : 0] as const,
    ),
  )('spot %i moves the count by %i', (spot, step) => {
    const player = new CountingPlayer();
    // Start at +1: one step up reaches the doubling count, no step or a step down does not.
    player.expose({ spot: Spot.TWO, suit: Suit.SPADES });
    player.expose({ spot: spot as Spot, suit: Suit.DIAMONDS });
    expect(player.bet(100, 5)).toBe(step === 1 ? 10 : 5);
    player.expose({ spot: spot as Spot, suit: Suit.HEARTS });
    expect(player.bet(100, 5)).toBe(1 + 2 * step >= 2 ? 10 : 5);
  });
});
