// A player at the keyboard, for generated games (the grader's transcript cases, this package's
// properties): it reads the hand and the legal plays the game last printed and types a command chosen
// by a drawn number: mostly moves the rules allow (the computer's own, or another legal card), sometimes
// refused ones (an illegal play, a card not held, a discard while holding a legal play), `deck`, words
// that are no command or no card, a ragequit. What it typed is kept, to replay it as a stdin.
import type { Words } from './commands.ts';

const lastList = (screen: string, label: string): string[] => {
  const at = screen.lastIndexOf(`\n${label}`);
  if (at < 0) return [];
  const line = screen.slice(at + label.length + 1, screen.indexOf('\n', at + 1));
  return line.split(' ').filter(Boolean);
};

const ALL_CARDS = [...'CDHS'].flatMap((suit) => [...'A23456789TJQK'].map((rank) => `${rank}${suit}`));
const NO_COMMANDS = ['Play', 'help', 'h', '7S', 'q', 'DECK', 'discard_', 'ragequit!', '>'];
const NO_CARDS = ['10S', '7s', '7', 'S7', '7SS', 'ZZ', '1H', 'tc', 'AX'];

/** The most a drawn number chooses among: a kind of command (64) times an item of a list (64). */
export const CHOICES = 64 * 64;

/** The command for one drawn number (0 to CHOICES - 1), given what the game printed so far. */
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

export interface Typist {
  /** The game's input: the words typed. */
  words: Words;
  /** Every command typed so far (the four answers first, one word each). */
  typed: string[][];
}

/**
 * Answers the four questions, then types a command per drawn number; when the numbers run out the
 * input ends, with `quit` typed first when `quits`.
 */
export function typist(
  answers: readonly string[],
  choices: readonly number[],
  screen: () => string,
  quits = false,
): Typist {
  const typed: string[][] = [];
  const pending: string[] = [];
  let next = 0;
  let quitTyped = false;
  return {
    typed,
    words: {
      next() {
        if (pending.length === 0) {
          let words: string[];
          if (typed.length < answers.length) words = [answers[typed.length]!];
          else if (next < choices.length) words = command(choices[next++]!, screen());
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
  };
}
