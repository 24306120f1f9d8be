#include "Player.h"

Player::Player(char *name, int funds) : m_name(name), m_funds(funds), m_bet(0) {}

char *Player::GetName() const { return m_name; }

int Player::GetFunds() const { return m_funds; }

void Player::SetFunds(int funds) { m_funds = funds; }

int Player::GetBet() const { return m_bet; }

bool Player::PlaceBet(int bet) {
  if (bet < 0 || bet > m_funds) return false;
  m_bet = bet;
  return true;
}

void Player::Settle(int outcome) {
  m_funds += outcome * m_bet;
  m_bet = 0;
}

Hand &Player::GetHand() { return m_hand; }
