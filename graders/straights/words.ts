// Straights in the handout's words, for every message a student reads: cards as `7S`, hands as the
// game prints them, the table as its piles (`Hearts 6..9`). Self-contained (it imports nothing): the
// student tool copies it as it is and tells recorded values with `describeValue`.

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
const SUITS = ['C', 'D', 'H', 'S'];
const SUIT_NAMES = ['Clubs', 'Diamonds', 'Hearts', 'Spades'];

interface CardLike {
  readonly rank: number;
  readonly suit: number;
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/** Whether a value is a card of the provided card.ts: a rank 1..13 and a suit 0..3. */
export function isCard(value: unknown): value is CardLike {
  const rank = field(value, 'rank');
  const suit = field(value, 'suit');
  return (
    typeof rank === 'number' &&
    typeof suit === 'number' &&
    RANKS[rank] !== undefined &&
    rank > 0 &&
    SUITS[suit] !== undefined
  );
}

/** A card as the game prints it: `7S`, `TD`, `AC`. */
export const cardWord = (card: CardLike): string => `${RANKS[card.rank] ?? '?'}${SUITS[card.suit] ?? '?'}`;

/** Cards as the game lists them (`7S 8H`), or `(none)`. */
export const cardsWords = (cards: readonly CardLike[]): string =>
  cards.length === 0 ? '(none)' : cards.map(cardWord).join(' ');

/** A pile's ranks as a span: `6..9`, `7`. */
const span = (pile: readonly number[]): string => {
  const low = pile[0];
  const high = pile[pile.length - 1];
  if (low === undefined || high === undefined) return '';
  return low === high ? `${RANKS[low] ?? low}` : `${RANKS[low] ?? low}..${RANKS[high] ?? high}`;
};

/** The table by its piles, `Spades 7..9, Hearts 6..8 (Clubs, Diamonds empty)`, or `empty (nothing played yet)`. */
export function tableWords(table: readonly (readonly number[])[]): string {
  const started: string[] = [];
  const empty: string[] = [];
  // Spades first: every round opens there.
  for (const suit of [3, 0, 1, 2]) {
    const pile = table[suit] ?? [];
    if (pile.length === 0) empty.push(SUIT_NAMES[suit]!);
    else started.push(`${SUIT_NAMES[suit]} ${span(pile)}`);
  }
  if (started.length === 0) return 'empty (nothing played yet)';
  return empty.length === 0 ? started.join(', ') : `${started.join(', ')} (${empty.join(', ')} empty)`;
}

/** A hand and the table: the state a legalPlays or computerMove call is asked about. */
export const stateWords = (hand: readonly CardLike[], table: readonly (readonly number[])[]): string =>
  `hand ${cardsWords(hand)}; table: ${tableWords(table)}`;

/** Words for a value a student's code returned: a card, a list of cards, a move; else undefined. */
export function describeValue(value: unknown): string | undefined {
  if (isCard(value)) return cardWord(value);
  if (Array.isArray(value) && value.every(isCard)) return `[${value.map(cardWord).join(' ')}]`;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    for (const kind of ['play', 'discard']) {
      const card = field(value, kind);
      if (keys.length === 1 && keys[0] === kind && isCard(card)) return `{ ${kind}: ${cardWord(card)} }`;
    }
  }
  return undefined;
}
