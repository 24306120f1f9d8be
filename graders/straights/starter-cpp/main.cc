// Your Straights program starts here: `./straights <seed> < input`. Its classes and files are yours
// to design (the handout's shuffle.h shows how the deck is shuffled); this file reads the seed as the
// course's program did.
#include <chrono>
#include <iostream>
#include <stdexcept>
#include <string>
#include "shuffle.h"

int main(int argc, char *argv[]) {
  unsigned seed = std::chrono::system_clock::now().time_since_epoch().count();
  if (argc > 1) {
    try {
      seed = std::stoi(std::string{argv[1]});
    } catch (std::invalid_argument &e) {
      std::cerr << e.what() << std::endl;
      return 1;
    } catch (std::out_of_range &e) {
      std::cerr << e.what() << std::endl;
      return -1;
    }
  }
  Shuffler shuffler{seed};
  // TODO: ask who is human, then play rounds until a score reaches 80.
  (void)shuffler;
}
