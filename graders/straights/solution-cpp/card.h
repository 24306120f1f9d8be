#ifndef CARD_H
#define CARD_H
#include <string>

enum Suit { CLUB, DIAMOND, HEART, SPADE };

struct Card {
  int rank;  // 1 (Ace) .. 13 (King)
  Suit suit;
  bool operator==(const Card &other) const { return rank == other.rank && suit == other.suit; }
};

std::string rankName(int rank);
std::string cardName(const Card &card);
// Reads "7S", "TD"...; 0 when fine, 1 a bad rank, 2 a bad suit.
int parseCard(const std::string &word, Card &card);

#endif
