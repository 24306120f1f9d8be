// What a driver tells the deck and the player (SPEC section 3: when the player is told of a shuffle and
// which cards it is shown), as the call check records it: the same words for the student's driver, in
// its linked runs (recording/), and for the reference driver, played in the grader's own process
// (reference-calls.ts). Bundled into the linked runs: it imports only the deck's names.
// Only the driver's words to them are recorded: `deal`, `cardsLeft` and `draw` show in the transcript.
import { type Card, type DeckADT, SpotNames, SuitNames } from '@pitboss/deck';
import type { Player } from '@pitboss/player';

/**
 * A value a driver passed, in a few fixed words: a number as it is, anything else by its type. Never
 * the value's own text: the driver chose it, and it ran beside the reference's files.
 */
function numberWords(value: unknown): string {
  return typeof value === 'number' ? String(value) : `a ${value === null ? 'null' : typeof value}`;
}

/** A card by its name (`Ace of Spades`), or `not a card`. Reading a hostile object cannot throw out of here. */
function cardWords(value: unknown): string {
  try {
    const { spot, suit } = value as Card;
    const name = `${SpotNames[spot] ?? ''} of ${SuitNames[suit] ?? ''}`;
    return Number.isInteger(spot) && Number.isInteger(suit) && !name.startsWith(' ') && !name.endsWith(' ')
      ? name
      : 'not a card';
  } catch {
    return 'not a card';
  }
}

/** Each recorded call, written as both sides write it. */
export const callWords = {
  shuffle: (n: unknown) => `deck.shuffle(${numberWords(n)})`,
  reset: () => 'deck.reset()',
  bet: (bankroll: unknown, minimum: unknown) =>
    `player.bet(${numberWords(bankroll)}, ${numberWords(minimum)})`,
  expose: (card: unknown) => `player.expose(${cardWords(card)})`,
  shuffled: () => 'player.shuffled()',
};

type Recorder = (call: string) => void;

/** A deck class that is `Base`'s deck with its shuffles and resets recorded. */
export function recordingDeckClass(Base: new () => DeckADT, record: Recorder): new () => DeckADT {
  return class RecordingDeck implements DeckADT {
    readonly #deck = new Base();
    reset(): void {
      record(callWords.reset());
      this.#deck.reset();
    }
    shuffle(n: number): void {
      record(callWords.shuffle(n));
      this.#deck.shuffle(n);
    }
    deal() {
      return this.#deck.deal();
    }
    cardsLeft(): number {
      return this.#deck.cardsLeft();
    }
  };
}

/**
 * `player` with what it is told recorded (bet, expose, shuffled), every other member its own (a
 * character's name): one recording per player, so a driver sees the same object each time.
 */
export function recordingPlayers(record: Recorder): <P extends Player>(player: P) => P {
  const wrapped = new WeakMap<Player, Player>();
  return <P extends Player>(player: P): P => {
    let recording = wrapped.get(player);
    if (recording === undefined) {
      const methods: Partial<Player> = {
        bet(bankroll, minimum) {
          record(callWords.bet(bankroll, minimum));
          return player.bet(bankroll, minimum);
        },
        expose(card) {
          record(callWords.expose(card));
          player.expose(card);
        },
        shuffled() {
          record(callWords.shuffled());
          player.shuffled();
        },
      };
      recording = new Proxy(player, {
        get(target, key) {
          if (key === 'bet' || key === 'expose' || key === 'shuffled') return methods[key];
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      wrapped.set(player, recording);
    }
    return recording as P;
  };
}
