// The student tool's stand-in Hand: linked into a player's unit tests in place of a Hand, since the
// tool holds no reference. It counts no card: it holds the value a test gives it (the harness's `v`
// argument), as the TypeScript tests hand a player a view of a value. No rule of the game is here.
#include "hand.h"

namespace {
HandValue given = {0, false};
}

void pitbossHandHolding(Hand &hand, int count, bool soft) {
    given = {count, soft};
    hand.addCard(Card{});
}

Hand::Hand() : curValue{0, false} {}

void Hand::discardAll() { curValue = {0, false}; }

void Hand::addCard(Card) { curValue = given; }

HandValue Hand::handValue() const { return curValue; }
