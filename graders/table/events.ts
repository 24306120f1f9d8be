// What a `table` transcript's game is, apart from its format: each round's bets (input is not echoed,
// so a bet shows only when it is refused, and through the funds), the cards shown, each the first time
// it shows in the round, with whom it went to, the dealer's result, each player's settling and funds.
// Read line by line, tolerant of case, spacing and a student's own wording around the cards and of the
// settling; what a hand makes (a total, a bust, a blackjack) is read from its cards, never its words.
// Self-contained but for the kit (Assignment.eventsModule): the student tool copies it as it is.
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
const SUITS = ['Clubs', 'Diamonds', 'Hearts', 'Spades'];

/** A card anywhere in a line: `<rank> of <suit>`, any case, the rank a number or a word. */
const CARD = String.raw`\b(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace|10|[2-9]|[jqka])\s+of\s+(spades|hearts|clubs|diamonds)\b`;

/** The card of a CARD match in words: `10`, `Ten` -> `Ten of Clubs`. */
function cardOf(rank: string, suit: string): string | undefined {
  const lower = rank.toLowerCase();
  const spot =
    SPOTS.find((name) => name.toLowerCase() === lower) ??
    (/^\d+$/.test(lower) ? SPOTS[Number(lower) - 2] : { j: 'Jack', q: 'Queen', k: 'King', a: 'Ace' }[lower]);
  const suitName = SUITS.find((name) => name.toLowerCase() === suit.toLowerCase());
  return spot === undefined || suitName === undefined ? undefined : `${spot} of ${suitName}`;
}

/** Lines are cut before matching: a student's output can hold anything. */
const LINE_READ = 2000;
/** The players a game can seat, and the dealer, with room: names past these are not players. */
const NAMES_KEPT = 16;

// Every pattern runs on a squeezed line (each run of whitespace one space), so each space in it matches
// one character: anchored, or led by a word, with no quantifier beside another over the same characters,
// none can backtrack over a line. Reading is linear in the output (graders/table/test/events-linear).
const FUNDS = /^(.+?) (?:now )?has \$ ?(-?\d+)/i;
const DEALER_HAS = /^dealer has (busted|blackjack|\d+)/i;
const ROUND = /^round ?(\d+)/i;
const ILLEGAL = /illegal bet/i;
const TURN = /^(.+?)'s turn\b/i;
const CARDS = new RegExp(CARD.replaceAll(String.raw`\s+`, ' '), 'gi');

/** The player a bet prompt names: `How much does <name> bet?`, found by hand (a lazy name would rescan). */
function asked(text: string): string | undefined {
  const lower = text.toLowerCase();
  const at = lower.indexOf('how much does ');
  if (at < 0) return undefined;
  const from = at + 'how much does '.length;
  const end = lower.indexOf(' bet', from);
  return end <= from ? undefined : text.slice(from, end);
}

const WORDY = /[\p{L}\p{N}_]/u;

/** Where `word` last stands in `text` with no letter or digit either side; -1 when nowhere. */
function lastWord(text: string, word: string): number {
  if (word === '') return -1;
  for (let at = text.lastIndexOf(word); at >= 0; at = at === 0 ? -1 : text.lastIndexOf(word, at - 1)) {
    const before = text[at - 1];
    const after = text[at + word.length];
    if ((before === undefined || !WORDY.test(before)) && (after === undefined || !WORDY.test(after)))
      return at;
  }
  return -1;
}

const clean = (line: string): string =>
  line
    .slice(0, LINE_READ)
    .replace(/\s+/g, ' ')
    .replace(/^[ >#*-]+/, '')
    .trim();

/** Names as keys compare without case or spacing. */
const key = (name: string): string => name.replace(/\s+/g, ' ').trim().toLowerCase();

/** A card's worth: its rank's, faces 10, an Ace 11 (lowered by `handOf` when that busts). */
function worth(card: string): number {
  const spot = SPOTS.indexOf(card.slice(0, card.indexOf(' ')));
  return spot === 12 ? 11 : spot >= 8 ? 10 : spot + 2;
}

/** What a hand's cards make (SPEC section 8): a total, a bust, or a blackjack (exactly two cards worth 21). */
function handOf(cards: readonly string[]): string {
  let total = cards.reduce((sum, card) => sum + worth(card), 0);
  for (let aces = cards.filter((card) => card.startsWith('Ace ')).length; total > 21 && aces > 0; aces--)
    total -= 10;
  return total > 21 ? 'busted' : total === 21 && cards.length === 2 ? 'blackjack' : String(total);
}

/** A settling from the player's side. */
type Settled = 'win' | 'loss' | 'tie';
const TIES = new Set(['tie', 'ties', 'tied', 'push', 'pushes', 'draw', 'draws']);
const WINS = new Set(['win', 'wins', 'won', 'beats']);
const LOSSES = new Set(['lose', 'loses', 'lost', 'loss']);
const HOUSE = new Set(['dealer', 'house']);

/**
 * The settling a line's words tell, in any of the course's or students' words (`Sally wins`, `Player
 * wins`, `Dealer loses`, `Dealer wins`, `tie`, `Push`, any case): the first word that settles, and
 * whose side it is on by the word before it. The words are split by hand: no pattern rescans them.
 */
function settling(text: string): Settled | undefined {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (TIES.has(word)) return 'tie';
    const wins = WINS.has(word);
    if (!wins && !LOSSES.has(word)) continue;
    const house = HOUSE.has(words[i - 1] ?? '');
    return wins !== house ? 'win' : 'loss';
  }
  return undefined;
}

const SETTLED_WORDS: Readonly<Record<Settled, string>> = { win: 'a win', loss: 'a loss', tie: 'a tie' };

/** A hand in words: `busted`, `with a blackjack`, `with 19`. */
const handWords = (hand: string): string =>
  hand === 'busted' ? 'busted' : hand === 'blackjack' ? 'with a blackjack' : `with ${hand}`;

/** The harness's calls that start a table over: the cards shown before them are shown no more. */
const FRESH_TABLE = /^> (?:deck|players|deal)\b/;

/**
 * The C++ edition's unit-test harness's output (graders/table/cpp-units.ts: `> deck ...` first) as
 * events: its calls, what they returned (`= ...`: a bet placed, a bust, the funds after a settling) and
 * each card the first time a call shows it since the last deal, read from the cards wherever they stand
 * in a line. How a call lays them out (a hand's `Hand: ` label or none, a hand shown again, the
 * dealer's words, a settle line's wording) is the format: `Sally has 21--Sally wins` is the game right
 * when the funds are, and a DealerPlay that prints its hand without `Hand: ` shows the same cards. Read
 * here, with the game's, so that the student tool, which ships this module, reads it too.
 */
function readHarnessEvents(output: string, allowance?: ReadAllowance): GameEvent[] {
  const read: GameEvent[] = [];
  let shown = new Set<string>();
  // The call an answer answers, named with it: `answers 70 to \`funds 2\``.
  let call = '';
  for (const [i, line] of output.split('\n').entries()) {
    allowance?.line();
    const add = (k: string, said: string) =>
      read.push({
        round: 1,
        line: i + 1,
        key: k,
        say: (who) => `${who === 'you' ? 'your class' : "the course's class"} ${said}`,
      });
    if (line.startsWith('> ')) {
      if (FRESH_TABLE.test(line)) shown = new Set();
      call = line.slice(2);
      add(line, `is called: ${call}`);
    } else if (line.startsWith('= ')) add(line, `answers ${line.slice(2)} to \`${call}\``);
    else
      for (const found of clean(line).matchAll(CARDS)) {
        const card = cardOf(found[1]!, found[2]!);
        if (card === undefined || shown.has(card)) continue;
        shown.add(card);
        add(`card ${card}`, `shows the ${card}`);
      }
  }
  return read;
}

export function readTableEvents(output: string, allowance?: ReadAllowance): GameEvent[] {
  if (output.startsWith('> deck ')) return readHarnessEvents(output, allowance);
  const lines = output.split('\n').map((line) => {
    allowance?.line();
    return clean(line);
  });
  // The players are who has funds: found first, so that a card's line can be read for its holder.
  const names = new Map<string, string>([['dealer', 'Dealer']]);
  for (const text of lines) {
    if (names.size >= NAMES_KEPT) break;
    const found = FUNDS.exec(text)?.[1] ?? TURN.exec(text)?.[1] ?? asked(text);
    if (found !== undefined && found.trim() !== '') names.set(key(found), found.trim());
  }
  /** The last player named in `text` as a whole word (a player may be called `A`), as the output spells them. */
  const named = (text: string): string | undefined => {
    let found: { at: number; name: string } | undefined;
    const lower = text.toLowerCase();
    for (const [k, name] of names) {
      const at = lastWord(lower, k);
      if (at >= 0 && (found === undefined || at > found.at)) found = { at, name };
    }
    return found?.name;
  };
  /** The player a line opens with (the longest name that stands at its start), never the dealer. */
  const opener = (text: string): string | undefined => {
    const lower = text.toLowerCase();
    let found: string | undefined;
    for (const [k, name] of names) {
      const after = lower[k.length];
      if (k === 'dealer' || !lower.startsWith(k) || (after !== undefined && WORDY.test(after))) continue;
      if (found === undefined || k.length > found.length) found = name;
    }
    return found;
  };
  const events: GameEvent[] = [];
  let round = 1;
  let turn: string | undefined;
  let seen = new Set<string>();
  // Each holder's cards this round: what a hand makes follows from them, never from a word printed for it.
  let hands = new Map<string, string[]>();
  const handOfHolder = (holder: string) => handOf(hands.get(key(holder)) ?? []);
  for (let i = 0; i < lines.length; i++) {
    allowance?.line();
    const text = lines[i]!;
    const line = i + 1;
    const add = (k: string, say: GameEvent['say']) => events.push({ round, line, key: k, say });
    const roundAt = ROUND.exec(text);
    if (roundAt !== null) {
      round = Number(roundAt[1]);
      seen = new Set();
      hands = new Map();
      turn = undefined;
      continue;
    }
    if (ILLEGAL.test(text)) {
      add('illegal bet', (who) => `${tell(who, 'refuse')} a bet, changing it to $0`);
      continue;
    }
    const turnOf = TURN.exec(text);
    if (turnOf !== null) turn = named(turnOf[1]!) ?? turnOf[1]!.trim();
    const dealerHas = DEALER_HAS.exec(text);
    if (dealerHas !== null) {
      const hand = handOfHolder('dealer');
      const told = hand === 'busted' ? 'busted' : hand === 'blackjack' ? 'a blackjack' : `a total of ${hand}`;
      add(`dealer ${hand}`, (who) => `${tell(who, 'have')} the dealer end with ${told}`);
      continue;
    }
    const fundsOf = FUNDS.exec(text);
    if (fundsOf !== null) {
      const name = fundsOf[1]!.trim();
      const funds = fundsOf[2]!;
      add(`funds ${key(name)} ${Number(funds)}`, (who) => `${tell(who, 'leave')} ${name} with $${funds}`);
      continue;
    }
    const player = opener(text);
    const settled = player === undefined ? undefined : settling(text.slice(player.length));
    if (player !== undefined && settled !== undefined) {
      const hand = handOfHolder(player);
      add(
        `settle ${key(player)} ${settled}`,
        (who) =>
          `${tell(who, 'settle')} ${player}, ${handWords(hand)}, as ${SETTLED_WORDS[settled]} for ${player}`,
      );
      continue;
    }
    const cards = [...text.matchAll(CARDS)];
    if (cards.length === 0) continue;
    // Whose cards: a player named before the first card, else whose turn it is.
    const holder = named(text.slice(0, cards[0]!.index)) ?? turn ?? 'someone';
    for (const found of cards) {
      const card = cardOf(found[1]!, found[2]!);
      if (card === undefined || seen.has(card)) continue;
      seen.add(card);
      const hand = hands.get(key(holder)) ?? [];
      hand.push(card);
      hands.set(key(holder), hand);
      const to = key(holder) === 'dealer' ? 'the dealer' : holder;
      add(`card ${key(holder)} ${card}`, (who) => `${tell(who, 'deal')} ${to} the ${card}`);
    }
  }
  return events;
}

/** A likely cause of a first difference, where the pattern is one real students make. */
export function tableHint(difference: EventDifference): string | undefined {
  const { yours, course, index, courseAll } = difference;
  const kind = (event: GameEvent | undefined) => event?.key.split(' ')[0];
  const dealerCard = (event: GameEvent | undefined) => event?.key.startsWith('card dealer') === true;
  if (course !== undefined && kind(course) === 'card' && course.round >= 2) {
    const first = courseAll.findIndex((event) => event.round === course.round && kind(event) === 'card');
    if (first === index)
      return "every round before is right: does each round open a fresh deck and shuffle it with the game's one generator, seeded once?";
  }
  if (kind(course) === 'funds' || kind(yours) === 'funds')
    return 'does a win pay the bet (a blackjack too, even money), a loss take it and a tie leave the funds as they were?';
  if (kind(course) === 'settle' || kind(yours) === 'settle')
    return "is a blackjack (two cards worth 21) above any other 21, a tie a tie (blackjack against blackjack too), and a player's bust a loss even when the dealer busts?";
  if (dealerCard(course) !== dealerCard(yours))
    return 'does the dealer hit at 16 or less and stay at 17 or more, a soft 17 too?';
  if (kind(course) === 'illegal' || kind(yours) === 'illegal')
    return "is a bet legal when it is a whole number from 0 to all of the player's funds?";
  return undefined;
}

/** The course's prompts: a question waiting for a word, and a player's `<name>'s play: `. */
const withoutPrompts = (output: string): string =>
  output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => !line.endsWith('?') && !line.toLowerCase().endsWith("'s play:"))
    .join('\n');

export const tableEvents: GameEvents = { read: readTableEvents, withoutPrompts, hint: tableHint };

/** The module's answer to Assignment.eventsModule. */
export const events = tableEvents;
