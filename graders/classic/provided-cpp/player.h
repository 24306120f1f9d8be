#ifndef PLAYER_H
#define PLAYER_H

// Pitboss's player.h: the Player interface as the handout declares it. Students derive the simple
// and the counting player from it in player.cpp.

#include "hand.h"

class Player {
    // An abstract base class: the player's side of the table.

public:
    virtual int bet(unsigned int bankroll,
                    unsigned int minimum) = 0;
    // REQUIRES: bankroll >= minimum
    // EFFECTS: returns the player's bet, between minimum and bankroll
    // inclusive.

    virtual bool draw(Card dealer,             // The dealer's "up card"
                      const Hand &player) = 0; // The player's current hand
    // EFFECTS: returns true if the player wishes to be dealt another
    // card, false otherwise.

    virtual void expose(Card c) = 0;
    // EFFECTS: lets the player "see" the newly exposed card c. Every
    // card dealt face up is exposed, and so is the dealer's hole card
    // when it is shown. Not every card dealt is exposed: if the
    // player busts or is dealt a natural 21, the hole card is not.

    virtual void shuffled() = 0;
    // EFFECTS: tells the player that the deck has been shuffled.
};

extern Player *get_Simple();
// EFFECTS: returns a pointer to the simple player, the same one on
// every call.

extern Player *get_Counting();
// EFFECTS: returns a pointer to the counting player, the same one on
// every call.

#endif // PLAYER_H
