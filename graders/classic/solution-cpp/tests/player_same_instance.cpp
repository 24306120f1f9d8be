// get_Simple() and get_Counting() hand out one player each, the same one every time, so the count
// seen through one call is there on the next.
#include "player.h"

int main() {
    if (get_Simple() != get_Simple()) return -1;
    if (get_Counting() != get_Counting()) return -1;
    if (get_Simple() == get_Counting()) return -1;
    get_Counting()->shuffled();
    get_Counting()->expose(Card{TWO, SPADES});
    get_Counting()->expose(Card{THREE, SPADES});
    if (get_Counting()->bet(100, 5) != 10) return -1;
    return 0;
}
