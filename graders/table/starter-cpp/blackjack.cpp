// Your table program starts here: `./blackjack --seed <n> <name> <funds> [<name> <funds> ...] < input`.
// Card and Deck are the course's (card.h, deck.h); the rest (a Blackjack class, Player, Hand...) is
// yours to design. This file reads the words as the course's main() did.
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>
#include "deck.h"

int main(int argc, char *argv[]) {
  std::vector<std::string> words(argv + 1, argv + argc);
  unsigned long seed = static_cast<unsigned long>(std::time(0));
  size_t first = 0;
  if (words.size() >= 2 && words[0] == "--seed") {
    seed = std::strtoul(words[1].c_str(), 0, 10);
    first = 2;
  }
  seedDeck(seed);
  std::cout << "Welcome to CMSC 202 Blackjack!\n";
  // TODO: the players (a name and funds each, from words[first] on), then the rounds.
  (void)first;
}
