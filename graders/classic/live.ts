// Properties that need no oracle, run live in the student tool (which holds no reference): what holds
// of any correct deck, hand and player whatever the cards. Self-contained (the kit and fast-check
// only): it is copied into the tool as it is. Worth no points: the recorded tests grade the answers.
import {
  checkProperty,
  data,
  Script,
  show,
  type Thrown,
  threw,
  type UnitTest,
  view,
} from '@pitboss/grader/kit';
import fc from 'fast-check';

const DECK_SIZE = 52;
const SPOTS = [
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
  'Ace',
];
const SUITS = ['Spades', 'Hearts', 'Clubs', 'Diamonds'];
const ACE = 12;

interface Card {
  spot: number;
  suit: number;
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/** The card's place in a new deck's order (0..51), or undefined when the value is not a card. */
function indexOf(value: unknown): number | undefined {
  const spot = field(value, 'spot');
  const suit = field(value, 'suit');
  if (!Number.isInteger(spot) || !Number.isInteger(suit)) return undefined;
  if ((spot as number) < 0 || (spot as number) > 12 || (suit as number) < 0 || (suit as number) > 3)
    return undefined;
  return (suit as number) * 13 + (spot as number);
}

const nameOf = (value: unknown): string => {
  const index = indexOf(value);
  return index === undefined
    ? `${show(value)} (not a card)`
    : `${SPOTS[index % 13]} of ${SUITS[(index / 13) | 0]}`;
};
const cardName = (card: Card) => `${SPOTS[card.spot]} of ${SUITS[card.suit]}`;

const isDeckEmpty = (thrown: Thrown) => thrown.provided === 'DeckEmpty' || thrown.name === 'DeckEmpty';

const shufflesArb = fc.array(fc.integer({ min: 0, max: DECK_SIZE }), { maxLength: 4 });
const cardArb: fc.Arbitrary<Card> = fc.record({
  spot: fc.integer({ min: 0, max: 12 }),
  suit: fc.integer({ min: 0, max: 3 }),
});

/** A new deck, shuffled as given: the script, the deck's slot and the words so far. */
function shuffled(cuts: readonly number[]) {
  const script = new Script();
  const deck = script.construct('deck.ts', 'Deck', [], 'new Deck()');
  const words = ['new deck'];
  for (const n of cuts) {
    script.call(deck, 'shuffle', [data(n)], { text: `${words.join('; ')}; shuffle(${n})` });
    words.push(`shuffle(${n})`);
  }
  return { script, deck, before: words.join('; ') };
}

const deckTests: UnitTest[] = [
  {
    id: 'live.deck.shuffles-keep-every-card',
    name: 'After any shuffles, the 52 deals give every card exactly once',
    file: 'deck.ts',
    run: (t) =>
      checkProperty(t, shufflesArb, (cuts) => {
        const { script, deck, before } = shuffled(cuts);
        const seen = new Map<number, number>();
        for (let i = 0; i < DECK_SIZE; i++) {
          script.call(deck, 'deal', [], {
            text: `${before}; deal #${i + 1}`,
            check: (got) => {
              // A script may be judged again: its first deal starts afresh.
              if (i === 0) seen.clear();
              const index = indexOf(got);
              if (index === undefined) return `${before}; deal #${i + 1} returned ${nameOf(got)}`;
              const first = seen.get(index);
              if (first !== undefined)
                return `${before}; deal #${i + 1} returned ${nameOf(got)}, already dealt at deal #${first}`;
              seen.set(index, i + 1);
              return undefined;
            },
          });
        }
        return script;
      }),
  },
  {
    id: 'live.deck.cards-left-counts-down',
    name: 'cardsLeft() is 52 after shuffles and counts down by one per deal',
    file: 'deck.ts',
    run: (t) =>
      checkProperty(t, fc.tuple(shufflesArb, fc.integer({ min: 0, max: DECK_SIZE })), ([cuts, deals]) => {
        const { script, deck, before } = shuffled(cuts);
        for (let i = 0; i <= deals; i++) {
          if (i > 0) script.call(deck, 'deal', [], { text: `${before}; deal #${i}` });
          const expected = DECK_SIZE - i;
          const where = `${before}${i > 0 ? `; ${i} deal${i > 1 ? 's' : ''}` : ''}; cardsLeft()`;
          script.call(deck, 'cardsLeft', [], {
            text: where,
            check: (got) =>
              got === expected ? undefined : `${where} returned ${show(got)}; expected ${expected}`,
          });
        }
        return script;
      }),
  },
  {
    id: 'live.deck.deck-empty-after-52-deals',
    name: 'After any shuffles, the 53rd deal throws DeckEmpty',
    file: 'deck.ts',
    run: (t) =>
      checkProperty(t, shufflesArb, (cuts) => {
        const { script, deck, before } = shuffled(cuts);
        for (let i = 1; i <= DECK_SIZE; i++) script.call(deck, 'deal', [], { text: `${before}; deal #${i}` });
        const where = `${before}; 52 deals; deal #53`;
        script.call(deck, 'deal', [], {
          text: where,
          check: (got) => `${where} returned ${nameOf(got)}; expected it to throw DeckEmpty`,
          onThrow: (thrown) =>
            isDeckEmpty(thrown) ? undefined : `${where} ${threw(thrown)}; expected DeckEmpty (from card.ts)`,
        });
        return script;
      }),
  },
];

/** A card's count with every Ace as 1. */
const hardCount = (card: Card) => (card.spot === ACE ? 1 : card.spot >= 8 ? 10 : card.spot + 2);

const handTests: UnitTest[] = [
  {
    id: 'live.hand.value-in-range',
    name: "A hand's count is its hard total, or 10 more when soft; soft only with an Ace and at most 21",
    file: 'hand.ts',
    run: (t) =>
      checkProperty(t, fc.array(cardArb, { minLength: 1, maxLength: 8 }), (cards) => {
        const script = new Script();
        const hand = script.construct('hand.ts', 'Hand', [], 'new Hand()');
        const held = cards.map(cardName).join(', ');
        for (const card of cards)
          script.call(hand, 'addCard', [data(card)], { text: `addCard(${cardName(card)})` });
        const hard = cards.reduce((sum, card) => sum + hardCount(card), 0);
        const ace = cards.some((card) => card.spot === ACE);
        const where = `a hand of ${held}: handValue()`;
        script.call(hand, 'handValue', [], {
          text: where,
          check: (got) => {
            const count = field(got, 'count');
            const soft = field(got, 'soft');
            if (typeof count !== 'number' || typeof soft !== 'boolean')
              return `${where} returned ${show(got)}; expected { count: number, soft: boolean }`;
            if (count !== hard && count !== hard + 10)
              return `${where} returned count ${count}; it must be ${hard} (every Ace as 1) or ${hard + 10} (one Ace as 11)`;
            if (soft && !ace) return `${where} returned a soft count with no Ace in the hand`;
            if (soft && count > 21) return `${where} returned soft ${count}: a soft count is at most 21`;
            if (soft !== (count === hard + 10))
              return `${where} returned ${soft ? 'soft' : 'hard'} ${count}: a count with an Ace as 11 is soft, and only that one`;
            return undefined;
          },
        });
        return script;
      }),
  },
];

const players = ['getSimple', 'getCounting'] as const;

const playerTests: UnitTest[] = [
  {
    id: 'live.player.bet-within-bankroll',
    name: 'bet(bankroll, minimum) is at least the minimum and at most the bankroll',
    file: 'player.ts',
    run: (t) =>
      checkProperty(
        t,
        fc
          .tuple(
            fc.constantFrom(...players),
            fc.integer({ min: 1, max: 1000 }),
            fc.integer({ min: 0, max: 10_000 }),
          )
          .map(([who, minimum, extra]) => ({ who, minimum, bankroll: minimum + extra })),
        ({ who, minimum, bankroll }) => {
          const script = new Script();
          const player = script.function('player.ts', who, [], { text: `${who}()` });
          const where = `${who}().bet(${bankroll}, ${minimum})`;
          script.call(player, 'bet', [data(bankroll), data(minimum)], {
            text: where,
            check: (got) =>
              typeof got === 'number' && Number.isInteger(got) && got >= minimum && got <= bankroll
                ? undefined
                : `${where} returned ${show(got)}; expected a whole number from ${minimum} to ${bankroll}`,
          });
          return script;
        },
      ),
  },
  {
    id: 'live.player.draw-is-a-boolean',
    name: 'draw() answers true (hit) or false (stand)',
    file: 'player.ts',
    run: (t) =>
      checkProperty(
        t,
        fc.tuple(fc.constantFrom(...players), cardArb, fc.integer({ min: 4, max: 21 }), fc.boolean()),
        ([who, up, count, soft]) => {
          const value = { count, soft: soft && count >= 12 };
          const script = new Script();
          const player = script.function('player.ts', who, [], { text: `${who}()` });
          const where = `${who}().draw(${cardName(up)}, a hand of ${value.soft ? 'soft' : 'hard'} ${count})`;
          script.call(player, 'draw', [data(up), view({ handValue: value })], {
            text: where,
            check: (got) =>
              typeof got === 'boolean' ? undefined : `${where} returned ${show(got)}; expected true or false`,
          });
          return script;
        },
      ),
  },
];

/** The live tests, ids all beginning with `live.`: the tool's rubric gives them 0 points. */
export const liveTests: readonly UnitTest[] = [...deckTests, ...handTests, ...playerTests];
