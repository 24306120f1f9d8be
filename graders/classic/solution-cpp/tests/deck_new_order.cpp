// A new deck deals the spades Two to Ace, then the hearts, the clubs and the diamonds.
#include "deck.h"

int main() {
    Deck deck;
    for (int s = SPADES; s <= DIAMONDS; s++) {
        for (int p = TWO; p <= ACE; p++) {
            Card c = deck.deal();
            if (c.spot != p || c.suit != s) return -1;
        }
    }
    return 0;
}
