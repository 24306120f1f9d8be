// What a `table` transcript's game is, apart from its format: each round's bets (input is not echoed,
// so a bet shows only when it is refused, and through the funds), the cards shown, each the first time
// it shows in the round, with whom it went to, the dealer's result, each player's settling and funds.
// Read line by line, tolerant of case, spacing and a student's own wording around the cards.
// Self-contained but for the kit (Assignment.eventsModule): the student tool copies it as it is.
import { type EventDifference, type GameEvent, type GameEvents, tell } from '@pitboss/grader/kit';

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

/** Lines are cut before matching: a student's output can hold anything, and matching must stay cheap. */
const LINE_READ = 2000;

const FUNDS = /^(.+?)\s+(?:now\s+)?has\s+\$\s*(-?\d+)/i;
const SETTLE = /^(.+?)\s+has\s+(busted|blackjack|\d+)\s*-+\s*(dealer\s+wins|dealer\s+loses|tie)\b/i;
const DEALER_HAS = /^dealer\s+has\s+(busted|blackjack|\d+)/i;
const ROUND = /^round\s*(\d+)/i;
const ILLEGAL = /illegal\s+bet/i;
const TURN = /^(.+?)'s\s+turn\b/i;

const ASKED = /how\s+much\s+does\s+(.+?)\s+bet\b/i;

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
    .replace(/^[\s>#*-]+/, '')
    .trim();

/** Names as keys compare without case or spacing. */
const key = (name: string): string => name.replace(/\s+/g, ' ').trim().toLowerCase();

export function readTableEvents(output: string): GameEvent[] {
  const lines = output.split('\n').map(clean);
  // The players are who has funds: found first, so that a card's line can be read for its holder.
  const names = new Map<string, string>([['dealer', 'Dealer']]);
  for (const text of lines) {
    const found = FUNDS.exec(text) ?? TURN.exec(text) ?? ASKED.exec(text);
    if (found !== null && found[1]!.trim() !== '') names.set(key(found[1]!), found[1]!.trim());
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
  const events: GameEvent[] = [];
  let round = 1;
  let turn: string | undefined;
  let seen = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    const line = i + 1;
    const add = (k: string, say: GameEvent['say']) => events.push({ round, line, key: k, say });
    const roundAt = ROUND.exec(text);
    if (roundAt !== null) {
      round = Number(roundAt[1]);
      seen = new Set();
      turn = undefined;
      continue;
    }
    if (ILLEGAL.test(text)) {
      add('illegal bet', (who) => `${tell(who, 'refuse')} a bet, changing it to $0`);
      continue;
    }
    const turnOf = TURN.exec(text);
    if (turnOf !== null) turn = named(turnOf[1]!) ?? turnOf[1]!.trim();
    const settled = SETTLE.exec(text);
    if (settled !== null) {
      const name = named(settled[1]!) ?? settled[1]!.trim();
      const [what, result] = [settled[2]!.toLowerCase(), settled[3]!.toLowerCase().replace(/\s+/g, ' ')];
      add(
        `settle ${key(name)} ${what} ${result}`,
        (who) =>
          `${tell(who, 'settle')} ${name}, ${what === 'busted' ? 'busted' : what === 'blackjack' ? 'with a blackjack' : `with ${what}`}, as ${result === 'tie' ? 'a tie' : `"${result}"`}`,
      );
      continue;
    }
    const dealerHas = DEALER_HAS.exec(text);
    if (dealerHas !== null) {
      const what = dealerHas[1]!.toLowerCase();
      const told = what === 'busted' ? 'busted' : what === 'blackjack' ? 'a blackjack' : `a total of ${what}`;
      add(`dealer ${what}`, (who) => `${tell(who, 'have')} the dealer end with ${told}`);
      continue;
    }
    const fundsOf = FUNDS.exec(text);
    if (fundsOf !== null) {
      const name = fundsOf[1]!.trim();
      const funds = fundsOf[2]!;
      add(`funds ${key(name)} ${Number(funds)}`, (who) => `${tell(who, 'leave')} ${name} with $${funds}`);
      continue;
    }
    const cards = [...text.matchAll(new RegExp(CARD, 'gi'))];
    if (cards.length === 0) continue;
    // Whose cards: a player named before the first card, else whose turn it is.
    const holder = named(text.slice(0, cards[0]!.index)) ?? turn ?? 'someone';
    for (const found of cards) {
      const card = cardOf(found[1]!, found[2]!);
      if (card === undefined || seen.has(card)) continue;
      seen.add(card);
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
    .filter((line) => !/\?\s*$/.test(line) && !/'s play:\s*$/i.test(line))
    .join('\n');

export const tableEvents: GameEvents = { read: readTableEvents, withoutPrompts, hint: tableHint };

/** The module's answer to Assignment.eventsModule. */
export const events = tableEvents;
