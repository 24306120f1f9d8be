// The cards a player (or the dealer) holds this round, and what they are worth at the table.
#ifndef HAND_H
#define HAND_H

#include <vector>

#include "Card.h"

class Hand {
 public:
  void Clear();
  void AddCard(const Card &card);
  int Size() const;
  const Card &GetCard(int i) const;
  // An Ace counts 11 unless that busts the hand (at most one Ace can).
  int Value() const;
  // Exactly two cards worth 21.
  bool IsBlackjack() const;
  bool IsBusted() const;
  // The cards joined by ", ", no line ending.
  void Output() const;

 private:
  std::vector<Card> m_cards;
};

#endif
