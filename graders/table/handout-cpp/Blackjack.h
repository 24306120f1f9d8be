// CMSC 202 Project 2: the Blackjack class, the course's skeleton. Do not change the public
// declarations: the provided main() (Proj2.cpp) calls them. Add the data members your game needs
// where it says so, and write every method in Blackjack.cpp.
#ifndef BLACKJACK_H
#define BLACKJACK_H

#include "Card.h"
#include "Deck.h"

class Blackjack {
 public:
  // A table of one player, Jane, with $100.
  Blackjack();

  // A table of these players, in seat order; their funds are set afterwards with SetPlayerFunds().
  Blackjack(char *names[], int numPlayers);

  int GetNumPlayers();

  // Player numbers run from 0 to GetNumPlayers() - 1.
  char *GetPlayerName(int player);

  int GetPlayerFunds(int player);
  void SetPlayerFunds(int player, int amt);

  // Places the player's bet for this round. Returns false, and leaves the bet alone, when the
  // player's funds are short of it. Betting moves no money.
  bool SetPlayerBet(int player, int amt);

  // Starts a round: a fresh Deck, shuffled; two cards to each player and to the dealer, dealt one at
  // a time around the table (every player in seat order, then the dealer, then again).
  void NewDeal();

  // Prints the player's cards to cout joined by ", " ("2 of Hearts, 4 of Clubs"), with no label and
  // no line ending.
  void OutputPlayerHand(int player);

  // Prints the dealer's first card and the hidden one: "Ace of Spades, [hidden card]".
  void OutputDealerHand();

  // Deals the player one more card and prints it on a line of its own. Returns true when the hand
  // has gone over 21. Check first that the player has not already gone bust.
  bool HitPlayer(int player);

  // The dealer's whole turn: prints "Hand: " and the cards, then hits at 16 or less
  // ("Dealer's play: hit" and the card dealt) or stays at 17 or more ("Dealer's play: stay"), until
  // it stays or busts ("Busted!"); then a blank line and what the dealer has: "Dealer has 18",
  // "Dealer has blackjack" or "Dealer has busted".
  void DealerPlay();

  // Settles the player's bet against the dealer and prints one line: the player's total, "busted" or
  // "blackjack", and who won, e.g. "Sally has 21--Sally wins", "Sally has blackjack--tie",
  // "Joe has busted--Dealer wins". A win pays the bet, a loss costs it, a tie changes nothing.
  // Clears the bet. Returns 0.
  int SettlePlayerBet(int player);

 private:
  // ADD YOUR DATA MEMBERS HERE
};

#endif
