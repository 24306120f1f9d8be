#ifndef RAND_H
#define RAND_H

// Pitboss's rand.h: where the driver's shuffles cut the deck.

int get_cut();
// EFFECTS: returns the next cut point, an integer from 13 to 39
// inclusive. One sequence serves the whole program run: it is never
// restarted, so a run's first cuts are always 39 22 33 37 38 37 38.

void set_cut_seed(unsigned int seed);
// Pitboss's extension (not in the handout; drivers need not call it).
// REQUIRES: get_cut() has not been called yet.
// MODIFIES: the cut sequence
// EFFECTS: starts the sequence at seed instead of the course's 0.

#endif // RAND_H
