// The Hand ADT: it keeps only its value. An Ace counts 11 while that keeps the hand at 21 or
// under; a card that would bust a soft hand turns that Ace back into 1.

#include "hand.h"

const int Blackjack = 21;
const int SoftBonus = 10; // an Ace counted as 11 instead of 1

// Empty without discardAll(), so a faulty discardAll() (a catalogued mutant) leaves a defined hand.
Hand::Hand() : curValue{0, false} {
}

void Hand::discardAll() {
    curValue.count = 0;
    curValue.soft = false;
}

void Hand::addCard(Card c) {
    if (c.spot == ACE) {
        curValue.count += 1;
        // Two Aces as 11 would be 22: only a hand that is not soft yet can count one as 11.
        if (!curValue.soft && curValue.count + SoftBonus <= Blackjack) {
            curValue.count += SoftBonus;
            curValue.soft = true;
        }
    } else if (c.spot >= TEN) {
        curValue.count += 10;
    } else {
        curValue.count += c.spot + 2; // TWO is 0
    }
    if (curValue.soft && curValue.count > Blackjack) {
        curValue.count -= SoftBonus;
        curValue.soft = false;
    }
}

HandValue Hand::handValue() const {
    return curValue;
}
