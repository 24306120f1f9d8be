import { type Card, Spot, Suit } from '@pitboss/deck';
import { Hand, type HandADT } from '@pitboss/hand';
import { describe, expect, it } from 'vitest';
import { CountingPlayer, getCounting, getSimple, type Player, SimplePlayer } from '../src/index.ts';

const UP_CARDS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;

// The course's strategy as a chart: one row per total, one letter per up card (2..9, Ten, J, Q, K, A).
// H = hit, S = stand. Written out by hand from the handout, independently of the source.
const HARD_CHART: Record<number, string> = {
  4: 'HHHHHHHHHHHHH',
  5: 'HHHHHHHHHHHHH',
  6: 'HHHHHHHHHHHHH',
  7: 'HHHHHHHHHHHHH',
  8: 'HHHHHHHHHHHHH',
  9: 'HHHHHHHHHHHHH',
  10: 'HHHHHHHHHHHHH',
  11: 'HHHHHHHHHHHHH',
  12: 'HHSSSHHHHHHHH',
  13: 'SSSSSHHHHHHHH',
  14: 'SSSSSHHHHHHHH',
  15: 'SSSSSHHHHHHHH',
  16: 'SSSSSHHHHHHHH',
  17: 'SSSSSSSSSSSSS',
  18: 'SSSSSSSSSSSSS',
  19: 'SSSSSSSSSSSSS',
  20: 'SSSSSSSSSSSSS',
  21: 'SSSSSSSSSSSSS',
};
const SOFT_CHART: Record<number, string> = {
  12: 'HHHHHHHHHHHHH',
  13: 'HHHHHHHHHHHHH',
  14: 'HHHHHHHHHHHHH',
  15: 'HHHHHHHHHHHHH',
  16: 'HHHHHHHHHHHHH',
  17: 'HHHHHHHHHHHHH',
  18: 'SHHHHSSHHHHHH',
  19: 'SSSSSSSSSSSSS',
  20: 'SSSSSSSSSSSSS',
  21: 'SSSSSSSSSSSSS',
};

const card = (spot: number, suit: Suit = Suit.HEARTS): Card => ({ spot: spot as Spot, suit });
/** Up cards of every spot; the suit must never matter, so each is tried in a different suit. */
const upCards = UP_CARDS.map((_, spot) => card(spot, (spot % 4) as Suit));

/** Several hands with the same value, built from different cards: the strategy may see only the value. */
function hardHands(total: number): HandADT[] {
  const hands: HandADT[] = [];
  // A pair of non-Ace cards worth 2..10 (with face cards for 10) that sum to the total, or three cards.
  for (let a = 2; a <= 10; a++) {
    for (const extra of [[], [2]] as const) {
      const b = total - a - extra.reduce((s, x) => s + x, 0);
      if (b < 2 || b > 10) continue;
      const hand = new Hand();
      for (const worth of [a, b, ...extra]) hand.addCard(card(worth === 10 ? Spot.KING : worth - 2));
      hands.push(hand);
    }
  }
  if (total >= 13 && total <= 21) {
    // An Ace that must count as 1: Ace + King + (total - 11).
    const hand = new Hand();
    for (const c of [card(Spot.ACE), card(Spot.KING), card(total - 11 - 2)]) hand.addCard(c);
    if (total - 11 >= 2) hands.push(hand);
  }
  return hands;
}

function softHands(total: number): HandADT[] {
  const hands: HandADT[] = [];
  const rest = total - 11;
  if (rest >= 2 && rest <= 10) {
    const hand = new Hand();
    hand.addCard(card(Spot.ACE));
    hand.addCard(card(rest === 10 ? Spot.QUEEN : rest - 2));
    hands.push(hand);
  }
  if (rest === 1) {
    const hand = new Hand();
    hand.addCard(card(Spot.ACE));
    hand.addCard(card(Spot.ACE, Suit.CLUBS));
    hands.push(hand);
  }
  if (rest >= 4) {
    // Ace + Two + (rest - 2), to reach the same soft total with three cards.
    const hand = new Hand();
    for (const c of [card(Spot.TWO), card(Spot.ACE), card(rest - 2 - 2)]) hand.addCard(c);
    hands.push(hand);
  }
  return hands;
}

const playersUnderTest: [string, () => Player][] = [
  ['Simple', () => new SimplePlayer()],
  ['Counting', () => new CountingPlayer()],
];

const CHART_ROWS = [
  ...Object.entries(HARD_CHART).map(([total, row]) => ({ soft: false, total: Number(total), row })),
  ...Object.entries(SOFT_CHART).map(([total, row]) => ({ soft: true, total: Number(total), row })),
];

describe.each(playersUnderTest)('%s player draw()', (_, makePlayer) => {
  it.each(CHART_ROWS)('soft=$soft $total follows the chart for every up card', ({ soft, total, row }) => {
    const hands = soft ? softHands(total) : hardHands(total);
    expect(hands.length).toBeGreaterThan(0);
    for (const hand of hands) {
      expect(hand.handValue()).toEqual({ count: total, soft });
      const player = makePlayer();
      const decisions = upCards.map((up) => (player.draw(up, hand) ? 'H' : 'S')).join('');
      expect(decisions).toBe(row);
    }
  });

  it('soft 18 stands against an 8 and hits against a 9', () => {
    const hand = softHands(18)[0]!;
    const player = makePlayer();
    expect(player.draw(card(Spot.EIGHT), hand)).toBe(false);
    expect(player.draw(card(Spot.NINE), hand)).toBe(true);
  });
});

describe('Simple player', () => {
  it('always bets the minimum and ignores expose and shuffled', () => {
    const player = new SimplePlayer();
    for (let i = 0; i < 10; i++) player.expose(card(Spot.TWO));
    player.shuffled();
    for (let i = 0; i < 10; i++) player.expose(card(Spot.FIVE));
    expect(player.bet(1000, 5)).toBe(5);
    expect(player.bet(10, 10)).toBe(10);
  });
});

describe('the contract factories', () => {
  it('getSimple and getCounting each return one shared instance', () => {
    expect(getSimple()).toBe(getSimple());
    expect(getCounting()).toBe(getCounting());
    expect(getSimple()).not.toBe(getCounting());
    expect(getSimple()).toBeInstanceOf(SimplePlayer);
    expect(getCounting()).toBeInstanceOf(CountingPlayer);
  });

  it('Counting reuses Simple strategy rather than a copy of it', () => {
    expect(CountingPlayer.prototype.draw).toBe(SimplePlayer.prototype.draw);
  });
});
