// CMSC 202 Project 2: your Blackjack class. Write every method Blackjack.h declares (read its
// comments), with your own Player and Hand classes (add them to the Makefile's OBJECTS).
#include "Blackjack.h"

#include <iostream>

using namespace std;

Blackjack::Blackjack() {}

Blackjack::Blackjack(char *names[], int numPlayers) {}

int Blackjack::GetNumPlayers() { return 0; }

char *Blackjack::GetPlayerName(int player) { return 0; }

int Blackjack::GetPlayerFunds(int player) { return 0; }

void Blackjack::SetPlayerFunds(int player, int amt) {}

bool Blackjack::SetPlayerBet(int player, int amt) { return false; }

void Blackjack::NewDeal() {}

void Blackjack::OutputPlayerHand(int player) {}

void Blackjack::OutputDealerHand() {}

bool Blackjack::HitPlayer(int player) { return false; }

void Blackjack::DealerPlay() {}

int Blackjack::SettlePlayerBet(int player) { return 0; }
