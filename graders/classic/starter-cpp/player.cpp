// Your players (player.h): the simple player and the counting player, each one instance, returned by
// get_Simple() and get_Counting(). Every function compiles and throws until you write it.
#include <stdexcept>

#include "player.h"

class SimplePlayer : public Player {
public:
    int bet(unsigned int, unsigned int) override { throw std::logic_error("SimplePlayer::bet is not implemented"); }
    bool draw(Card, const Hand &) override { throw std::logic_error("SimplePlayer::draw is not implemented"); }
    void expose(Card) override { throw std::logic_error("SimplePlayer::expose is not implemented"); }
    void shuffled() override { throw std::logic_error("SimplePlayer::shuffled is not implemented"); }
};

static SimplePlayer simple;

Player *get_Simple() { return &simple; }

Player *get_Counting() { throw std::logic_error("get_Counting is not implemented"); }
