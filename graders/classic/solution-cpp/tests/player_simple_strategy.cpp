// The simple player bets the minimum and plays the handout's basic strategy.
#include "player.h"

struct Case {
    Spot first, second; // the player's two cards (hearts)
    Spot up;            // the dealer's up card
    bool hits;
};

int main() {
    Player *p = get_Simple();
    if (p->bet(100, 5) != 5) return -1;
    const Case cases[] = {
        {FIVE, SIX, ACE, true},     // hard 11
        {TEN, TWO, FOUR, false},    // hard 12 against 4..6
        {TEN, TWO, SIX, false},
        {TEN, TWO, THREE, true},
        {TEN, TWO, SEVEN, true},
        {TEN, SIX, SIX, false},     // hard 16 against 2..6
        {TEN, THREE, TWO, false},
        {TEN, SIX, SEVEN, true},
        {TEN, SEVEN, ACE, false},   // hard 17
        {ACE, SIX, TEN, true},      // soft 17
        {ACE, SEVEN, TWO, false},   // soft 18 against 2, 7, 8
        {ACE, SEVEN, SEVEN, false},
        {ACE, SEVEN, EIGHT, false},
        {ACE, SEVEN, NINE, true},
        {ACE, SEVEN, SIX, true},
        {ACE, EIGHT, TEN, false},   // soft 19
    };
    for (const Case &c : cases) {
        Hand hand;
        hand.addCard(Card{c.first, HEARTS});
        hand.addCard(Card{c.second, HEARTS});
        if (p->draw(Card{c.up, CLUBS}, hand) != c.hits) return -1;
    }
    return 0;
}
