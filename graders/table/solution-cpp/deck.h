// CMSC 202 Project 2's provided Deck (handout 004): 52 cards, Ace to King of Clubs, then Diamonds,
// Hearts and Spades, shuffled by one Mersenne Twister (MT19937) seeded once for the whole game.
#ifndef DECK_H
#define DECK_H
#include "card.h"

// Seeds the game's generator (init_genrand): main() does, once, before the first shuffle.
void seedDeck(unsigned long seed);

class Deck {
 public:
  Deck();
  // For i from 51 down to 1, swaps positions i and genrand_int32() % (i + 1); dealing starts again at the top.
  void shuffle();
  // The next card from the top.
  Card deal();
  int cardsLeft() const;

 private:
  Card cards[52];
  int next;
};

#endif
