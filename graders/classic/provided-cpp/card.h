#ifndef CARD_H
#define CARD_H

// Pitboss's card.h: the cards of the classic Blackjack assignment, declared as its handout declares
// them. Provided to students; grading replaces any copy a submission holds.

enum Suit {
    SPADES, HEARTS, CLUBS, DIAMONDS
};

extern const char *SuitNames[DIAMONDS+1];
// The printed name of each suit, indexed by Suit: SuitNames[HEARTS] is "Hearts".

enum Spot {
    TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN,
    JACK, QUEEN, KING, ACE
};

extern const char *SpotNames[ACE+1];
// The printed name of each spot, indexed by Spot: SpotNames[ACE] is "Ace".

struct Card {
    Spot spot;
    Suit suit;
};

#endif // CARD_H
