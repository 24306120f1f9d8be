// CS246's Straights handout: how the deck is shuffled. The program is seeded once, from its first
// argument (`./straights <seed>`), and every round shuffles the deck once with the same engine,
// starting from the order the previous round was shuffled into:
//
//   std::default_random_engine rng{seed};             // once, for the whole game
//   std::shuffle(cards.begin(), cards.end(), rng);    // at the start of every round
//
// A new engine each round, or a deck put back in its first order, deals other hands than the course's.
#ifndef SHUFFLE_H
#define SHUFFLE_H
#include <algorithm>
#include <random>
#include <vector>

class Shuffler {
 public:
  explicit Shuffler(unsigned seed) : rng{seed} {}
  // Shuffles the cards in place, with the game's one engine.
  template <typename Card>
  void shuffle(std::vector<Card> &cards) {
    std::shuffle(cards.begin(), cards.end(), rng);
  }

 private:
  std::default_random_engine rng;
};

#endif
