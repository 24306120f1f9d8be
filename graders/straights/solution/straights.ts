// straights [<seed>]: CS246's Straights for four players, humans or computers, on stdin and stdout.
import { Game } from './game';
import { WordReader } from './input';

function seedOf(word: string | undefined): number {
  if (word === undefined) return Date.now() >>> 0;
  // As the course's `std::stoi` reads it: the leading integer of the word.
  return Number.parseInt(word, 10);
}

new Game(seedOf(process.argv[2]), new WordReader()).play();
