// A shuffle takes back the dealt cards where they lie: dealing first changes nothing.
#include "deck.h"

int main() {
    Deck fresh;
    Deck dealt;
    for (int i = 0; i < 30; i++) {
        dealt.deal();
    }
    fresh.shuffle(17);
    dealt.shuffle(17);
    if (dealt.cardsLeft() != 52) return -1;
    for (int i = 0; i < 52; i++) {
        Card a = fresh.deal();
        Card b = dealt.deal();
        if (a.spot != b.spot || a.suit != b.suit) return -1;
    }
    return 0;
}
