// A human at the keyboard, for properties: reads the last hand and legal plays the game printed and
// types a command chosen by a generated number: mostly sensible moves, sometimes refused ones, junk,
// `deck` or a ragequit. What it typed is kept, command by command, to replay it through the CLI.
import fc from 'fast-check';
import type { Words } from '../src/commands.ts';

const lastList = (screen: string, label: string): string[] => {
  const at = screen.lastIndexOf(`\n${label}`);
  if (at < 0) return [];
  const line = screen.slice(at + label.length + 1, screen.indexOf('\n', at + 1));
  return line.split(' ').filter(Boolean);
};

const ALL_CARDS = [...'CDHS'].flatMap((suit) => [...'A23456789TJQK'].map((rank) => `${rank}${suit}`));
const JUNK = ['Play', 'help', 'h', '7S', 'q', 'PLAY', 'discard_', 'ragequit!', '>'];
const BAD_CARDS = ['10S', '7s', '7', 'S7', '7SS', 'ZZ', '1H', 'tc', '7♠'];

/** The command for one choice, given the screen: the hand and the legal plays last printed. */
export function command(choice: number, screen: string): string[] {
  const hand = lastList(screen, 'Your hand:');
  const legal = lastList(screen, 'Legal plays:');
  const pick = <T>(items: readonly T[]): T => items[Math.floor(choice / 64) % items.length]!;
  const kind = choice % 64;
  if (kind < 40 || hand.length === 0)
    return legal.length > 0 ? ['play', legal[0]!] : ['discard', hand[0] ?? 'AC'];
  if (kind < 48) return legal.length > 0 ? ['play', pick(legal)] : ['discard', pick(hand)];
  if (kind < 51) return ['discard', pick(hand)];
  if (kind < 54) return ['play', pick(hand)];
  if (kind < 56) return [kind % 2 === 0 ? 'play' : 'discard', pick(ALL_CARDS)];
  if (kind < 58) return ['deck'];
  if (kind < 60) return [pick(JUNK)];
  if (kind < 63) return [kind % 2 === 0 ? 'play' : 'discard', pick(BAD_CARDS)];
  return ['ragequit'];
}

export interface Typist {
  words: Words;
  /** Every command typed so far (the four answers first, one word each). */
  typed: string[][];
}

/** Answers the four questions, then a command per choice; when the choices run out, the input ends. */
export function typist(answers: readonly string[], choices: readonly number[], screen: () => string): Typist {
  const typed: string[][] = [];
  const pending: string[] = [];
  let next = 0;
  return {
    typed,
    words: {
      next() {
        if (pending.length === 0) {
          let words: string[];
          if (typed.length < answers.length) words = [answers[typed.length]!];
          else if (next < choices.length) words = command(choices[next++]!, screen());
          else return undefined;
          typed.push(words);
          pending.push(...words);
        }
        return pending.shift();
      },
    },
  };
}

/** Four answers, `c` or a human's word, and the choices behind the humans' commands. */
export const tableSeatsArb = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constant('c') },
    { weight: 2, arbitrary: fc.constantFrom('h', 'x', 'human') },
  ),
  { minLength: 4, maxLength: 4 },
);
/** Short lists end games early (end of input); long ones let four humans finish most games. */
const choiceArb = fc.nat({ max: 64 * 64 - 1 });
export const choicesArb = fc.oneof(
  fc.array(choiceArb, { maxLength: 60 }),
  fc.array(choiceArb, { minLength: 300, maxLength: 900 }),
);
