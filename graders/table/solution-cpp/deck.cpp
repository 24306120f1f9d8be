#include "deck.h"

namespace {
const int N = 624;
const int M = 397;
unsigned long mt[N];
int mti = N + 1;

void init_genrand(unsigned long s) {
  mt[0] = s & 0xffffffffUL;
  for (mti = 1; mti < N; mti++) {
    mt[mti] = (1812433253UL * (mt[mti - 1] ^ (mt[mti - 1] >> 30)) + mti);
    mt[mti] &= 0xffffffffUL;
  }
}

unsigned long genrand_int32() {
  static const unsigned long mag01[2] = {0x0UL, 0x9908b0dfUL};
  unsigned long y;
  if (mti >= N) {
    if (mti == N + 1) init_genrand(5489UL);
    int kk;
    for (kk = 0; kk < N - M; kk++) {
      y = (mt[kk] & 0x80000000UL) | (mt[kk + 1] & 0x7fffffffUL);
      mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 0x1UL];
    }
    for (; kk < N - 1; kk++) {
      y = (mt[kk] & 0x80000000UL) | (mt[kk + 1] & 0x7fffffffUL);
      mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 0x1UL];
    }
    y = (mt[N - 1] & 0x80000000UL) | (mt[0] & 0x7fffffffUL);
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 0x1UL];
    mti = 0;
  }
  y = mt[mti++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680UL;
  y ^= (y << 15) & 0xefc60000UL;
  y ^= (y >> 18);
  return y & 0xffffffffUL;
}
}  // namespace

void seedDeck(unsigned long seed) { init_genrand(seed); }

Deck::Deck() : next{0} {
  for (int s = 0; s < 4; s++)
    for (int r = 1; r <= 13; r++) cards[s * 13 + r - 1] = Card{r, static_cast<Card::Suit>(s)};
}

void Deck::shuffle() {
  for (int i = 51; i > 0; i--) {
    int j = genrand_int32() % (i + 1);
    Card held = cards[i];
    cards[i] = cards[j];
    cards[j] = held;
  }
  next = 0;
}

Card Deck::deal() { return cards[next++]; }

int Deck::cardsLeft() const { return 52 - next; }
