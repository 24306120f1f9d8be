// The two players. The counting player is the simple one plus a running count: it inherits the
// simple player's strategy and changes only its bet and what it does with the cards it sees.

#include "player.h"

class SimplePlayer : public Player {
public:
    int bet(unsigned int bankroll, unsigned int minimum) override;
    bool draw(Card dealer, const Hand &player) override;
    void expose(Card c) override;
    void shuffled() override;
};

class CountingPlayer : public SimplePlayer {
    int count; // +1 for each Two..Six seen, -1 for each Ten..Ace, since the last shuffle

public:
    CountingPlayer();
    int bet(unsigned int bankroll, unsigned int minimum) override;
    void expose(Card c) override;
    void shuffled() override;
};

// True if the dealer's up card is one of the spots from low to high, inclusive.
static bool showsBetween(Card dealer, Spot low, Spot high) {
    return dealer.spot >= low && dealer.spot <= high;
}

int SimplePlayer::bet(unsigned int /* bankroll */, unsigned int minimum) {
    return static_cast<int>(minimum);
}

bool SimplePlayer::draw(Card dealer, const Hand &player) {
    const HandValue value = player.handValue();
    if (value.soft) {
        if (value.count <= 17) {
            return true;
        }
        if (value.count == 18) {
            return !(dealer.spot == TWO || dealer.spot == SEVEN || dealer.spot == EIGHT);
        }
        return false;
    }
    if (value.count <= 11) {
        return true;
    }
    if (value.count == 12) {
        return !showsBetween(dealer, FOUR, SIX);
    }
    if (value.count <= 16) {
        return !showsBetween(dealer, TWO, SIX);
    }
    return false;
}

void SimplePlayer::expose(Card /* c */) {
}

void SimplePlayer::shuffled() {
}

CountingPlayer::CountingPlayer() : count(0) {
}

int CountingPlayer::bet(unsigned int bankroll, unsigned int minimum) {
    if (count >= 2 && bankroll >= 2 * minimum) {
        return static_cast<int>(2 * minimum);
    }
    return SimplePlayer::bet(bankroll, minimum);
}

void CountingPlayer::expose(Card c) {
    if (c.spot <= SIX) {
        count++;
    } else if (c.spot >= TEN) {
        count--;
    }
}

void CountingPlayer::shuffled() {
    count = 0;
}

static SimplePlayer simplePlayer;
static CountingPlayer countingPlayer;

Player *get_Simple() {
    return &simplePlayer;
}

Player *get_Counting() {
    return &countingPlayer;
}
