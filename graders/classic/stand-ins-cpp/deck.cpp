// The student tool's stand-in Deck: linked into the hand's and the player's unit tests, which never
// call a Deck, so that the harness links without one (the tool holds no reference). Any call throws.
#include <stdexcept>

#include "deck.h"

namespace {
[[noreturn]] void notHere() { throw std::logic_error("the student tool's tests of this file have no Deck"); }
} // namespace

Deck::Deck() : next(0) { notHere(); }

void Deck::reset() { notHere(); }

void Deck::shuffle(int) { notHere(); }

Card Deck::deal() { notHere(); }

int Deck::cardsLeft() { notHere(); }
