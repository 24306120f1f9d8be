// What reading an output costs, for the tests and the bench that hold every reader (an assignment's
// events, the transcript diff) linear in what it reads: lines built to backtrack against patterns that
// can (a lazy or greedy run beside a run of whitespace, a lazy name before a word, a greedy quote),
// and a reader's cost per byte of such output against its cost per byte of a course's output,
// measured in the same run so the ratio holds whatever the machine's load.

/** The longest line a reader reads (the readers' LINE_READ): an attack fills it. */
export const LINE_MAX = 2000;

/** Words the readers look for (table, Blackjack, Straights), each the lead of hostile lines. */
const WORDS = [
  'a',
  'Sally',
  'Sally has',
  'Sally now has $',
  "Sally's",
  'how much does',
  'Round',
  'Illegal',
  'Dealer has',
  'Dealer',
  'Player',
  'Player 1',
  'Player #',
  'Player 1 plays',
  'Player 1 plays a',
  'the',
  'card',
  'Ten',
  'Ten of',
  'hand 1',
  'Hand 1 bankroll',
  'dealt',
  'hole card is',
  'bets',
  'has been',
  'busts',
  'wins',
  'a: "',
  ': "',
  '?',
  "'s play:",
  '=',
  'score',
  '-',
  '$',
  '1',
];

/**
 * The lines of the attack: each word followed by a long run of whitespace and a letter no pattern
 * wants, each word repeated to the line's length with a space and without, each LINE_MAX long.
 */
export function backtrackingLines(): string[] {
  const fill = (lead: string, unit: string) =>
    `${lead}${unit.repeat(Math.ceil(LINE_MAX / unit.length))}`.slice(0, LINE_MAX - 1) + 'x';
  return WORDS.flatMap((word) => [fill(word, ' '), fill(word, ' \t'), fill('', `${word} `), fill('', word)]);
}

/** An output of `count` hostile lines, cycling through backtrackingLines(). */
export function backtrackingOutput(count: number): string {
  const lines = backtrackingLines();
  return `${Array.from({ length: count }, (_, i) => lines[i % lines.length]).join('\n')}\n`;
}

/** The least time `read` takes on `text`, over `rounds` readings after one to warm up, per byte. */
function perByte(read: (text: string) => unknown, text: string, rounds: number): number {
  read(text);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    read(text);
    best = Math.min(best, performance.now() - started);
  }
  return best / text.length;
}

export interface ReadingCost {
  /** Milliseconds per byte of the hostile output, and of the course's. */
  hostileMsPerByte: number;
  courseMsPerByte: number;
  /** How many times a course byte's cost a hostile byte costs: near 1 when reading is linear. */
  ratio: number;
}

/**
 * What `read` costs on `hostile` against `course` (the course's own output, repeated to the hostile
 * output's length so both are read at the same scale), per byte, in the same run.
 */
export function readingCost(
  read: (text: string) => unknown,
  hostile: string,
  course: string,
  rounds = 5,
): ReadingCost {
  const courseText = course.repeat(Math.max(1, Math.ceil(hostile.length / Math.max(1, course.length))));
  const courseMsPerByte = perByte(read, courseText, rounds);
  const hostileMsPerByte = perByte(read, hostile, rounds);
  return { hostileMsPerByte, courseMsPerByte, ratio: hostileMsPerByte / courseMsPerByte };
}
