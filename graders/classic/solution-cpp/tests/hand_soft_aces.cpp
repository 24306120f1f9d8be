// Aces: one counts 11 while it can; a card that would bust turns it back into 1. An Ace in one hand
// is nothing to another (the player's and the dealer's hands are apart).
#include "hand.h"

static Card card(Spot spot) {
    Card c;
    c.spot = spot;
    c.suit = HEARTS;
    return c;
}

static bool is(const Hand &hand, int count, bool soft) {
    HandValue v = hand.handValue();
    return v.count == count && v.soft == soft;
}

int main() {
    Hand hand;
    hand.addCard(card(ACE));
    if (!is(hand, 11, true)) return -1;
    hand.addCard(card(ACE));
    if (!is(hand, 12, true)) return -1; // never both as 11
    hand.addCard(card(NINE));
    if (!is(hand, 21, true)) return -1;
    hand.addCard(card(FIVE));
    if (!is(hand, 16, false)) return -1; // the 11 became a 1
    hand.addCard(card(KING));
    if (!is(hand, 26, false)) return -1; // over 21: every Ace as 1
    hand.addCard(card(ACE));
    if (!is(hand, 27, false)) return -1;

    Hand dealer;
    Hand player;
    dealer.addCard(card(ACE));
    player.addCard(card(NINE));
    player.addCard(card(TWO));
    if (!is(player, 11, false) || !is(dealer, 11, true)) return -1;
    return 0;
}
