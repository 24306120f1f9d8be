#include "card.h"

Card::Card(int rank, Suit suit) : rank{rank}, suit{suit} {}

int Card::getRank() const { return rank; }

Card::Suit Card::getSuit() const { return suit; }

int Card::getPoints() const {
  if (rank == 1) return 11;
  return rank > 10 ? 10 : rank;
}

std::string Card::toString() const {
  static const char *const RANKS[] = {"",  "Ace", "2", "3",    "4",     "5",   "6",
                                      "7", "8",   "9", "10",  "Jack", "Queen", "King"};
  static const char *const SUITS[] = {"Clubs", "Diamonds", "Hearts", "Spades"};
  return std::string{RANKS[rank]} + " of " + SUITS[suit];
}

std::ostream &operator<<(std::ostream &out, const Card &card) { return out << card.toString(); }
