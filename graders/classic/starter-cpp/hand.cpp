// Your Hand (hand.h). Every function compiles and throws until you write it.
#include <stdexcept>

#include "hand.h"

Hand::Hand() : curValue() {}

void Hand::discardAll() { throw std::logic_error("Hand::discardAll is not implemented"); }

void Hand::addCard(Card /* c */) { throw std::logic_error("Hand::addCard is not implemented"); }

HandValue Hand::handValue() const { throw std::logic_error("Hand::handValue is not implemented"); }
