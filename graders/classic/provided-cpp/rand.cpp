// Pitboss's rand.cpp: the course's cut source. MT19937 (Matsumoto and Nishimura's genrand_int32),
// seeded once with 0, each cut 13 + output % 27. std::mt19937 is that generator exactly, its
// seeding included, which is why this file needs no twister of its own.

#include <random>

#include "rand.h"

static const int FIRST_CUT = 13;
static const int CUT_SPAN = 27; // cuts 13..39

static std::mt19937 &twister() {
    static std::mt19937 generator(0);
    return generator;
}

int get_cut() {
    return FIRST_CUT + static_cast<int>(twister()() % CUT_SPAN);
}

void set_cut_seed(unsigned int seed) {
    twister().seed(seed);
}
