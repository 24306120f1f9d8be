// A table as a suite plays it: the student's Blackjack class driven through its public methods in the
// order main() calls them, on a stacked deck (the stand-in deck.ts the unit tests stage in the provided
// one's place), every answer and every printed text judged against the oracle (oracle.ts) as the
// script is built. Messages tell the round so far in the game's words.
import { type Card, Spot, Suit, tableCardName } from '@pitboss/deck';
import type { Standing } from '@pitboss/driver';
import { data, ref, Script, type Slot, show } from '@pitboss/grader/kit';
import { cardList, TableOracle } from '../oracle.ts';

/** Every card of the table's new deck, in its order: Ace..King of Clubs, then Diamonds, Hearts, Spades. */
export const NEW_DECK: readonly Card[] = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES].flatMap(
  (suit) => [Spot.ACE, ...Array.from({ length: 12 }, (_, i) => i as Spot)].map((spot) => ({ spot, suit })),
);

const key = (card: Card) => card.spot * 4 + card.suit;

/** A whole deck: `top` first, in that order, then every other card in the new deck's order. */
export function deckWith(top: readonly Card[]): Card[] {
  const used = new Set(top.map(key));
  if (used.size !== top.length) throw new Error(`the suite stacked a card twice: ${cardList(top)}`);
  return [...top, ...NEW_DECK.filter((card) => !used.has(key(card)))];
}

/** A card by its rank and suit words, as the table prints it: `c('Ace', 'Spades')`. */
export function c(rank: string, suit: 'Clubs' | 'Diamonds' | 'Hearts' | 'Spades'): Card {
  const card = NEW_DECK.find((candidate) => tableCardName(candidate) === `${rank} of ${suit}`);
  if (card === undefined) throw new Error(`no such card: ${rank} of ${suit}`);
  return card;
}

/** What a seat holds in a stacked round: its first two cards, then the cards its hits are dealt. */
export interface Holding {
  cards: readonly Card[];
}

/**
 * The deck a round needs so that each player is dealt `players[p]` (two cards, then one a hit, as
 * many hits as cards beyond two) and the dealer `dealer` (two, then its draws): the deal's order (each
 * player's first card in seat order, the dealer's, again), then the players' hits in seat order, then
 * the dealer's draws, then the rest of the deck.
 */
export function stackFor(players: readonly (readonly Card[])[], dealer: readonly Card[]): Card[] {
  const top: Card[] = [];
  for (let round = 0; round < 2; round++) {
    for (const cards of players) top.push(cards[round]!);
    top.push(dealer[round]!);
  }
  for (const cards of players) top.push(...cards.slice(2));
  top.push(...dealer.slice(2));
  return deckWith(top);
}

/** What was printed through `write`, shown: the text, or the calls when they were not one string each. */
function printed(got: unknown): string {
  if (typeof got === 'string') return got === '' ? 'nothing' : show(got);
  return `${show(got)} (write must be called with one string at a time)`;
}

const standingWords = (standing: Standing): string =>
  standing === 'busted' ? 'busted' : standing === 'blackjack' ? 'a blackjack' : `${standing}`;

/** Why a settle goes the way it does, in the handout's rules. */
function settleRule(player: Standing, dealer: Standing): string {
  if (player === 'busted')
    return dealer === 'busted' ? 'a bust loses even when the dealer busts too' : 'a bust loses';
  if (dealer === 'busted') return 'the dealer busted and the player did not';
  if (player === 'blackjack' && dealer === 'blackjack') return 'blackjack against blackjack is a tie';
  if (player === 'blackjack') return 'a blackjack (two cards worth 21) beats any other hand, a 21 too';
  if (dealer === 'blackjack') return "the dealer's blackjack beats any other hand, a 21 too";
  if (player === dealer) return 'the same total is a tie';
  return 'the higher total wins';
}

export interface RoundPlan {
  /** Each player's bet as main() would pass it; an illegal one is followed by a bet of 0, as main() does. */
  bets: readonly number[];
  /** The deck the round's Deck deals, top first. */
  deck: readonly Card[];
  /** How many times each player hits (fewer when the hand busts first). */
  hits: readonly number[];
}

/** One game at a table in one script: the student's Blackjack and the oracle, side by side. */
export class TableScript {
  readonly script = new Script();
  readonly oracle: TableOracle;
  readonly #game: Slot;
  readonly #write: Slot;
  /** What happened so far, in the game's words: the start of every message. */
  readonly #story: string[] = [];
  #round = 0;

  constructor(names: readonly string[], funds: readonly number[]) {
    this.oracle = new TableOracle(names);
    this.#write = this.script.recorder('a write function');
    const list = `[${names.map((name) => JSON.stringify(name)).join(', ')}]`;
    this.#game = this.script.construct(
      'blackjack.ts',
      'Blackjack',
      [data([...names]), ref(this.#write)],
      `new Blackjack(${list}, write)`,
    );
    this.#story.push(`new Blackjack(${list}, write)`);
    this.#expectPrinted('the constructor', '');
    funds.forEach((amount, p) => {
      this.oracle.setFunds(p, amount);
      this.script.call(this.#game, 'setPlayerFunds', [data(p), data(amount)], {
        text: this.#say(`setPlayerFunds(${p}, ${amount})`),
      });
    });
    if (funds.length > 0)
      this.#story.push(`funds ${names.map((name, p) => `${name} $${funds[p]}`).join(', ')}`);
  }

  #say(call: string): string {
    return [...this.#story, call].join('; ');
  }

  /** Judges what was printed since the last look. */
  #expectPrinted(call: string, expected: string, why?: string): void {
    const story = this.#say(call);
    this.script.take(this.#write, {
      text: `what ${call} printed`,
      joined: true,
      check: (got) =>
        got === expected
          ? undefined
          : `${story}: printed ${printed(got)}; expected ${expected === '' ? 'nothing' : show(expected)}${why === undefined ? '' : ` (${why})`}`,
    });
  }

  /** Stacks the deck: what a fresh Deck deals once shuffled (stand-ins/deck.ts). */
  stack(deck: readonly Card[]): void {
    this.oracle.stack(deck);
    this.script.function('deck.ts', 'stackCards', [data(deck)], {
      text: "stacking the deck (the grader's own step)",
    });
    this.#story.push(`the deck stacked: ${cardList(deck.slice(0, 12))}, ...`);
  }

  getNumPlayers(): void {
    const expected = this.oracle.players;
    this.script.call(this.#game, 'getNumPlayers', [], {
      text: this.#say('getNumPlayers()'),
      check: (got) =>
        got === expected
          ? undefined
          : `${this.#say('getNumPlayers()')} returned ${show(got)}; expected ${expected}`,
    });
  }

  getPlayerName(p: number): void {
    const expected = this.oracle.name(p);
    const call = this.#say(`getPlayerName(${p})`);
    this.script.call(this.#game, 'getPlayerName', [data(p)], {
      text: call,
      check: (got) =>
        got === expected
          ? undefined
          : `${call} returned ${show(got)}; expected ${show(expected)} (players keep their seat order)`,
    });
  }

  getPlayerFunds(p: number, why?: string): void {
    const expected = this.oracle.funds(p);
    const call = this.#say(`getPlayerFunds(${p})`);
    this.script.call(this.#game, 'getPlayerFunds', [data(p)], {
      text: call,
      check: (got) =>
        got === expected
          ? undefined
          : `${call} returned ${show(got)}; expected ${expected}${why === undefined ? '' : ` (${why})`}`,
    });
  }

  setPlayerFunds(p: number, funds: number): void {
    this.oracle.setFunds(p, funds);
    this.script.call(this.#game, 'setPlayerFunds', [data(p), data(funds)], {
      text: this.#say(`setPlayerFunds(${p}, ${funds})`),
    });
    this.#story.push(`setPlayerFunds(${p}, ${funds})`);
  }

  /** setPlayerBet, as main() calls it: an illegal bet is told, then the bet is 0. */
  setPlayerBet(p: number, bet: number, asMain = true): void {
    const funds = this.oracle.funds(p);
    const legal = this.oracle.setBet(p, bet);
    const call = this.#say(`setPlayerBet(${p}, ${bet})`);
    const why = legal
      ? `a whole number from 0 to the player's funds ($${funds}) is a legal bet`
      : `a bet must be a whole number from 0 to the player's funds ($${funds})`;
    this.script.call(this.#game, 'setPlayerBet', [data(p), data(bet)], {
      text: call,
      check: (got) =>
        got === legal ? undefined : `${call} returned ${show(got)}; expected ${legal} (${why})`,
    });
    this.#expectPrinted(`setPlayerBet(${p}, ${bet})`, '', 'main() prints about bets, not the class');
    this.#story.push(`setPlayerBet(${p}, ${bet})`);
    if (!legal && asMain) {
      this.oracle.setBet(p, 0);
      this.script.call(this.#game, 'setPlayerBet', [data(p), data(0)], {
        text: this.#say(`setPlayerBet(${p}, 0)`),
        check: (got) =>
          got === true
            ? undefined
            : `${this.#say(`setPlayerBet(${p}, 0)`)} returned ${show(got)}; expected true (a bet of 0 is always legal)`,
      });
      this.#story.push(`setPlayerBet(${p}, 0)`);
    }
  }

  newDeal(): void {
    this.#round++;
    this.oracle.newDeal();
    this.script.call(this.#game, 'newDeal', [], { text: this.#say('newDeal()') });
    this.#expectPrinted(
      'newDeal()',
      '',
      'dealing prints nothing: main() then calls outputPlayerHand and outputDealerHand',
    );
    const seats = Array.from(
      { length: this.oracle.players },
      (_, p) => `${this.oracle.name(p)} ${cardList(this.oracle.hand(p))}`,
    );
    this.#story.push(
      `round ${this.#round}: newDeal() dealt ${[...seats, `the dealer ${cardList(this.oracle.dealerCards())}`].join(', ')}`,
    );
  }

  outputPlayerHand(p: number): void {
    this.script.call(this.#game, 'outputPlayerHand', [data(p)], {
      text: this.#say(`outputPlayerHand(${p})`),
    });
    this.#expectPrinted(
      `outputPlayerHand(${p})`,
      this.oracle.outputPlayerHand(p),
      "the player's cards in the order dealt, joined by ', ', with no line ending; each round opens a fresh Deck and shuffles it once, then gives each player in seat order one card, the dealer one, then again",
    );
  }

  outputDealerHand(): void {
    this.script.call(this.#game, 'outputDealerHand', [], { text: this.#say('outputDealerHand()') });
    this.#expectPrinted(
      'outputDealerHand()',
      this.oracle.outputDealerHand(),
      "the dealer's first card, then '[hidden card]', with no line ending",
    );
  }

  /** hitPlayer: the card printed on a line, and whether the hand busted. */
  hitPlayer(p: number): boolean {
    const { text, busted, card } = this.oracle.hitPlayer(p);
    const call = this.#say(`hitPlayer(${p})`);
    const cards = cardList(this.oracle.hand(p));
    const aces = cards.includes('Ace')
      ? 'an Ace counts 11 unless that busts the hand, then 1; a hand over 21 is busted'
      : 'a hand over 21 is busted';
    this.script.call(this.#game, 'hitPlayer', [data(p)], {
      text: call,
      check: (got) =>
        got === busted
          ? undefined
          : `${call} dealt ${tableCardName(card)}: ${cards} is ${standingWords(this.oracle.standing(p))}, so hitPlayer returns ${busted}; it returned ${show(got)} (${aces})`,
    });
    this.#expectPrinted(`hitPlayer(${p})`, text, 'the card dealt, on a line of its own');
    this.#story.push(`hitPlayer(${p}) dealt ${tableCardName(card)}`);
    return busted;
  }

  dealerPlay(): void {
    const before = cardList(this.oracle.dealerCards());
    const expected = this.oracle.dealerPlay();
    this.script.call(this.#game, 'dealerPlay', [], { text: this.#say('dealerPlay()') });
    this.#expectPrinted(
      `dealerPlay() (the dealer holding ${before})`,
      expected,
      'the dealer hits on 16 or less and stays on 17 or more, a soft 17 too; an Ace counts 11 unless that busts the hand',
    );
    this.#story.push(
      `dealerPlay() (the dealer held ${before}, ended ${standingWords(this.oracle.dealerStanding())})`,
    );
  }

  settlePlayerBet(p: number): void {
    const player = this.oracle.standing(p);
    const dealer = this.oracle.dealerStanding();
    const bet = this.oracle.bet(p);
    const cards = cardList(this.oracle.hand(p));
    const line = this.oracle.settle(p);
    this.script.call(this.#game, 'settlePlayerBet', [data(p)], { text: this.#say(`settlePlayerBet(${p})`) });
    this.#expectPrinted(
      `settlePlayerBet(${p}) (${this.oracle.name(p)} holding ${cards}, the dealer ${standingWords(dealer)})`,
      line,
      settleRule(player, dealer),
    );
    this.#story.push(`settlePlayerBet(${p})`);
    const verdict = line.slice(line.lastIndexOf('--') + 2, -1);
    const how =
      verdict === 'Tie'
        ? `a tie moves no money`
        : verdict === 'Dealer loses'
          ? `the player won the bet of $${bet}: even money, a blackjack too`
          : `the player lost the bet of $${bet}`;
    this.getPlayerFunds(p, `${line.trim()}: ${how}`);
  }

  /** A whole round as main() plays it (what main() prints itself aside). */
  round(plan: RoundPlan): void {
    for (let p = 0; p < this.oracle.players; p++) this.setPlayerBet(p, plan.bets[p] ?? 0);
    this.stack(plan.deck);
    this.newDeal();
    for (let p = 0; p < this.oracle.players; p++) this.outputPlayerHand(p);
    this.outputDealerHand();
    for (let p = 0; p < this.oracle.players; p++) {
      for (let hit = 0; hit < (plan.hits[p] ?? 0); hit++) {
        if (this.hitPlayer(p)) break;
      }
      this.outputPlayerHand(p);
    }
    this.dealerPlay();
    for (let p = 0; p < this.oracle.players; p++) this.settlePlayerBet(p);
  }
}
