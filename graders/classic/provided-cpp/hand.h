#ifndef HAND_H
#define HAND_H

// Pitboss's hand.h: the Hand ADT as the handout declares it. Students implement it in hand.cpp.

#include "card.h"

struct HandValue {
    int count; // Value of the hand
    bool soft; // true if the count holds an Ace counted as 11
};

class Hand {
    // OVERVIEW: a blackjack hand of zero or more cards.

    // The only private state a hand needs: its value, not its cards.
    HandValue curValue;

public:

    Hand();
    // EFFECTS: establishes an empty blackjack hand.

    void discardAll();
    // MODIFIES: this
    // EFFECTS: discards any cards held, restoring the state of an
    // empty blackjack hand.

    void addCard(Card c);
    // MODIFIES: this
    // EFFECTS: adds the card c to those held.

    HandValue handValue() const;
    // EFFECTS: returns the present value of the hand. count is the
    // highest blackjack total possible without going over 21; soft is
    // true if and only if an Ace is present and counted as 11 rather
    // than 1. An empty hand is {0, false}. Over 21, the count is the
    // total with every Ace counted as 1 (so soft is false): the
    // transcripts print it.
};

#endif // HAND_H
