import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordsOf } from '../src/commands.ts';
import { type GameResult, playGame } from '../src/game.ts';
import { typist } from '../src/typist.ts';
import { choicesArb, inputArb, joinInput, seedArb, tableSeatsArb } from './arbitraries.ts';
import { type Game, readTranscript, type Turn } from './transcript-reader.ts';

const RANKS = 'A23456789TJQK';
const rankOf = (card: string) => RANKS.indexOf(card[0]!) + 1;

/** More output than any game prints (the longest course transcript is about 40 kB): the game ran away. */
const RUNAWAY = 4_000_000;

function capture(): { write: (text: string) => void; text: () => string } {
  let out = '';
  return {
    write: (text) => {
      out += text;
      if (out.length > RUNAWAY) throw new Error('the game printed without end');
    },
    text: () => out,
  };
}

/** A game whose humans type what `choices` make of what they see. */
function playTyped(seed: number, answers: readonly string[], choices: readonly number[]) {
  const out = capture();
  const keyboard = typist(answers, choices, out.text);
  const result = playGame({ seed, input: keyboard.words, write: out.write });
  return { text: out.text(), result, typed: keyboard.typed };
}

function playText(seed: number, input: string): { text: string; result: GameResult } {
  const out = capture();
  const result = playGame({ seed, input: wordsOf(input), write: out.write });
  return { text: out.text(), result };
}

/** Each turn of the game with whether a computer made it (a `c` answer, or a seat that ragequit before). */
function turnsWithPlayers(game: Game, answers: readonly string[]): { turn: Turn; computer: boolean }[] {
  const computer = answers.map((answer) => answer === 'c');
  return game.rounds.flatMap((round) =>
    round.turns.map((turn) => {
      const made = { turn, computer: computer[turn.seat]! };
      if (turn.ragequit) computer[turn.seat] = true;
      return made;
    }),
  );
}

/** The model's legal plays: the cards whose pile they would extend without a gap, from what was printed. */
function modelLegal(turn: Turn): string[] {
  const piles = turn.piles.map((pile) => pile.map((rank) => RANKS.indexOf(rank) + 1));
  const started = piles.some((pile) => pile.length > 0);
  return turn.hand.filter((card) => {
    const pile = piles['CDHS'.indexOf(card[1]!)]!;
    if (!started) return card === '7S';
    if (pile.length === 0) return rankOf(card) === 7;
    return rankOf(card) === pile[0]! - 1 || rankOf(card) === pile.at(-1)! + 1;
  });
}

const gameArb = fc.record({ seed: seedArb, answers: tableSeatsArb, choices: choicesArb });

describe('whole games, with random seeds, seats and humans typing (mostly sensible) commands', () => {
  it('every transcript follows the output grammar, and stops at a prompt exactly when it quit', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, answers, choices }) => {
        const { text, result } = playTyped(seed, answers, choices);
        const game = readTranscript(text);
        expect(game.stopped).toBe(result.ending === 'quit');
        expect(game.rounds).toHaveLength(result.rounds);
      }),
      { numRuns: 150 },
    );
  });

  it('every round deals 52 distinct cards, 13 each, and the hands are the `deck` listing cut in four', () => {
    let listings = 0;
    fc.assert(
      fc.property(gameArb, ({ seed, answers, choices }) => {
        const game = readTranscript(playTyped(seed, answers, choices).text);
        for (const round of game.rounds) {
          const firstHands = new Map<number, string[]>();
          for (const turn of round.turns)
            if (!firstHands.has(turn.seat)) firstHands.set(turn.seat, turn.hand);
          if (round.end !== undefined) {
            expect([...firstHands.values()].map((hand) => hand.length)).toEqual([13, 13, 13, 13]);
            expect(new Set([...firstHands.values()].flat()).size).toBe(52);
          }
          for (const deck of round.turns.flatMap((turn) => turn.decks)) {
            listings++;
            expect(new Set(deck).size).toBe(52);
            for (const [seat, hand] of firstHands)
              expect(hand).toEqual(deck.slice(13 * seat, 13 * seat + 13));
          }
        }
      }),
      { numRuns: 150 },
    );
    expect(listings).toBeGreaterThan(10);
  });

  it('the holder of the seven of spades opens every round, and the first move is the seven of spades', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, answers, choices }) => {
        const game = readTranscript(playTyped(seed, answers, choices).text);
        for (const round of game.rounds) {
          const [first] = round.turns;
          expect(first?.seat).toBe(round.opener);
          expect(first?.hand).toContain('7S');
          expect(first?.legal).toEqual(['7S']);
          if (first?.move !== undefined) expect(first.move).toEqual({ kind: 'play', card: '7S' });
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a computer never discards while holding a legal play: it plays the first legal card, else discards its first card', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, answers, choices }) => {
        const game = readTranscript(playTyped(seed, answers, choices).text);
        for (const { turn, computer } of turnsWithPlayers(game, answers)) {
          if (!computer) continue;
          expect(turn.replies).toEqual([]);
          expect(turn.move).toEqual(
            turn.legal.length > 0
              ? { kind: 'play', card: turn.legal[0] }
              : { kind: 'discard', card: turn.hand[0] },
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the printed legal plays match an independent model of the printed table and hand, and every move is allowed', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, answers, choices }) => {
        const game = readTranscript(playTyped(seed, answers, choices).text);
        const problems = game.rounds.flatMap((round) =>
          round.turns.flatMap((turn) => {
            const move = turn.move;
            const allowed =
              move === undefined ||
              (turn.hand.includes(move.card) &&
                (move.kind === 'play' ? turn.legal.includes(move.card) : turn.legal.length === 0));
            const legal = modelLegal(turn);
            return legal.join() === turn.legal.join() && allowed ? [] : [{ turn, legal }];
          }),
        );
        expect(problems).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('scores only grow: each round adds the ranks of its discards to the score before it', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, answers, choices }) => {
        const game = readTranscript(playTyped(seed, answers, choices).text);
        let scores = [0, 0, 0, 0];
        for (const round of game.rounds) {
          if (round.end === undefined) continue;
          const { before, gained, after, discards } = round.end;
          expect(before).toEqual(scores);
          expect(gained).toEqual(discards.map((cards) => cards.reduce((sum, card) => sum + rankOf(card), 0)));
          expect(after).toEqual(before.map((score, seat) => score + gained[seat]!));
          for (const [seat, score] of after.entries()) expect(score).toBeGreaterThanOrEqual(scores[seat]!);
          scores = after;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the game ends exactly when a score reaches 80, and every player on the lowest score wins', () => {
    const endings = new Set<number>();
    fc.assert(
      fc.property(gameArb, ({ seed, answers, choices }) => {
        const { text, result } = playTyped(seed, answers, choices);
        const game = readTranscript(text);
        const finished = game.rounds.filter((round) => round.end !== undefined);
        finished.forEach((round, i) => {
          const reached = Math.max(...round.end!.after) >= 80;
          expect(reached).toBe(i === game.rounds.length - 1 && !game.stopped);
        });
        if (game.stopped) return;
        const final = finished.at(-1)!.end!.after;
        expect(game.winners).toEqual([0, 1, 2, 3].filter((seat) => final[seat] === Math.min(...final)));
        expect(result.winners).toEqual(game.winners);
        endings.add(game.winners.length);
      }),
      { numRuns: 150 },
    );
    expect(endings.has(1)).toBe(true);
  });

  it('`quit` ends the game at once: nothing is printed after its prompt, and the end of input does the same', () => {
    fc.assert(
      fc.property(
        gameArb,
        fc.nat(),
        fc.array(fc.constantFrom('play 7S', 'deck', 'ragequit', 'c'), { maxLength: 5 }),
        (args, at, after) => {
          const { seed, answers, choices } = args;
          const full = playTyped(seed, answers, choices);
          const commands = full.typed.slice(4);
          fc.pre(commands.length > 0);
          const cut = 4 + (at % commands.length);
          const before = full.typed.slice(0, cut).flat();
          const quit = playText(seed, joinInput([...before, 'quit', ...after]));
          const ended = playText(seed, joinInput(before));
          expect(quit.text).toBe(ended.text);
          expect(quit.result.ending).toBe('quit');
          expect(quit.text.endsWith('>')).toBe(true);
          expect(full.text.startsWith(quit.text)).toBe(true);
          expect(full.text.length).toBeGreaterThan(quit.text.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a human who types exactly the computer's moves gets the computer's transcript", () => {
    fc.assert(
      fc.property(seedArb, fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), (seed, humans) => {
        const computers = playText(seed, 'c c c c');
        const moves = readTranscript(computers.text).rounds.flatMap((round) => round.turns);
        const words: string[] = humans.map((human) => (human ? 'h' : 'c'));
        for (const turn of moves) if (humans[turn.seat]) words.push(turn.move!.kind, turn.move!.card);
        expect(playText(seed, joinInput(words)).text).toBe(computers.text);
      }),
      { numRuns: 100 },
    );
  });

  it('any input ends the game: random words, random text, and random bytes', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.oneof(
          inputArb.map(({ answers, commands }) => joinInput([...answers, ...commands])),
          fc.string({ unit: 'grapheme', maxLength: 400 }),
          fc
            .array(fc.constantFrom('h', 'c', 'play', 'discard', '7S', 'deck', 'ragequit', ' ', '\n', '\t'), {
              maxLength: 300,
            })
            .map((parts) => parts.join(' ')),
        ),
        (seed, input) => {
          const { text } = playText(seed, input);
          readTranscript(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
