#include "card.h"

static const std::string RANKS = "A23456789TJQK";
static const std::string SUITS = "CDHS";

std::string rankName(int rank) { return std::string(1, RANKS[rank - 1]); }

std::string cardName(const Card &card) { return rankName(card.rank) + SUITS[card.suit]; }

int parseCard(const std::string &word, Card &card) {
  std::string::size_type rank = RANKS.find(word[0]);
  if (word.empty() || rank == std::string::npos) return 1;
  if (word.size() != 2) return 2;
  std::string::size_type suit = SUITS.find(word[1]);
  if (suit == std::string::npos) return 2;
  card.rank = rank + 1;
  card.suit = static_cast<Suit>(suit);
  return 0;
}
