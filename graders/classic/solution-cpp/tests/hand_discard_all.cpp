// An empty hand is {0, false}; discardAll() empties a hand, its softness included.
#include "hand.h"

int main() {
    Hand hand;
    if (hand.handValue().count != 0 || hand.handValue().soft) return -1;
    Card ace = {ACE, SPADES};
    Card six = {SIX, CLUBS};
    hand.addCard(ace);
    hand.addCard(six);
    if (hand.handValue().count != 17 || !hand.handValue().soft) return -1;
    hand.discardAll();
    if (hand.handValue().count != 0 || hand.handValue().soft) return -1;
    Card king = {KING, CLUBS};
    hand.addCard(six);
    hand.addCard(king);
    if (hand.handValue().count != 16 || hand.handValue().soft) return -1;
    hand.addCard(six);
    if (hand.handValue().count != 22 || hand.handValue().soft) return -1;
    return 0;
}
