// The table's transcript cases: main.ts run with the case's words and stdin, its output compared with
// the reference's (packages/driver's `table` rule set, played in-process on the same words and input).
// The course's, edge and long cases are data (transcripts.txt, stdin files in inputs/); the generated
// ones are games typed here from a fixed seed, each word answering the prompt before it as a player
// would (a bet, mostly legal; a hit or a stay; another round or not), so every game goes somewhere.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Mt19937 } from '@pitboss/deck';
import { playLive, setUpLiveGame, table, type WordSource, wordsIn } from '@pitboss/driver';
import type { StdinRead, TranscriptCase } from '@pitboss/grader/kit';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The cases of transcripts.txt: `[group]` lines, then `<words> < <file of inputs/>` a line; `#` a comment. */
export function casesFrom(file: string): TranscriptCase[] {
  const cases: TranscriptCase[] = [];
  let group: string | undefined;
  for (const [i, text] of readFileSync(file, 'utf8').split('\n').entries()) {
    const line = text.replace(/#.*/, '').trim();
    if (line === '') continue;
    const header = /^\[([a-z][a-z0-9-]*)\]$/.exec(line);
    if (header !== null) {
      group = header[1];
      continue;
    }
    const [words, input, ...more] = line.split(/\s*<\s*/);
    if (group === undefined || input === undefined || more.length > 0)
      throw new Error(`${file}:${i + 1}: expected '<words> < <file>' after a [group]`);
    cases.push({
      group,
      words: words!.split(/\s+/),
      input,
      stdin: readFileSync(here(`./inputs/${input}`), 'utf8'),
    });
  }
  return cases;
}

/** main.ts's words: `--seed <n>` first, then the players. */
function seedAndPlayers(words: readonly string[]): { seed: number | undefined; players: readonly string[] } {
  if (words[0] !== '--seed') return { seed: undefined, players: words };
  return { seed: Number(words[1]), players: words.slice(2) };
}

export interface Played {
  /** What the reference printed. */
  text: string;
  /** Each read of stdin, with the line (1-based) its prompt left open. */
  reads: StdinRead[];
}

/**
 * The reference's game on these words and input: its output, and where it read each word. `answer`,
 * when given, types each word in answer to the prompt before it (generated cases).
 */
export function playReference(
  words: readonly string[],
  input: string | ((prompt: string) => string | undefined),
): Played {
  const { seed, players } = seedAndPlayers(words);
  const game = setUpLiveGame(table, players, { seed: seed ?? 0, readFile: () => '' });
  let text = '';
  const reads: StdinRead[] = [];
  const source: WordSource =
    typeof input === 'string'
      ? wordsIn(input)
      : { nextWord: () => input(text.slice(text.lastIndexOf('\n') + 1)) };
  const recording: WordSource = {
    nextWord: () => {
      const word = source.nextWord();
      reads.push({ line: text.split('\n').length, word: word ?? null });
      return word;
    },
  };
  playLive(
    game,
    (chunk) => {
      text += chunk;
    },
    recording,
  );
  return { text, reads };
}

const played = new Map<string, Played>();

/** The reference's game of a case, played once. */
export function referenceOf(transcriptCase: TranscriptCase): Played {
  const key = `${transcriptCase.words.join(' ')}\0${transcriptCase.stdin ?? ''}`;
  let game = played.get(key);
  if (game === undefined) {
    game = playReference(transcriptCase.words, transcriptCase.stdin ?? '');
    played.set(key, game);
  }
  return game;
}

const GENERATED_SEED = 202;
const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus'];

/** A game typed from a fixed seed: its words, and its stdin as a player would have typed it. */
function typedGame(n: number): TranscriptCase {
  const random = new Mt19937(GENERATED_SEED * 1000 + n);
  const below = (k: number) => random.next() % k;
  const count = 1 + below(n % 3 === 0 ? 7 : 3);
  const players = NAMES.slice(0, count).flatMap((name) => [
    name,
    String(below(4) === 0 ? below(20) : below(1000)),
  ]);
  const words = ['--seed', String(random.next()), ...players];
  const rounds = 1 + below(n % 4 === 0 ? 30 : 6);
  let round = 1;
  const typed: string[] = [];
  const answer = (prompt: string): string | undefined => {
    let word: string;
    if (prompt.startsWith('How much')) {
      const kind = below(10);
      word =
        kind === 0
          ? String(below(2000))
          : kind === 1
            ? `-${below(50)}`
            : kind === 2
              ? 'all'
              : String(below(60));
    } else if (prompt.startsWith('Another')) {
      word = round++ < rounds ? (below(2) === 0 ? 'y' : 'Yes') : 'n';
    } else word = below(3) === 0 ? 'stay' : below(2) === 0 ? 'h' : 'Hit';
    typed.push(word);
    return word;
  };
  playReference(words, answer);
  return { group: 'generated', words, input: `typed-${n + 1}.in`, stdin: `${typed.join('\n')}\n` };
}

export const transcriptCases: readonly TranscriptCase[] = [
  ...casesFrom(here('./transcripts.txt')),
  ...Array.from({ length: 12 }, (_, n) => typedGame(n)),
];
