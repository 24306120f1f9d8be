// CMSC 202 Project 2's provided Card, the grader's own copy (the course's interface: SPEC section 8).
// Provided: do not edit, do not hand in; grading replaces any copy with this one.
#ifndef CARD_H
#define CARD_H

#include <vector>

class Card {
 public:
  // The course's numbering: an Ace is 1, a King 13; RANK_END and SUIT_END end a loop.
  enum Rank { ACE = 1, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, RANK_END };
  enum Suit { SPADES, HEARTS, CLUBS, DIAMONDS, SUIT_END };

  // An Ace of Spades.
  Card();
  Card(Rank rank, Suit suit);

  Rank GetRank() const;
  Suit GetSuit() const;

  // Faces count 10, an Ace 1 and the others their rank: the hand decides when an Ace counts 11.
  int GetBlackjackValue() const;

  // Prints "<rank> of <suit>" to cout ("Ace of Spades", "10 of Clubs"), no line ending.
  void OutputCard() const;

  // Every suit, every rank, in the enums' order.
  static std::vector<Suit> GetAllSuits();
  static std::vector<Rank> GetAllRanks();

 private:
  Rank m_rank;
  Suit m_suit;
};

#endif
