// CMSC 202 Project 2's provided Card, the grader's own copy. Provided: do not edit, do not hand in.
#include "Card.h"

#include <iostream>

Card::Card() : m_rank(ACE), m_suit(SPADES) {}

Card::Card(Rank rank, Suit suit) : m_rank(rank), m_suit(suit) {}

Card::Rank Card::GetRank() const { return m_rank; }

Card::Suit Card::GetSuit() const { return m_suit; }

int Card::GetBlackjackValue() const {
  if (m_rank >= JACK) return 10;
  return static_cast<int>(m_rank);
}

void Card::OutputCard() const {
  static const char *const RANKS[] = {"",  "Ace", "2",  "3",    "4",     "5",   "6",
                                      "7", "8",   "9", "10", "Jack", "Queen", "King"};
  static const char *const SUITS[] = {"Spades", "Hearts", "Clubs", "Diamonds"};
  std::cout << RANKS[m_rank] << " of " << SUITS[m_suit];
}

std::vector<Card::Suit> Card::GetAllSuits() {
  std::vector<Suit> suits;
  for (int suit = SPADES; suit < SUIT_END; suit++) suits.push_back(static_cast<Suit>(suit));
  return suits;
}

std::vector<Card::Rank> Card::GetAllRanks() {
  std::vector<Rank> ranks;
  for (int rank = ACE; rank < RANK_END; rank++) ranks.push_back(static_cast<Rank>(rank));
  return ranks;
}
