// Your driver: ./blackjack <bankroll> <hands> <simple|counting>, as the handout describes.
#include <iostream>

int main(int /* argc */, char * /* argv */[]) {
    std::cerr << "blackjack: not implemented" << std::endl;
    return 1;
}
