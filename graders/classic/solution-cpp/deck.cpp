// The Deck ADT: 52 cards in an array and the index of the next one to deal.

#include "deck.h"

// Fills cards with a newly opened deck: the spades from Two to Ace, then the hearts, clubs, diamonds.
static void openDeck(Card cards[]) {
    int i = 0;
    for (int suit = SPADES; suit <= DIAMONDS; suit++) {
        for (int spot = TWO; spot <= ACE; spot++) {
            cards[i].spot = static_cast<Spot>(spot);
            cards[i].suit = static_cast<Suit>(suit);
            i++;
        }
    }
}

// Zeroed first, and opened here rather than by reset(): a deck whose opening or reset() goes wrong
// (the mutant catalogue's bugs) still deals defined cards.
Deck::Deck() : deck(), next(0) {
    openDeck(deck);
}

void Deck::reset() {
    openDeck(deck);
    next = 0;
}

void Deck::shuffle(int n) {
    // The whole array as it lies, dealt cards included: a shuffle never restores a fresh deck.
    Card riffled[DeckSize] = {}; // defined cards even where a faulty riffle leaves places empty
    const int rightSize = DeckSize - n;
    int out = 0;
    for (int i = 0; i < n || i < rightSize; i++) {
        if (i < rightSize) {
            riffled[out++] = deck[n + i];
        }
        if (i < n) {
            riffled[out++] = deck[i];
        }
    }
    for (int i = 0; i < DeckSize; i++) {
        deck[i] = riffled[i];
    }
    next = 0;
}

Card Deck::deal() {
    if (next >= DeckSize) {
        throw DeckEmpty();
    }
    return deck[next++];
}

int Deck::cardsLeft() {
    return DeckSize - next;
}
