// CMSC 202 Project 2's provided Deck, the grader's own copy. Provided: do not edit, do not hand in.
//
// Why it differs from the course's (which shuffled with an unseeded rand()): the grader replays each
// game from a seed, so the shuffle is the reference's, one MT19937 for the whole game started with
// init_genrand(seed), where the seed is the environment's PITBOSS_SEED (the grader sets it; the
// command line stays the course's), else the clock (a real game). A new deck is Ace to King of Clubs,
// Diamonds, Hearts, then Spades, as the reference's is. Shuffle: for i = 51 down to 1, swap i with
// genrand_int32() % (i + 1). The grader's unit-test harness may stack the deck (pitbossStackDeck):
// every new deck is then those cards, and a shuffle leaves them in place.
#include "Deck.h"

#include <cstdlib>
#include <ctime>

namespace {
const int N = 624;
const int M = 397;
unsigned long mt[N];
int mti = N + 1;
bool seeded = false;
bool stacked = false;
std::vector<Card> stack;

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

// Seeded once, at the game's first shuffle.
void seedOnce() {
  if (seeded) return;
  seeded = true;
  const char *seed = std::getenv("PITBOSS_SEED");
  init_genrand(seed != 0 && *seed != '\0' ? std::strtoul(seed, 0, 10)
                                          : static_cast<unsigned long>(std::time(0)));
}
}  // namespace

// The grader's unit-test harness: every new deck is these cards, and shuffling leaves them in place.
void pitbossStackDeck(const std::vector<Card> &cards) {
  stacked = true;
  stack = cards;
}

Deck::Deck() : m_next(0) {
  if (stacked) {
    m_cards = stack;
    return;
  }
  static const Card::Suit SUITS[] = {Card::CLUBS, Card::DIAMONDS, Card::HEARTS, Card::SPADES};
  for (int s = 0; s < 4; s++)
    for (int rank = Card::ACE; rank <= Card::KING; rank++)
      m_cards.push_back(Card(static_cast<Card::Rank>(rank), SUITS[s]));
}

Deck::Deck(Card cards[], int numCards) : m_cards(cards, cards + numCards), m_next(0) {}

Deck::Deck(std::vector<Card> cards) : m_cards(cards), m_next(0) {}

void Deck::Shuffle() {
  m_next = 0;
  if (stacked) return;
  seedOnce();
  for (int i = static_cast<int>(m_cards.size()) - 1; i > 0; i--) {
    int j = static_cast<int>(genrand_int32() % static_cast<unsigned long>(i + 1));
    Card held = m_cards[i];
    m_cards[i] = m_cards[j];
    m_cards[j] = held;
  }
}

Card Deck::DealCard() { return m_cards[m_next++]; }

int Deck::CardsLeft() const { return static_cast<int>(m_cards.size()) - m_next; }
