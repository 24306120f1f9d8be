// cardsLeft() counts down from 52; the 53rd deal throws DeckEmpty.
#include "deck.h"

int main() {
    Deck deck;
    for (int i = 0; i < 52; i++) {
        if (deck.cardsLeft() != 52 - i) return -1;
        deck.deal();
    }
    if (deck.cardsLeft() != 0) return -1;
    try {
        deck.deal();
    } catch (DeckEmpty) {
        return 0;
    }
    return -1;
}
