// The Deck ADT: 52 cards in an array and the index of the next one to deal.

#include "deck.h"

const int SpotsPerSuit = ACE + 1;

Deck::Deck() {
    reset();
}

void Deck::reset() {
    for (int i = 0; i < DeckSize; i++) {
        deck[i].spot = static_cast<Spot>(i % SpotsPerSuit);
        deck[i].suit = static_cast<Suit>(i / SpotsPerSuit);
    }
    next = 0;
}

void Deck::shuffle(int n) {
    // The whole array as it lies, dealt cards included: a shuffle never restores a fresh deck.
    Card riffled[DeckSize];
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
