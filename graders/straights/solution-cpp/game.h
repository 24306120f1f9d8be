#ifndef GAME_H
#define GAME_H
#include <iostream>
#include <random>
#include <vector>
#include "card.h"

class Game {
 public:
  Game(unsigned seed, std::istream &in, std::ostream &out);
  void play();

 private:
  std::istream &in;
  std::ostream &out;
  const unsigned seed;  // the game's seed, as given
  std::default_random_engine rng;  // seeded once, for the whole game
  std::vector<Card> deck;
  std::vector<std::vector<Card>> hands;
  std::vector<std::vector<Card>> discards;
  std::vector<std::vector<int>> table;
  std::vector<bool> computer;
  std::vector<int> scores;
  int current = 0;

  bool isLegal(const Card &card) const;
  std::vector<Card> legalPlays(const std::vector<Card> &hand) const;
  void printTurn();
  void printDeck();
  void computerMove(bool &played, Card &card);
  void move(bool play, const Card &card);
  bool humanTurn();  // false when the game ends (quit, or the input ended)
  bool playRound();
};

#endif
