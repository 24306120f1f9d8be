// shuffle(26) on a new deck: Two of Clubs, Two of Spades, Three of Clubs, ..., Ace of Diamonds, Ace of Hearts.
#include "deck.h"

int main() {
    Deck deck;
    deck.shuffle(26);
    for (int i = 0; i < 26; i++) {
        Card right = deck.deal();
        Card left = deck.deal();
        // the i-th card of the right half (clubs, then diamonds), then the i-th of the left
        if (right.spot != i % 13 || right.suit != (i < 13 ? CLUBS : DIAMONDS)) return -1;
        if (left.spot != i % 13 || left.suit != (i < 13 ? SPADES : HEARTS)) return -1;
    }
    return 0;
}
