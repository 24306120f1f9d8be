// CMSC 202 Project 2's provided Card (handout 004): a rank and a suit, printed "10 of Clubs".
#ifndef CARD_H
#define CARD_H
#include <iostream>
#include <string>

class Card {
 public:
  enum Suit { CLUBS, DIAMONDS, HEARTS, SPADES };
  // 1 is the Ace, 11 to 13 the Jack, Queen and King.
  Card(int rank = 1, Suit suit = CLUBS);
  int getRank() const;
  Suit getSuit() const;
  // Its blackjack points: 2 to 10 its rank, a face 10, an Ace 11 (a hand counts it 1 when it must).
  int getPoints() const;
  std::string toString() const;

 private:
  int rank;
  Suit suit;
};

std::ostream &operator<<(std::ostream &out, const Card &card);

#endif
