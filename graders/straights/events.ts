// What a Straights transcript's game is, apart from its format (SPEC section 9, "Game events"): every
// move as the player's number, plays or discards, and the card, whatever the spelling (`Player1 plays
// 7S.`, `Player 1 plays card 7S`); each round's new total scores in seat order (the number after `=`,
// whatever the sum's layout); the winners. Read line by line, tolerant of students' own layouts.
import {
  type EventDifference,
  type GameEvent,
  type GameEvents,
  type ReadAllowance,
  tell,
} from '@pitboss/grader/kit';

const RANK_NAMES = [
  'Ace',
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
];
const SUIT_NAMES: Readonly<Record<string, string>> = { C: 'Clubs', D: 'Diamonds', H: 'Hearts', S: 'Spades' };
const RANK_LETTERS = 'A23456789TJQK';

/** A rank as a student may spell it, to its letter (`10`, `ten`, `T` -> `T`). */
function rankLetter(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (lower === '10') return 'T';
  const named = RANK_NAMES.findIndex((name) => name.toLowerCase() === lower);
  if (named >= 0) return RANK_LETTERS[named];
  const upper = word.toUpperCase();
  return upper.length === 1 && RANK_LETTERS.includes(upper) ? upper : undefined;
}

const suitLetter = (word: string): string | undefined => {
  const upper = word.toUpperCase();
  if (upper.length === 1) return upper in SUIT_NAMES ? upper : undefined;
  const found = Object.entries(SUIT_NAMES).find(([, name]) => name.toUpperCase() === upper);
  return found?.[0];
};

/** `7S` in words: the Seven of Spades. */
const cardWords = (card: string): string =>
  `the ${RANK_NAMES[RANK_LETTERS.indexOf(card[0]!)]} of ${SUIT_NAMES[card[1]!]}`;

const RANK = String.raw`(10|[A2-9TJQK]|ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)`;
const SUIT = String.raw`(clubs|diamonds|hearts|spades|[CDHS])`;
// Every pattern runs on a squeezed line (each run of whitespace one space), so each space in it matches
// one character: led by a word, with no quantifier beside another over the same characters, none can
// backtrack over a line. Reading is linear in the output (test/events-linear.test.ts).
// `plays 7S`, `plays card 7S`, `plays the 7 of Spades`, `plays 10 S`; never `discards:` (a round's list).
const MOVE = new RegExp(
  String.raw`\bplayer ?#? ?(\d+) ?(?:'s )?:? ?(plays?|played|discards?|discarded)\b(?! ?:) ?(?:a |the |card )*${RANK} ?(?:of )?${SUIT}\b`,
  'i',
);
const PLAYER = /\bplayer ?#? ?(\d+)/i;
const PLAYERS = /\bplayer ?#? ?(\d+)/gi;
const WINS = /\b(wins?|winners?|won)\b/i;

/** Lines are cut before matching: a student's output can hold anything. */
const LINE_READ = 2000;

interface Read {
  kind: 'move' | 'score' | 'winner';
  line: number;
  key: string;
  say: (who: 'you' | 'the course') => string;
}

export function readStraightsEvents(output: string, allowance?: ReadAllowance): GameEvent[] {
  const reads: Read[] = [];
  const lines = output.split('\n');
  for (let i = 0; i < lines.length; i++) {
    allowance?.line();
    const text = lines[i]!.slice(0, LINE_READ).replace(/\s+/g, ' ');
    const line = i + 1;
    const move = MOVE.exec(text);
    if (move !== null) {
      const [, number, verb, rank, suit] = move as unknown as [string, string, string, string, string];
      const letter = rankLetter(rank);
      const suitOf = suitLetter(suit);
      if (letter !== undefined && suitOf !== undefined) {
        const card = `${letter}${suitOf}`;
        const plays = verb.toLowerCase().startsWith('play');
        const player = `Player${Number(number)}`;
        reads.push({
          kind: 'move',
          line,
          key: `${plays ? 'plays' : 'discards'} ${player} ${card}`,
          say: (who) => `${tell(who, 'have')} ${player} ${plays ? 'play' : 'discard'} ${cardWords(card)}`,
        });
        continue;
      }
    }
    const player = PLAYER.exec(text);
    if (player === null) continue;
    if (/score/i.test(text) || text.includes('=')) {
      // The new total: after the last `=` when the line sums, else the line's last number.
      const after = text.includes('=')
        ? text.slice(text.lastIndexOf('=') + 1)
        : text.slice(player.index + player[0].length);
      const numbers = after.match(/-?\d+/g);
      const value = numbers === null ? undefined : Number(text.includes('=') ? numbers[0] : numbers.at(-1));
      if (value === undefined || !Number.isFinite(value)) continue;
      const name = `Player${Number(player[1])}`;
      reads.push({
        kind: 'score',
        line,
        key: `score ${name} ${value}`,
        say: (who) => `${tell(who, 'give')} ${name} a total score of ${value}`,
      });
      continue;
    }
    if (WINS.test(text)) {
      for (const each of text.matchAll(PLAYERS)) {
        const name = `Player${Number(each[1])}`;
        reads.push({
          kind: 'winner',
          line,
          key: `wins ${name}`,
          say: (who) => `${tell(who, 'name')} ${name} a winner`,
        });
      }
    }
  }
  // Rounds from the events themselves, never from a layout: a move after a score opens the next round.
  let round = 1;
  const events: GameEvent[] = [];
  for (const [i, read] of reads.entries()) {
    if (read.kind === 'move' && reads[i - 1]?.kind === 'score') round++;
    events.push({ round, line: read.line, key: read.key, say: read.say });
  }
  return events;
}

/** A likely cause of a first difference, where the pattern is one real students make. */
export function straightsHint(difference: EventDifference): string | undefined {
  const { yours, course, index, courseAll } = difference;
  if (course === undefined)
    return 'does the game end after the round in which a score reaches 80, and every player with the lowest score win?';
  if (course.key.startsWith('wins') || yours?.key.startsWith('wins') === true)
    return 'does every player with the lowest score win, ties included?';
  if (course.key.startsWith('score'))
    return "is each new total the last round's plus the ranks discarded this round (Ace 1, Jack 11, Queen 12, King 13)?";
  if (index === 0) return 'does the holder of the Seven of Spades open, with the Seven of Spades?';
  const firstOfRound = courseAll.findIndex((event) => event.round === course.round);
  // A new deal shows within the round's first turns (one by chance may match: the Seven of Spades opens).
  if (course.round >= 2 && index - firstOfRound < 4)
    return "every round before is right: is your shuffle re-seeded, or the deck rebuilt, each round? The game's one engine shuffles the last round's order every round";
  return undefined;
}

/** The course's prompt: `>` where a line waits for input. */
const withoutPrompts = (output: string): string => output.replace(/^>+/gm, '');

export const straightsEvents: GameEvents = {
  read: readStraightsEvents,
  withoutPrompts,
  hint: straightsHint,
};

/** The module's answer to Assignment.eventsModule. */
export const events = straightsEvents;
