// The student tool's stand-in players: linked into the deck's and the hand's unit tests, which never
// ask for a player, so that the harness links without one (the tool holds no reference). Any call throws.
#include <stdexcept>

#include "player.h"

Player *get_Simple() { throw std::logic_error("the student tool's tests of this file have no Player"); }

Player *get_Counting() { throw std::logic_error("the student tool's tests of this file have no Player"); }
