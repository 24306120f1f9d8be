// The generated transcript cases' games: a seed, the seats, and a player at the keyboard
// (@pitboss/straights/typist) typing a command per drawn number. What it typed is the case's stdin.
import { playGame } from '@pitboss/straights';
import { CHOICES, typist } from '@pitboss/straights/typist';
import fc from 'fast-check';

export interface Typed {
  /** The stdin: the four answers, then one command a line, then `quit` unless the game was over. */
  stdin: string;
  /** How the game ended: won, or quit (by a typed `quit`; never by the end of the input). */
  ending: 'won' | 'quit';
}

/**
 * Plays seed `seed`'s game with these answers to "human or computer?", a human's commands drawn from
 * `choices`; when they run out with the game not over, `quit` is typed. The input never ends at a
 * prompt, as none of the course's cases does (SPEC section 9): a real program asks again for ever
 * there, and a drawn case would lose its game for it.
 */
export function typeGame(seed: number, answers: readonly string[], choices: readonly number[]): Typed {
  let screen = '';
  const keyboard = typist(answers, choices, () => screen, true);
  const result = playGame({
    seed,
    write: (text) => {
      screen += text;
    },
    input: keyboard.words,
  });
  return { stdin: keyboard.typed.map((words) => `${words.join(' ')}\n`).join(''), ending: result.ending };
}

/**
 * Four answers, `c` or `h`, as every one of the course's 38 cases answers "human (h) or a computer (c)?".
 * A word there (`human`) is what the course never typed: a real program reads one character (`cin >>
 * c`), takes `h`, then reads `uman` as a command, and a right game would lose the case for it. Words
 * are the edge case `player-type-words` alone. Drawn as before (one of three), so that the cases are
 * the same games.
 */
const seatsArb = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constant('c') },
    { weight: 2, arbitrary: fc.constantFrom('h', 'h', 'human').map(() => 'h') },
  ),
  { minLength: 4, maxLength: 4 },
);
/** Short lists end games early; long ones let humans finish most games. */
const choiceArb = fc.nat({ max: CHOICES - 1 });
const choicesArb = fc.oneof(
  fc.array(choiceArb, { minLength: 1, maxLength: 60 }),
  fc.array(choiceArb, { minLength: 300, maxLength: 900 }),
);

export interface Drawn {
  seed: number;
  typed: Typed;
}

/** A game to type: a seed (a few below zero, which the engine wraps), seats, commands. */
export const gameArb: fc.Arbitrary<Drawn> = fc
  .record({
    seed: fc.oneof(
      { weight: 5, arbitrary: fc.nat({ max: 99_999 }) },
      { weight: 1, arbitrary: fc.integer({ min: -9999, max: -1 }) },
    ),
    seats: seatsArb,
    choices: choicesArb,
  })
  .map(({ seed, seats, choices }) => ({ seed, typed: typeGame(seed, seats, choices) }));
