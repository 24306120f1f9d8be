// A player at the keyboard, for the generated transcript cases: it reads the hand and the legal plays
// the game last printed and types a command chosen by a drawn number: mostly moves the rules allow
// (the computer's own, or another legal card), sometimes refused ones (an illegal play, a card not
// held, a discard while holding a legal play), `deck`, words that are no command or no card, a
// ragequit. What it typed is the case's stdin.
import { playGame } from '@pitboss/straights';
import fc from 'fast-check';

const lastList = (screen: string, label: string): string[] => {
  const at = screen.lastIndexOf(`\n${label}`);
  if (at < 0) return [];
  const line = screen.slice(at + label.length + 1, screen.indexOf('\n', at + 1));
  return line.split(' ').filter(Boolean);
};

const ALL_CARDS = [...'CDHS'].flatMap((suit) => [...'A23456789TJQK'].map((rank) => `${rank}${suit}`));
const NO_COMMANDS = ['Play', 'help', 'h', '7S', 'q', 'DECK', 'discard_', 'ragequit!', '>'];
const NO_CARDS = ['10S', '7s', '7', 'S7', '7SS', 'ZZ', '1H', 'tc', 'AX'];

/** The command for one drawn number, given what the game printed so far. */
export function command(choice: number, screen: string): string[] {
  const hand = lastList(screen, 'Your hand:');
  const legal = lastList(screen, 'Legal plays:');
  const pick = <T>(items: readonly T[]): T => items[Math.floor(choice / 64) % items.length]!;
  const kind = choice % 64;
  if (kind < 36 || hand.length === 0)
    return legal.length > 0 ? ['play', legal[0]!] : ['discard', hand[0] ?? 'AC'];
  if (kind < 46) return legal.length > 0 ? ['play', pick(legal)] : ['discard', pick(hand)];
  if (kind < 50) return ['discard', pick(hand)];
  if (kind < 54) return ['play', pick(hand)];
  if (kind < 56) return [kind % 2 === 0 ? 'play' : 'discard', pick(ALL_CARDS)];
  if (kind < 58) return ['deck'];
  if (kind < 60) return [pick(NO_COMMANDS)];
  if (kind < 63) return [kind % 2 === 0 ? 'play' : 'discard', pick(NO_CARDS)];
  return ['ragequit'];
}

export interface Typed {
  /** The stdin: the four answers, then one command a line. */
  stdin: string;
  /** How the game ended: won, or quit (by `quit` or the end of the input). */
  ending: 'won' | 'quit';
}

/**
 * Plays seed `seed`'s game with these answers to "human or computer?", a human's commands drawn from
 * `choices`; when they run out the input ends, with `quit` typed first when `quits`.
 */
export function typeGame(
  seed: number,
  answers: readonly string[],
  choices: readonly number[],
  quits: boolean,
): Typed {
  const typed: string[][] = [];
  const pending: string[] = [];
  let screen = '';
  let next = 0;
  let quitTyped = false;
  const result = playGame({
    seed,
    write: (text) => {
      screen += text;
    },
    input: {
      next() {
        if (pending.length === 0) {
          let words: string[];
          if (typed.length < answers.length) words = [answers[typed.length]!];
          else if (next < choices.length) words = command(choices[next++]!, screen);
          else if (quits && !quitTyped) {
            quitTyped = true;
            words = ['quit'];
          } else return undefined;
          typed.push(words);
          pending.push(...words);
        }
        return pending.shift();
      },
    },
  });
  return { stdin: typed.map((words) => `${words.join(' ')}\n`).join(''), ending: result.ending };
}

/** Four answers: `c`, or a human's word (only `c` is a computer). */
const seatsArb = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constant('c') },
    { weight: 2, arbitrary: fc.constantFrom('h', 'h', 'human') },
  ),
  { minLength: 4, maxLength: 4 },
);
/** Short lists end games early; long ones let humans finish most games. */
const choiceArb = fc.nat({ max: 64 * 64 - 1 });
const choicesArb = fc.oneof(
  fc.array(choiceArb, { minLength: 1, maxLength: 60 }),
  fc.array(choiceArb, { minLength: 300, maxLength: 900 }),
);

export interface Drawn {
  seed: number;
  typed: Typed;
}

/** A game to type: a seed (a few below zero, which the engine wraps), seats, commands, how input ends. */
export const gameArb: fc.Arbitrary<Drawn> = fc
  .record({
    seed: fc.oneof(
      { weight: 5, arbitrary: fc.nat({ max: 99_999 }) },
      { weight: 1, arbitrary: fc.integer({ min: -9999, max: -1 }) },
    ),
    seats: seatsArb,
    choices: choicesArb,
    quits: fc.boolean(),
  })
  .map(({ seed, seats, choices, quits }) => ({ seed, typed: typeGame(seed, seats, choices, quits) }));
