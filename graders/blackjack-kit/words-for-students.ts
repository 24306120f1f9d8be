// Words for the values a recorded test shows a student (the student tool, which holds no reference):
// cards by name, hand values as {count, soft}. Self-contained: it is copied into the tool as it is.
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

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

export function describeValue(value: unknown): string | undefined {
  const spot = field(value, 'spot');
  const suit = field(value, 'suit');
  if (typeof spot === 'number' && typeof suit === 'number') {
    const name = `${SPOTS[spot] ?? '?'} of ${SUITS[suit] ?? '?'}`;
    return SPOTS[spot] !== undefined && SUITS[suit] !== undefined
      ? name
      : `${JSON.stringify(value)} (not a card)`;
  }
  const count = field(value, 'count');
  const soft = field(value, 'soft');
  if (count !== undefined && soft !== undefined)
    return `{count: ${JSON.stringify(count)}, soft: ${JSON.stringify(soft)}}`;
  return undefined;
}
