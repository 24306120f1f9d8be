// What a Blackjack transcript's game is, apart from its format, for every one-player edition (classic,
// minbet, crusaders): each hand's bankroll, the bets, the cards shown (each dealt card and the hole
// card), the outcomes (a natural, a bust, a win, a push, a player kicked out, a hand started again) and
// the closing bankroll. Read line by line, tolerant of case, spacing, prefixes (`# `) and spellings
// (`Ten`/`10`); the totals and cuts are left out (they follow from the cards and the cut source). In
// crusaders a character's words (a time stop, an escape, a cheer) are events too.
import {
  type EventDifference,
  type GameEvent,
  type GameEvents,
  type ReadAllowance,
  tell,
} from '@pitboss/grader/kit';

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

/** A spot as it may be spelled (`Ten`, `10`, `J`, `jack`), to its printed name. */
export function spotName(word: string): string | undefined {
  const lower = word.toLowerCase();
  const named = SPOTS.find((spot) => spot.toLowerCase() === lower);
  if (named !== undefined) return named;
  const digits = /^(\d+)$/.exec(lower);
  if (digits !== null) return SPOTS[Number(digits[1]) - 2];
  return { j: 'Jack', q: 'Queen', k: 'King', a: 'Ace' }[lower];
}

const suitName = (word: string): string | undefined =>
  SUITS.find((suit) => suit.toLowerCase() === word.toLowerCase());

/** A card anywhere in a line: `<spot> of <suit>`, any case. */
export const CARD = String.raw`\b(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace|10|[2-9]|[jqka])\s+of\s+(spades|hearts|clubs|diamonds)\b`;

/** The card of a CARD match, as printed: `Four of Hearts`; undefined when a word is not a card's. */
export function cardOf(spot: string, suit: string): string | undefined {
  const s = spotName(spot);
  const u = suitName(suit);
  return s === undefined || u === undefined ? undefined : `${s} of ${u}`;
}

/** Lines are cut before matching: a student's output can hold anything. */
const LINE_READ = 2000;

/** Who a line is about, as a key: `Player: Kujo Jotaro` -> `player kujo jotaro`. */
const whoKey = (who: string): string => who.toLowerCase().replace(/[:'"]/g, ' ').replace(/\s+/g, ' ').trim();
/** Who a line is about, in words: `Player` -> `the player`, `Player: Kujo Jotaro` -> `Kujo Jotaro (the player)`. */
function whoSaid(who: string): string {
  const plain = who.replace(/\s+/g, ' ').replace(/:$/, '').trim();
  if (/^(player|dealer)$/i.test(plain)) return `the ${plain.toLowerCase()}`;
  const role = /^(player|dealer)\s*:\s*(.+)$/i.exec(plain);
  return role === null ? plain : `${role[2]} (the ${role[1]!.toLowerCase()})`;
}

/** What a line's pattern found: the whole, then its groups. */
type Found = readonly (string | undefined)[];

/**
 * crusaders: a character's words are rules (a time stop, an escape, a cheer), and whose they are:
 * `<who>: "<words>"` (`<who>` up to the first colon with a quote after it, the line ending in a quote).
 * Found by hand: a pattern for it (a lazy name, a greedy quote) rescans the line from each colon.
 */
function speech(text: string): Found | null {
  if (!text.endsWith('"')) return null;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    const quote = text[colon + 1] === ' ' ? colon + 2 : colon + 1;
    if (text[quote] !== '"' || quote >= text.length - 1) continue;
    return [text, text.slice(0, colon).trimEnd(), text.slice(quote + 1, -1)];
  }
  return null;
}
const SPEECH = { exec: speech };

// Every pattern runs on a squeezed line (each run of whitespace one space), so each space in it matches
// one character: anchored, with no quantifier beside another over the same characters, none can
// backtrack over a line. Reading is linear in the output (test/events-linear.test.ts).
const LINE_CARD = CARD.replaceAll(String.raw`\s+`, ' ');
const HAND = /^hand ?#? ?(\d+)\W+bankroll\W*?(-?\d+)/i;
const USED_UP = /card used up/i;
const KICKED = /^(.*?) has been kicked out/i;
const FINAL = /^(.*?) has \$? ?(-?\d+) after (\d+) hands?\b/i;
const BETS = /^(.*?) bets \$? ?(-?\d+)/i;
const NATURAL = /^(.*?) dealt (?:a )?natural(?: 21)?\b/i;
const HOLE = new RegExp(String.raw`^(.*?)(?:'s)? hole card is (?:the )?${LINE_CARD}`, 'i');
const DEALT = new RegExp(String.raw`^(.*?) dealt (?:the )?${LINE_CARD}`, 'i');
const BUSTS = /^(.*?) busts\b/i;
const WINS = /^(.*?) wins\b/i;
const PUSH = /^push\b/i;

/** Where a reading is: its events, and the hand it is in (a `Hand N` line starts one). */
interface Reading {
  events: GameEvent[];
  round: number;
  line: number;
}

const add = (reading: Reading, key: string, say: GameEvent['say']) =>
  reading.events.push({ round: reading.round, line: reading.line, key, say });

/**
 * What each kind of line tells, in order: the first pattern a line matches says what it tells. Made
 * once (a long game is thousands of lines: its reading makes no closure a line).
 */
const RULES: readonly [{ exec(text: string): Found | null }, (m: Found, reading: Reading) => void][] = [
  [
    SPEECH,
    (m, r) =>
      add(
        r,
        `says ${whoKey(m[1]!)} ${m[2]!.toLowerCase().replace(/\s+/g, ' ').trim()}`,
        (who) => `${tell(who, 'have')} ${whoSaid(m[1]!)} say "${m[2]}"`,
      ),
  ],
  [
    HAND,
    (m, r) => {
      r.round = Number(m[1]);
      const [hand, bankroll] = [m[1]!, m[2]!];
      add(
        r,
        `hand ${Number(hand)} bankroll ${Number(bankroll)}`,
        (who) => `${tell(who, 'start')} hand ${hand} with a bankroll of ${bankroll}`,
      );
    },
  ],
  [
    USED_UP,
    (_, r) =>
      add(r, 'used up', (who) =>
        who === 'you'
          ? 'you find a card used up and start the hand again'
          : 'the course finds a card used up and starts the hand again',
      ),
  ],
  [KICKED, (m, r) => add(r, `out ${whoKey(m[1]!)}`, (who) => `${tell(who, 'kick')} ${whoSaid(m[1]!)} out`)],
  [
    FINAL,
    (m, r) =>
      add(
        r,
        `final ${whoKey(m[1]!)} ${Number(m[2])} ${Number(m[3])}`,
        (who) => `${tell(who, 'end')} with ${whoSaid(m[1]!)} holding ${m[2]} after ${m[3]} hands`,
      ),
  ],
  [
    BETS,
    (m, r) =>
      add(
        r,
        `bet ${whoKey(m[1]!)} ${Number(m[2])}`,
        (who) => `${tell(who, 'have')} ${whoSaid(m[1]!)} bet ${m[2]}`,
      ),
  ],
  [
    NATURAL,
    (m, r) =>
      add(r, `natural ${whoKey(m[1]!)}`, (who) => `${tell(who, 'deal')} ${whoSaid(m[1]!)} a natural 21`),
  ],
  [
    HOLE,
    (m, r) => {
      const card = cardOf(m[2]!, m[3]!);
      if (card !== undefined)
        add(
          r,
          `hole ${whoKey(m[1]!)} ${card}`,
          (who) => `${tell(who, 'show')} the hole card of ${whoSaid(m[1]!)}, the ${card}`,
        );
    },
  ],
  [
    DEALT,
    (m, r) => {
      const card = cardOf(m[2]!, m[3]!);
      if (card !== undefined)
        add(
          r,
          `card ${whoKey(m[1]!)} ${card}`,
          (who) => `${tell(who, 'deal')} ${whoSaid(m[1]!)} the ${card}`,
        );
    },
  ],
  [BUSTS, (m, r) => add(r, `busts ${whoKey(m[1]!)}`, (who) => `${tell(who, 'have')} ${whoSaid(m[1]!)} bust`)],
  [
    WINS,
    (m, r) => add(r, `wins ${whoKey(m[1]!)}`, (who) => `${tell(who, 'have')} ${whoSaid(m[1]!)} win the hand`),
  ],
  [PUSH, (_, r) => add(r, 'push', (who) => `${tell(who, 'call')} the hand a push`)],
];

export function readBlackjackEvents(output: string, allowance?: ReadAllowance): GameEvent[] {
  const reading: Reading = { events: [], round: 1, line: 0 };
  const lines = output.split('\n');
  for (let i = 0; i < lines.length; i++) {
    // minbet's `# ` and any other prefix of punctuation are layout.
    allowance?.line();
    const text = lines[i]!.slice(0, LINE_READ)
      .replace(/\s+/g, ' ')
      .replace(/^[ #>*-]+/, '')
      .trim();
    reading.line = i + 1;
    for (const [pattern, told] of RULES) {
      const m = pattern.exec(text);
      if (m === null) continue;
      told(m, reading);
      break;
    }
  }
  return reading.events;
}

/** A likely cause of a first difference, where the pattern is one real students make. */
export function blackjackHint(difference: EventDifference): string | undefined {
  const { yours, course } = difference;
  const kind = (event: GameEvent | undefined) => event?.key.split(' ')[0];
  const dealer = (event: GameEvent | undefined) => event?.key.startsWith('card dealer') === true;
  if (kind(course) === 'bet' && kind(yours) === 'bet')
    return "is the bet the player's answer to bet(bankroll, minimum), with the bankroll as the last hand left it?";
  if (kind(course) === 'hand' && kind(yours) === 'hand')
    return 'is each hand settled as the rules say: a natural pays 3/2 of the bet rounded down, a win the bet, a loss the bet, a push nothing?';
  if (dealer(course) !== dealer(yours) && (dealer(course) || dealer(yours)))
    return 'does the dealer hit while its count is below 17 and stand on 17, a soft 17 too?';
  if (kind(course) === 'card' && kind(yours) === 'card')
    return 'does your deck deal on from where the last hand stopped, and reshuffle (its cards as they lie, never a new deck) when fewer than 20 are left?';
  if (course === undefined || yours === undefined)
    return 'does the game stop when the bankroll falls below the minimum or the hands run out, and not before?';
  return undefined;
}

export const blackjackEvents: GameEvents = { read: readBlackjackEvents, hint: blackjackHint };

/** The module's answer to Assignment.eventsModule. */
export const events = blackjackEvents;
