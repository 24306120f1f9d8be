// shuffle(10): ten pairs (right first), then the rest of the right half in order.
#include "deck.h"

int main() {
    Deck deck;
    deck.shuffle(10);
    int expected[52];
    for (int i = 0; i < 10; i++) {
        expected[2 * i] = 10 + i;
        expected[2 * i + 1] = i;
    }
    for (int i = 20; i < 52; i++) {
        expected[i] = i;
    }
    for (int i = 0; i < 52; i++) {
        Card c = deck.deal();
        if (c.suit * 13 + c.spot != expected[i]) return -1;
    }
    return 0;
}
