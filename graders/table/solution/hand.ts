// A hand of cards: the cards in the order dealt, and what they are worth at the table.
import { type Card, cardName, Spot } from './card';

const BLACKJACK = 21;

/** A card's worth with an Ace as 1: 2..10 their rank, faces 10. */
function lowValue(card: Card): number {
  if (card.spot === Spot.ACE) return 1;
  if (card.spot >= Spot.TEN) return 10;
  return card.spot + 2;
}

export class Hand {
  private readonly cards: Card[] = [];

  /** Empties the hand for a new deal. */
  clear(): void {
    this.cards.length = 0;
  }

  add(card: Card): void {
    this.cards.push(card);
  }

  size(): number {
    return this.cards.length;
  }

  /** The card dealt `i`-th (0 is the first). */
  card(i: number): Card {
    return this.cards[i]!;
  }

  /** An Ace counts 11 unless that busts the hand (at most one Ace can). */
  value(): number {
    let total = 0;
    let hasAce = false;
    for (const card of this.cards) {
      total += lowValue(card);
      if (card.spot === Spot.ACE) hasAce = true;
    }
    if (hasAce && total + 10 <= BLACKJACK) total += 10;
    return total;
  }

  /** Exactly two cards worth 21. */
  isBlackjack(): boolean {
    return this.cards.length === 2 && this.value() === BLACKJACK;
  }

  isBusted(): boolean {
    return this.value() > BLACKJACK;
  }

  /** The cards as the table prints them: `Ace of Spades, 10 of Clubs`. */
  toString(): string {
    return this.cards.map(cardName).join(', ');
  }
}
