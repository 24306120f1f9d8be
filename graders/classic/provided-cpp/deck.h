#ifndef DECK_H
#define DECK_H

// Pitboss's deck.h: the Deck ADT as the handout declares it. Students implement it in deck.cpp.

#include "card.h"

class DeckEmpty { // An exception type: deal() on a deck with no card left
};

const int DeckSize = 52;

class Deck {
    // A standard deck of 52 playing cards, no jokers.

    Card deck[DeckSize]; // The deck of cards
    int next;            // The next card to deal

public:

    Deck();
    // EFFECTS: constructs a "newly opened" deck of cards: first the
    // spades from 2 to A, then the hearts, then the clubs, then the
    // diamonds. The first card dealt is the 2 of Spades.

    void reset();
    // MODIFIES: this
    // EFFECTS: resets the deck to the state of a "newly opened" deck.

    void shuffle(int n);
    // REQUIRES: n is between 0 and 52, inclusive.
    // MODIFIES: this
    // EFFECTS: cuts the deck into two parts: the first n cards (the
    // "left") and the rest (the "right"); either may be empty. Then
    // rebuilds the deck as the first card of the right, the first of
    // the left, the second of the right, the second of the left, and
    // so on; once one side runs out, the rest of the other side
    // follows in order. The first card of the result is the next to
    // deal. For example, shuffle(26) on a newly opened deck gives
    // 2 of Clubs, 2 of Spades, 3 of Clubs, 3 of Spades, ...,
    // A of Diamonds, A of Hearts.
    //
    // Cards already dealt are put back where they lie first: the
    // shuffle takes all 52 cards in the order of the last reset or
    // shuffle, never a fresh deck.

    Card deal();
    // MODIFIES: this
    // EFFECTS: deals the next card and returns it. If no card is
    // left, throws an instance of DeckEmpty.

    int cardsLeft();
    // EFFECTS: returns the number of cards not dealt since the last
    // reset or shuffle.
};

#endif // DECK_H
