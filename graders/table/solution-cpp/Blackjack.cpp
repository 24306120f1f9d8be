// The table: the players and the dealer, one fresh deck a round. Proj2.cpp's main() calls these
// methods in the order of a round; each prints to cout only what the course's main leaves to it.
#include "Blackjack.h"

#include <iostream>

using namespace std;

namespace {
// The dealer hits on 16 or less and stays on 17 or more (a soft 17 too).
const int DEALER_STAYS = 17;

char JANE[] = "Jane";

// How a hand stands when bets are settled: busted, blackjack, or its value.
void OutputStanding(const Hand &hand) {
  if (hand.IsBusted())
    cout << "busted";
  else if (hand.IsBlackjack())
    cout << "blackjack";
  else
    cout << hand.Value();
}

// A blackjack beats any other 21.
int Rank(const Hand &hand) { return hand.IsBlackjack() ? 22 : hand.Value(); }
}  // namespace

Blackjack::Blackjack() { m_players.push_back(Player(JANE, 100)); }

Blackjack::Blackjack(char *names[], int numPlayers) {
  for (int p = 0; p < numPlayers; p++) m_players.push_back(Player(names[p], 0));
}

int Blackjack::GetNumPlayers() { return static_cast<int>(m_players.size()); }

char *Blackjack::GetPlayerName(int player) { return m_players[player].GetName(); }

int Blackjack::GetPlayerFunds(int player) { return m_players[player].GetFunds(); }

void Blackjack::SetPlayerFunds(int player, int amt) { m_players[player].SetFunds(amt); }

bool Blackjack::SetPlayerBet(int player, int amt) { return m_players[player].PlaceBet(amt); }

void Blackjack::NewDeal() {
  m_deck = Deck();
  m_deck.Shuffle();
  for (size_t p = 0; p < m_players.size(); p++) m_players[p].GetHand().Clear();
  m_dealer.Clear();
  for (int round = 0; round < 2; round++) {
    for (size_t p = 0; p < m_players.size(); p++) m_players[p].GetHand().AddCard(m_deck.DealCard());
    m_dealer.AddCard(m_deck.DealCard());
  }
}

void Blackjack::OutputPlayerHand(int player) { m_players[player].GetHand().Output(); }

void Blackjack::OutputDealerHand() {
  m_dealer.GetCard(0).OutputCard();
  cout << ", [hidden card]";
}

bool Blackjack::HitPlayer(int player) {
  Hand &hand = m_players[player].GetHand();
  // A hand already over 21 takes no more cards.
  if (hand.IsBusted()) return true;
  Card card = m_deck.DealCard();
  hand.AddCard(card);
  card.OutputCard();
  cout << "\n";
  return hand.IsBusted();
}

void Blackjack::DealerPlay() {
  for (;;) {
    cout << "Hand: ";
    m_dealer.Output();
    cout << "\n";
    if (m_dealer.Value() >= DEALER_STAYS) {
      cout << "Dealer's play: stay\n";
      break;
    }
    Card card = m_deck.DealCard();
    m_dealer.AddCard(card);
    cout << "Dealer's play: hit\n";
    card.OutputCard();
    cout << "\n";
    if (m_dealer.IsBusted()) {
      cout << "Busted!\n";
      break;
    }
  }
  cout << "\nDealer has ";
  OutputStanding(m_dealer);
  cout << "\n";
}

int Blackjack::SettlePlayerBet(int player) {
  Player &who = m_players[player];
  const Hand &hand = who.GetHand();
  // -1 the dealer wins, 1 the player does, 0 a tie. A bust loses even when the dealer busts too.
  int outcome;
  if (hand.IsBusted())
    outcome = -1;
  else if (m_dealer.IsBusted())
    outcome = 1;
  else
    outcome = Rank(hand) > Rank(m_dealer) ? 1 : Rank(hand) < Rank(m_dealer) ? -1 : 0;
  cout << who.GetName() << " has ";
  OutputStanding(hand);
  cout << "--" << (outcome < 0 ? "Dealer wins" : outcome > 0 ? "Dealer loses" : "Tie") << "\n";
  who.Settle(outcome);
  return 0;
}
