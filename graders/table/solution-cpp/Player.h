// A player at the table: a name, funds, this round's bet, and a hand.
#ifndef PLAYER_H
#define PLAYER_H

#include "Hand.h"

class Player {
 public:
  Player(char *name, int funds);
  char *GetName() const;
  int GetFunds() const;
  void SetFunds(int funds);
  int GetBet() const;
  // A bet from 0 to the player's funds; false, and the bet unchanged, otherwise.
  bool PlaceBet(int bet);
  // The bet settled: won (+1), lost (-1) or tied (0); the bet is cleared.
  void Settle(int outcome);
  Hand &GetHand();

 private:
  char *m_name;
  int m_funds;
  int m_bet;
  Hand m_hand;
};

#endif
