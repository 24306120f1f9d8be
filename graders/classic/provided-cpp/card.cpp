// Pitboss's card.cpp: the printed names behind card.h. A card prints as "<spot> of <suit>".

#include "card.h"

const char *SuitNames[DIAMONDS+1] = {
    "Spades", "Hearts", "Clubs", "Diamonds"
};

const char *SpotNames[ACE+1] = {
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace"
};
