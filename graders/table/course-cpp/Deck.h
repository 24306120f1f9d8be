// CMSC 202 Project 2's provided Deck, the grader's own copy (the course's interface: SPEC section 8).
// Provided: do not edit, do not hand in; grading replaces any copy with this one.
#ifndef DECK_H
#define DECK_H

#include <vector>

#include "Card.h"

class Deck {
 public:
  // A new deck of 52 cards, in order.
  Deck();

  // A deck of exactly these cards, the first dealt first. Not intended for use by students.
  Deck(Card cards[], int numCards);
  Deck(std::vector<Card> cards);

  // Shuffles every card back into the deck.
  void Shuffle();

  // The next card. Unchecked: never deal from an empty deck (a table of 7 cannot empty it).
  Card DealCard();

  int CardsLeft() const;

 private:
  std::vector<Card> m_cards;
  int m_next;
};

#endif
