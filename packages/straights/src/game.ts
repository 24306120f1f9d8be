// A whole game: who is human, rounds until a score reaches 80, humans' turns read from the input,
// ragequit, and the winners. Every line printed comes from display.ts.
import { type Command, readCommand, readSeat, type Seat, type Words } from './commands.ts';
import { Deck, PLAYERS } from './deck.ts';
import * as text from './display.ts';
import { MinstdRand0 } from './rand.ts';
import { isRoundOver, makeMove, type Round, startRound } from './round.ts';
import { computerMove, legalPlays, type Move, refusal } from './rules.ts';
import { discardPoints, isGameOver, winners } from './score.ts';

export interface GameOptions {
  /** The seed as the C++ program holds it (an unsigned; a negative number wraps). */
  seed: number;
  input: Words;
  write: (text: string) => void;
}

export interface GameResult {
  /** `quit` when a human quit or the input ended before the game did; no scores are printed then. */
  ending: 'won' | 'quit';
  /** Rounds begun (a quit round counts). */
  rounds: number;
  /** The scores after the last finished round. */
  scores: number[];
  /** The winning seats (from 0); empty after a quit. */
  winners: number[];
}

/** A human's turn ends in a move (made by a computer when the human ragequit), or the game ends. */
type TurnEnd = { readonly move: Move; readonly ragequit: boolean } | 'quit';

/** Plays one game to its end, printing as it goes. Any input ends it: the end of input is `quit`. */
export function playGame({ seed, input, write }: GameOptions): GameResult {
  const seats: Seat[] = [];
  for (let seat = 0; seat < PLAYERS; seat++) {
    write(text.askPlayerType(seat));
    const answer = readSeat(input);
    // Nothing to say after the end of input: it acts as `quit`, which prints nothing more.
    if (answer === 'end') return { ending: 'quit', rounds: 0, scores: [0, 0, 0, 0], winners: [] };
    seats.push(answer);
  }

  // One engine and one deck for the whole game: each round shuffles the order of the round before.
  const deck = new Deck(new MinstdRand0(seed));
  const scores = [0, 0, 0, 0];
  let rounds = 0;
  do {
    rounds++;
    deck.shuffle();
    const round = startRound(deck);
    write(text.roundBegins(round.current));
    while (!isRoundOver(round)) {
      const seat = round.current;
      const hand = round.hands[seat]!;
      write(text.turnBlock(round.table, hand, legalPlays(hand, round.table)));
      let move: Move;
      if (seats[seat] === 'computer') {
        write(text.PROMPT);
        move = computerMove(hand, round.table);
      } else {
        const turn = humanTurn(round, deck, input, write);
        if (turn === 'quit') return { ending: 'quit', rounds, scores, winners: [] };
        move = turn.move;
        // A ragequit leaves a computer in the seat, for this move and the rest of the game.
        if (turn.ragequit) seats[seat] = 'computer';
      }
      makeMove(round, move);
      write(text.moveLine(seat, move));
    }
    for (let seat = 0; seat < PLAYERS; seat++) {
      const gained = discardPoints(round.discards[seat]!);
      write(text.discardsLine(seat, round.discards[seat]!));
      write(text.scoreLine(seat, scores[seat]!, gained));
      scores[seat]! += gained;
    }
  } while (!isGameOver(scores));

  const won = winners(scores);
  for (const seat of won) write(text.winsLine(seat));
  return { ending: 'won', rounds, scores, winners: won };
}

/**
 * A human's turn: prompt, read a command, answer it, until a move is allowed or the game ends.
 * `deck` and refused commands prompt again without printing the table again.
 */
function humanTurn(round: Round, deck: Deck, input: Words, write: (text: string) => void): TurnEnd {
  const seat = round.current;
  const hand = round.hands[seat]!;
  for (;;) {
    write(text.PROMPT);
    const command: Command = readCommand(input);
    switch (command.kind) {
      case 'play':
      case 'discard': {
        const move: Move = command.kind === 'play' ? { play: command.card } : { discard: command.card };
        const refused = refusal(hand, round.table, move);
        if (refused === undefined) return { move, ragequit: false };
        write(refused === 'illegal play' ? text.NOT_A_LEGAL_PLAY : text.MAY_NOT_DISCARD);
        break;
      }
      case 'deck':
        write(text.deckLines(deck.cards));
        break;
      case 'ragequit': {
        // The handout's example: the computer takes the hand, discards and score, and moves at once,
        // without the table or a prompt again.
        write(text.ragequits(seat));
        return { move: computerMove(hand, round.table), ragequit: true };
      }
      case 'quit':
      case 'end':
        // End of input acts as `quit` (the handout says nothing; the course's program loops for ever).
        return 'quit';
      case 'bad rank':
        write(text.INVALID_RANK);
        break;
      case 'bad suit':
        write(text.INVALID_SUIT);
        break;
      case 'unknown':
        write(text.INVALID_COMMAND);
        break;
    }
  }
}
