// The game situations a Blackjack game's transcript case reaches, told by playing the reference in the
// grader's own process with its deck, hands and player watched (never by reading the transcript's
// sentences, and never with a submission's code). The corner coverage of the drawn cases counts them.
import { Deck, type DeckADT, DeckEmpty } from '@pitboss/deck';
import { BLACKJACK, playLive, RESHUFFLE_BELOW, type RuleSet, setUpLiveGame, wordsIn } from '@pitboss/driver';
import type { Situation, TranscriptCase } from '@pitboss/grader/kit';
import { Hand, type HandADT } from '@pitboss/hand';
import { createPlayer, createRoster, type GetPlayer, type Player, type PlayerType } from '@pitboss/player';

/** What a game can reach, each named as the instructor's report shows it. */
export const GAME_SITUATIONS = {
  playerNatural: 'the player is dealt a natural 21',
  dealerNatural: "the dealer's first two cards are a natural 21",
  push: 'a hand is a push',
  dealerBust: 'the dealer busts',
  dealerSoft17: "the dealer's hand ends on a soft 17",
  reshuffle: `a reshuffle below ${RESHUFFLE_BELOW} cards`,
  deckEmpty: 'the deck runs out mid-hand (DeckEmpty)',
  betAtMinimum: 'a bet at the minimum',
  betAtBankroll: 'a bet of the whole bankroll',
  crossesThreshold: 'the count crosses the bet threshold (a bet above the minimum after one at it)',
} as const;

export type GameSituation = keyof typeof GAME_SITUATIONS;

/** A hand that also counts its cards since the last discardAll: a hand's value alone does not tell a natural. */
class CountedHand implements HandADT {
  readonly #hand = new Hand();
  cards = 0;

  addCard(card: Parameters<HandADT['addCard']>[0]): void {
    this.#hand.addCard(card);
    this.cards++;
  }

  discardAll(): void {
    this.#hand.discardAll();
    this.cards = 0;
  }

  handValue() {
    return this.#hand.handValue();
  }
}

/** Plays the case as the reference does and returns the situations it reached. */
function play(ruleSet: RuleSet<unknown>, transcriptCase: TranscriptCase, readFile: (path: string) => string) {
  const seen = new Set<GameSituation>();
  // The engine's table opens the player's hand, then the dealer's.
  const hands: CountedHand[] = [];
  const newHand = () => {
    const hand = new CountedHand();
    hands.push(hand);
    return hand;
  };
  /**
   * The hand just ended, read from how both hands ended (when the next bet is asked for, and when the
   * game is over): a hand that ends on two cards worth 21 is a natural, since the engine deals no more
   * to one, and a time stop (crusaders) never rebuilds a two-card hand.
   */
  const settle = () => {
    const [player, dealer] = hands.slice(-2);
    if (player === undefined || dealer === undefined || player.cards < 2 || dealer.cards < 2) return;
    const mine = player.handValue();
    const theirs = dealer.handValue();
    if (dealer.cards === 2 && theirs.count === BLACKJACK) seen.add('dealerNatural');
    if (theirs.count === 17 && theirs.soft) seen.add('dealerSoft17');
    if (player.cards === 2 && mine.count === BLACKJACK) {
      seen.add('playerNatural');
      return;
    }
    if (mine.count > BLACKJACK) return;
    if (theirs.count > BLACKJACK) seen.add('dealerBust');
    else if (mine.count === theirs.count) seen.add('push');
  };
  /**
   * Since the deck last ran out (crusaders): a shuffle then is the restart's, not a reshuffle at a
   * hand's start, and the bet asked for next is the same hand's again, whose cards are not an ending.
   */
  let emptied = false;
  const deck = new (class implements DeckADT {
    readonly #deck = new Deck();
    reset() {
      this.#deck.reset();
    }
    shuffle(n: number) {
      if (!emptied && this.#deck.cardsLeft() < RESHUFFLE_BELOW) seen.add('reshuffle');
      this.#deck.shuffle(n);
    }
    deal() {
      try {
        emptied = false;
        return this.#deck.deal();
      } catch (error) {
        if (error instanceof DeckEmpty) {
          seen.add('deckEmpty');
          emptied = true;
        }
        throw error;
      }
    }
    cardsLeft() {
      return this.#deck.cardsLeft();
    }
  })();
  let lastBet: 'minimum' | 'above' | undefined;
  /** The player itself (a character keeps its name and team), its bets watched. */
  const watch = <P extends Player>(player: P): P =>
    new Proxy(player, {
      get(target, key) {
        if (key === 'bet')
          return (bankroll: number, minimum: number) => {
            if (!emptied) settle();
            const wager = target.bet(bankroll, minimum);
            if (wager === minimum) seen.add('betAtMinimum');
            if (wager === bankroll) seen.add('betAtBankroll');
            const kind = wager > minimum ? 'above' : 'minimum';
            if (kind === 'above' && lastBet === 'minimum') seen.add('crossesThreshold');
            lastBet = kind;
            return wager;
          };
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const game = setUpLiveGame(ruleSet, transcriptCase.words, { readFile });
  const type = (game.setup as { playerType?: PlayerType }).playerType;
  const roster = createRoster();
  const getPlayer: GetPlayer = (dealers, type, id) => {
    lastBet = undefined;
    return watch(roster(dealers, type, id));
  };
  playLive(game, () => {}, wordsIn(''), {
    equipment: {
      deck,
      newHand,
      ...(type === undefined ? {} : { player: watch(createPlayer(type)) }),
      getPlayer,
    },
  });
  settle();
  return seen;
}

/**
 * The situations of a rule set's drawn cases, each with its floor (how many cases must reach it).
 * A case is played once, however many situations ask about it.
 */
export function gameSituations(
  ruleSet: RuleSet<unknown>,
  readFile: (transcriptCase: TranscriptCase, path: string) => string,
  floors: Partial<Record<GameSituation, number>>,
): Situation<TranscriptCase>[] {
  const played = new WeakMap<TranscriptCase, Set<GameSituation>>();
  const reached = (transcriptCase: TranscriptCase): Set<GameSituation> => {
    let seen = played.get(transcriptCase);
    if (seen === undefined) {
      seen = play(ruleSet, transcriptCase, (path) => readFile(transcriptCase, path));
      played.set(transcriptCase, seen);
    }
    return seen;
  };
  return (Object.keys(floors) as GameSituation[]).map((key) => ({
    name: GAME_SITUATIONS[key],
    floor: floors[key] ?? 1,
    reached: (transcriptCase) => reached(transcriptCase).has(key),
  }));
}
