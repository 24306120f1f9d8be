// Reads a Straights transcript back into its events, and throws at the first line that does not fit the
// output's grammar. Independent of src/ on purpose: the properties judge the game by what it printed.

export interface Turn {
  round: number;
  /** Seat from 0 (Player1 is 0). */
  seat: number;
  /** Ranks on each pile as printed, Clubs, Diamonds, Hearts, Spades (`['6', '7', '8']`). */
  piles: string[][];
  hand: string[];
  legal: string[];
  /** What the turn printed before its move: refusals, `Invalid ...` lines, `deck` listings (as one item). */
  replies: string[];
  /** Each `deck` listing of the turn: 52 card names. */
  decks: string[][];
  ragequit: boolean;
  /** Absent when the game stopped at this turn's prompt (quit or end of input). */
  move?: { kind: 'play' | 'discard'; card: string };
}

export interface RoundEnd {
  discards: string[][];
  before: number[];
  gained: number[];
  after: number[];
}

export interface Round {
  opener: number;
  turns: Turn[];
  /** Absent when the game stopped during the round. */
  end?: RoundEnd;
}

export interface Game {
  /** How many "human or computer?" questions were printed (4 unless the input ended among them). */
  questions: number;
  rounds: Round[];
  winners: number[];
  /** The game stopped at a prompt (quit or end of input): the output's last byte is `>`. */
  stopped: boolean;
}

export const MESSAGES = new Set([
  'This is not a legal play.',
  'You have a legal play. You may not discard.',
  'Invalid command entered. Try again.',
  'Invalid card rank entered. Try again.',
  'Invalid card suit entered. Try again.',
]);

const SUIT_NAMES = ['Clubs', 'Diamonds', 'Hearts', 'Spades'];
const CARD = /^[A2-9TJQK][CDHS]$/;

const list = (rest: string, label: string): string[] => {
  if (rest === '') return [];
  if (!rest.startsWith(' ') || rest.endsWith(' ') || rest.includes('  ')) {
    throw new Error(`${label}: a list must be ' x y z', got '${rest}'`);
  }
  return rest.slice(1).split(' ');
};

const cards = (rest: string, label: string): string[] => {
  const items = list(rest, label);
  for (const item of items) if (!CARD.test(item)) throw new Error(`${label}: '${item}' is no card`);
  return items;
};

const exactly = (line: string): RegExp => new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

export function readTranscript(text: string): Game {
  const lines = text.split('\n');
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`line ${at + 1}: expected ${what}, got ${JSON.stringify(lines[at])}`);
  };
  /** The output ended at a prompt: the last "line" is a lone `>` with no newline after it. */
  const stopsHere = () => at === lines.length - 1 && lines[at] === '>';
  const take = (expected: string | RegExp, what: string): RegExpExecArray => {
    const pattern = typeof expected === 'string' ? exactly(expected) : expected;
    const line = lines[at];
    const match = line === undefined ? null : pattern.exec(line);
    if (match === null) return fail(what);
    at++;
    return match;
  };

  const game: Game = { questions: 0, rounds: [], winners: [], stopped: false };
  for (let seat = 0; seat < 4; seat++) {
    if (seat > 0 && stopsHere()) return { ...game, stopped: true };
    take(`${seat > 0 ? '>' : ''}Is Player${seat + 1} a human (h) or a computer (c)?`, 'a question');
    game.questions++;
  }
  if (stopsHere()) return { ...game, stopped: true };

  let prefix = '>';
  for (let number = 1; ; number++) {
    const opener =
      Number(
        take(
          new RegExp(`^${prefix}A new round begins\\. It's Player([1-4])'s turn to play\\.$`),
          'a new round',
        )[1],
      ) - 1;
    const round: Round = { opener, turns: [] };
    game.rounds.push(round);
    let seat = opener;
    for (;;) {
      take('Cards on the table:', 'the table');
      const piles = SUIT_NAMES.map((name) => {
        const ranks = list(take(new RegExp(`^${name}:(.*)$`), `the ${name} pile`)[1]!, name);
        for (const rank of ranks) if (!/^[A2-9TJQK]$/.test(rank)) fail(`ranks on the ${name} pile`);
        return ranks;
      });
      const hand = cards(take(/^Your hand:(.*)$/, 'the hand')[1]!, 'Your hand');
      const legal = cards(take(/^Legal plays:(.*)$/, 'the legal plays')[1]!, 'Legal plays');
      const turn: Turn = { round: number, seat, piles, hand, legal, replies: [], decks: [], ragequit: false };
      round.turns.push(turn);
      for (;;) {
        if (stopsHere()) return { ...game, stopped: true };
        const reply = take(/^>(.*)$/, 'a prompt')[1]!;
        const move = /^Player([1-4]) (plays|discards) ([^ ]+)\.$/.exec(reply);
        if (move !== null) {
          if (Number(move[1]) - 1 !== seat) fail(`Player${seat + 1}'s move`);
          turn.move = { kind: move[2] === 'plays' ? 'play' : 'discard', card: move[3]! };
          break;
        }
        if (reply === `Player${seat + 1} ragequits. A computer will now take over.`) {
          turn.ragequit = true;
          const next = take(
            new RegExp(`^Player${seat + 1} (plays|discards) ([^ ]+)\\.$`),
            'the computer move',
          );
          turn.move = { kind: next[1] === 'plays' ? 'play' : 'discard', card: next[2]! };
          break;
        }
        if (MESSAGES.has(reply)) {
          turn.replies.push(reply);
          continue;
        }
        const deck = [reply];
        for (let line = 1; line < 4; line++) deck.push(take(/^[^>].*$/, 'a deck line')[0]);
        const names = deck.flatMap((line) => line.split(' '));
        if (names.length !== 52 || !names.every((name) => CARD.test(name))) fail('a 4-line deck listing');
        turn.decks.push(names);
        turn.replies.push(deck.join('\n'));
      }
      if (lines[at] !== 'Cards on the table:') break;
      seat = (seat + 1) % 4;
    }
    const end: RoundEnd = { discards: [], before: [], gained: [], after: [] };
    for (let player = 1; player <= 4; player++) {
      end.discards.push(
        cards(take(new RegExp(`^Player${player}'s discards:(.*)$`), 'discards')[1]!, 'discards'),
      );
      const score = take(new RegExp(`^Player${player}'s score: (\\d+) \\+ (\\d+) = (\\d+)$`), 'a score');
      end.before.push(Number(score[1]));
      end.gained.push(Number(score[2]));
      end.after.push(Number(score[3]));
    }
    round.end = end;
    if (!lines[at]?.startsWith('A new round begins')) break;
    prefix = '';
  }
  while (at < lines.length - 1) game.winners.push(Number(take(/^Player([1-4]) wins!$/, 'a winner')[1]) - 1);
  if (game.winners.length === 0) fail('a winner');
  take('', 'the end of the output, after a newline');
  return game;
}
