#include "Hand.h"

#include <iostream>

namespace {
const int BLACKJACK = 21;
}

void Hand::Clear() { m_cards.clear(); }

void Hand::AddCard(const Card &card) { m_cards.push_back(card); }

int Hand::Size() const { return static_cast<int>(m_cards.size()); }

const Card &Hand::GetCard(int i) const { return m_cards[i]; }

int Hand::Value() const {
  int total = 0;
  bool ace = false;
  for (size_t i = 0; i < m_cards.size(); i++) {
    total += m_cards[i].GetBlackjackValue();
    if (m_cards[i].GetRank() == Card::ACE) ace = true;
  }
  return ace && total + 10 <= BLACKJACK ? total + 10 : total;
}

bool Hand::IsBlackjack() const { return m_cards.size() == 2 && Value() == BLACKJACK; }

bool Hand::IsBusted() const { return Value() > BLACKJACK; }

void Hand::Output() const {
  for (size_t i = 0; i < m_cards.size(); i++) {
    if (i > 0) std::cout << ", ";
    m_cards[i].OutputCard();
  }
}
