// An acceptance test, one behaviour per program, as the course's example.cpp: deal a card, shuffle(26),
// and the dealt card is back in the deck, second. Exit status 0 is a pass.
#include <iostream>

#include "deck.h"

int main() {
    Deck deck;
    Card first = deck.deal();
    if (first.spot != TWO || first.suit != SPADES) return 1;
    deck.shuffle(26);
    Card c = deck.deal();
    if (c.spot != TWO || c.suit != CLUBS) return 1;
    c = deck.deal();
    if (c.spot != TWO || c.suit != SPADES) return 1;
    std::cout << "deck_shuffle_returns_dealt_card: pass" << std::endl;
    return 0;
}
