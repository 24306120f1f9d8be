// A referee for crusaders transcripts, written from the rules (compat/crusaders/README.md) and not
// from the engine: it re-deals the deck from the printed cuts and checks every line against it.
import { type Card, cardName, DECK_SIZE, NEW_DECK_ORDER } from '@pitboss/deck';

const MINIMUM = 5;
const CHEERS: Record<string, string> = {
  'Joseph Joestar': 'Nice!',
  'Kakyoin Noriaki': 'rerorerorero rerorerorero',
};
const SOS = ['Suzumiya Haruhi', 'Nagato Yuki', 'Asahina Mikuru', 'Kyon', 'Koizumi Itzuki'];
const SC = ['Joseph Joestar', 'Kujo Jotaro', 'Jean Pierre Polnareff', 'Kakyoin Noriaki', 'Mohammed Avdol'];

export interface RefereeReport {
  rounds: number;
  hands: number;
  timeStops: number;
  usedUp: number;
  escapes: number;
  cheers: number;
  winner: 'sos' | 'sc';
}

/** A report with nothing seen yet, to add reports up. */
export const emptyReport = (): RefereeReport => ({
  rounds: 0,
  hands: 0,
  timeStops: 0,
  usedUp: 0,
  escapes: 0,
  cheers: 0,
  winner: 'sos',
});

const worth = (card: Card) => (card.spot === 12 ? 1 : card.spot >= 8 ? 10 : card.spot + 2);

/** Best total of a hand of cards: an Ace counts 11 when that does not bust it. */
function total(cards: readonly Card[]): number {
  const hard = cards.reduce((sum, card) => sum + worth(card), 0);
  return cards.some((card) => card.spot === 12) && hard + 10 <= 21 ? hard + 10 : hard;
}

class ModelDeck {
  cards: Card[] = [...NEW_DECK_ORDER];
  next = 0;
  shuffle(n: number): void {
    const left = this.cards.slice(0, n);
    const right = this.cards.slice(n);
    const out: Card[] = [];
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      if (i < right.length) out.push(right[i]!);
      if (i < left.length) out.push(left[i]!);
    }
    this.cards = out;
    this.next = 0;
  }
  empty(): boolean {
    return this.next >= DECK_SIZE;
  }
  deal(): Card {
    if (this.empty()) throw new Error('model deck empty');
    return this.cards[this.next++]!;
  }
}

/** Checks a whole transcript of `blackjack --rules crusaders bankroll hands type dealers`; throws at the first wrong line. */
export function referee(text: string, bankroll: number, hands: number, dealers: 'sos' | 'sc'): RefereeReport {
  const lines = text.split('\n');
  if (lines.pop() !== '') throw new Error('transcript does not end with a newline');
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`line ${at + 1} ${JSON.stringify(lines[at] ?? '(end)')}: ${why}`);
  };
  const expect = (line: string) => {
    if (lines[at] !== line) fail(`expected ${JSON.stringify(line)}`);
    at++;
  };
  const deck = new ModelDeck();
  const shuffle = () => {
    expect('Shuffling the deck');
    for (let i = 0; i < 7; i++) {
      const match = /^cut at (\d+)$/.exec(lines[at] ?? '');
      if (match === null) fail('expected a cut');
      const cut = Number(match![1]);
      if (cut < 13 || cut > 39) fail('a random cut is 13..39');
      deck.shuffle(cut);
      at++;
    }
  };
  const report = emptyReport();
  const playerTeam = dealers === 'sc' ? SOS : SC;
  const dealerTeam = dealers === 'sc' ? SC : SOS;
  let p = 0;
  let d = 0;
  let carried: number | undefined;
  while (p < 5 && d < 5) {
    report.rounds++;
    const player = playerTeam[p]!;
    const dealer = dealerTeam[d]!;
    const isJoseph = player === 'Joseph Joestar';
    let money = carried ?? (isJoseph ? 2 * bankroll : bankroll);
    shuffle();
    let played = 0;
    let escaped = false;
    while (money >= MINIMUM && played < hands && !escaped) {
      played++;
      report.hands++;
      // One hand, restarted while the deck runs out.
      for (;;) {
        expect(`Hand ${played} bankroll ${money}`);
        if (DECK_SIZE - deck.next < 20) shuffle();
        const bet = /^Player: (.+) bets (\d+)$/.exec(lines[at] ?? '');
        if (bet === null || bet[1] !== player) fail(`expected ${player}'s bet`);
        const wager = Number(bet![2]);
        if (player === 'Suzumiya Haruhi' ? wager !== 10 : wager !== 5 && wager !== 10) fail('a wrong bet');
        if (wager > money && player !== 'Suzumiya Haruhi') fail('a bet above the bankroll');
        at++;
        const outcome = playHand(player, dealer, wager);
        if (outcome === 'used up') {
          report.usedUp++;
          shuffle();
          continue;
        }
        money += outcome;
        break;
      }
      if (isJoseph && money < Math.floor(bankroll / 2)) escaped = true;
    }
    expect(`Player: ${player} has ${money} after ${played} hands`);
    if (escaped) {
      report.escapes++;
      expect(`Player: ${player}: "Ni Ge Run Da Yo"`);
    }
    if (escaped || money < MINIMUM) {
      expect(`Player: ${player} has been kicked out. The winner of this round is ${dealer}.`);
      if (!escaped && CHEERS[dealer] !== undefined) {
        expect(`Dealer: ${dealer}: "${CHEERS[dealer]}"`);
        report.cheers++;
      }
      p++;
      carried = undefined;
    } else {
      expect(`Dealer: ${dealer} has been kicked out. The winner of this round is ${player}.`);
      if (CHEERS[player] !== undefined) {
        expect(`Player: ${player}: "${CHEERS[player]}"`);
        report.cheers++;
      }
      d++;
      carried = money;
    }
  }
  report.winner = p === 5 ? dealers : dealers === 'sc' ? 'sos' : 'sc';
  expect(
    report.winner === 'sc'
      ? 'Game over. The winner is Stardust Crusaders. SOS Brigade will return the computer to Joseph Joestar and Suzumiya Haruhi will become a member of Stardust Crusaders'
      : 'Game over. The winner is SOS Brigade. SOS Brigade got four computers and Stardust Crusaders become an affiliate group of SOS Brigade',
  );
  if (at !== lines.length) fail('lines after the game-over line');
  return report;

  /** Plays one hand against the model deck; the change to the bankroll, or 'used up'. */
  function playHand(player: string, dealer: string, wager: number): number | 'used up' {
    const usedUp = (): 'used up' | undefined => {
      if (!deck.empty()) return undefined;
      const match = /^Hand (\d+) card used up, this hand will start again$/.exec(lines[at] ?? '');
      if (match === null) fail('the deck is empty: expected the used-up line');
      at++;
      return 'used up';
    };
    /** A card dealt to a seat: announced, or, for Jotaro on a bust, a time stop. */
    const deal = (role: 'Player' | 'Dealer', name: string, cards: Card[]): 'used up' | undefined => {
      if (usedUp()) return 'used up';
      const card = deck.deal();
      cards.push(card);
      if (name === 'Kujo Jotaro' && total(cards) > 21) {
        const held = cards.length;
        while (total(cards) > 21) {
          report.timeStops++;
          expect(`${role}: Kujo Jotaro: "Star Platinum, Za Warudo"`);
          cards.length = 0;
          for (let i = 0; i < held; i++) {
            if (usedUp()) return 'used up';
            cards.push(deck.deal());
          }
        }
        expect(`${role}: ${name} dealt ${cardName(cards.at(-1)!)}`);
        return undefined;
      }
      expect(`${role}: ${name} dealt ${cardName(card)}`);
      return undefined;
    };
    const mine: Card[] = [];
    const theirs: Card[] = [];
    if (deal('Player', player, mine) ?? deal('Dealer', dealer, theirs) ?? deal('Player', player, mine)) {
      return 'used up';
    }
    if (usedUp()) return 'used up';
    const hole = deck.deal();
    theirs.push(hole);
    if (total(mine) === 21) {
      expect(`Player: ${player} dealt natural 21`);
      return Math.floor((3 * wager) / 2);
    }
    // The player's choices are the strategy's business (tested in the player package): read them.
    const hits = new RegExp(`^Player: ${player} dealt |^Player: Kujo Jotaro: "Star|^Hand \\d+ card used up`);
    while (hits.test(lines[at] ?? '')) {
      if (deal('Player', player, mine)) return 'used up';
    }
    expect(`Player: ${player}'s total is ${total(mine)}`);
    if (total(mine) > 21) {
      expect(`Player: ${player} busts`);
      return -wager;
    }
    expect(`Dealer: ${dealer}'s hole card is ${cardName(hole)}`);
    while (total(theirs) < 17) if (deal('Dealer', dealer, theirs)) return 'used up';
    expect(`Dealer: ${dealer}'s total is ${total(theirs)}`);
    if (total(theirs) > 21) {
      expect(`Dealer: ${dealer} busts`);
      return wager;
    }
    if (total(theirs) > total(mine)) {
      expect(`Dealer: ${dealer} wins this hand`);
      return -wager;
    }
    if (total(mine) > total(theirs)) {
      expect(`Player: ${player} wins this hand`);
      return wager;
    }
    expect('Push');
    return 0;
  }
}
