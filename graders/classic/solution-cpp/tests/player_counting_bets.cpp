// The counting player: +1 for Two..Six, -1 for Ten..Ace; doubles at +2 when it can afford it.
#include "player.h"

int main() {
    Player *p = get_Counting();
    p->shuffled();
    if (p->bet(100, 5) != 5) return -1;
    p->expose(Card{TWO, SPADES});
    p->expose(Card{EIGHT, SPADES}); // 0
    if (p->bet(100, 5) != 5) return -1;
    p->expose(Card{SIX, HEARTS});
    if (p->bet(100, 5) != 10) return -1;
    if (p->bet(10, 5) != 10) return -1;
    if (p->bet(9, 5) != 5) return -1; // cannot afford twice the minimum
    p->expose(Card{ACE, CLUBS});
    if (p->bet(100, 5) != 5) return -1;
    p->expose(Card{THREE, CLUBS});
    p->shuffled();
    if (p->bet(100, 5) != 5) return -1;
    p->expose(Card{FOUR, CLUBS});
    p->expose(Card{FIVE, CLUBS});
    if (p->bet(100, 5) != 10) return -1; // counting again from 0
    // and it plays as the simple player does: hard 16 against a 7 hits
    Hand hand;
    hand.addCard(Card{TEN, HEARTS});
    hand.addCard(Card{SIX, HEARTS});
    if (!p->draw(Card{SEVEN, CLUBS}, hand) || p->draw(Card{SIX, CLUBS}, hand)) return -1;
    return 0;
}
