// The grader's unit-test harness of the table's C++ edition: its own main(), linked with the student's
// Blackjack, Player, Hand (every source but Proj2.cpp) and the grader's Card and Deck. It reads a
// script on stdin, one call a line, makes each call of the Blackjack class's public methods and
// prints what it returned beside what the call printed to cout. It judges nothing: the grader
// compares the whole output with the reference's (the oracle, played on the same script).
//
//   players <name> <funds> ...    Blackjack(names, n), then SetPlayerFunds for each
//   deck <rank>.<suit> ...        every new Deck is these cards, top first (the course's enums' numbers)
//   bet <p> <amount>              SetPlayerBet
//   deal                          NewDeal
//   hand <p>  /  dealer           OutputPlayerHand / OutputDealerHand
//   hit <p>                       HitPlayer
//   dealerplay                    DealerPlay
//   settle <p>                    SettlePlayerBet
//   funds <p>                     GetPlayerFunds
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "Blackjack.h"

void pitbossStackDeck(const std::vector<Card> &cards);

int main() {
  std::vector<char *> names;
  Blackjack *game = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string call;
    if (!(words >> call)) continue;
    std::cout << "> " << line << "\n";
    if (call == "players") {
      std::vector<int> funds;
      std::string name;
      int amount;
      while (words >> name >> amount) {
        char *copy = new char[name.size() + 1];
        name.copy(copy, name.size());
        copy[name.size()] = '\0';
        names.push_back(copy);
        funds.push_back(amount);
      }
      game = new Blackjack(&names[0], static_cast<int>(names.size()));
      for (size_t p = 0; p < funds.size(); p++) game->SetPlayerFunds(static_cast<int>(p), funds[p]);
    } else if (call == "deck") {
      std::vector<Card> cards;
      int rank;
      char dot;
      int suit;
      while (words >> rank >> dot >> suit)
        cards.push_back(Card(static_cast<Card::Rank>(rank), static_cast<Card::Suit>(suit)));
      pitbossStackDeck(cards);
    } else if (game == 0) {
      std::cout << "(no table)\n";
    } else {
      int p = 0;
      words >> p;
      if (call == "bet") {
        int amount = 0;
        words >> amount;
        bool placed = game->SetPlayerBet(p, amount);
        std::cout << "= " << (placed ? "true" : "false") << "\n";
      } else if (call == "deal") {
        game->NewDeal();
      } else if (call == "hand") {
        game->OutputPlayerHand(p);
        std::cout << "\n";
      } else if (call == "dealer") {
        game->OutputDealerHand();
        std::cout << "\n";
      } else if (call == "hit") {
        bool busted = game->HitPlayer(p);
        std::cout << "= " << (busted ? "true" : "false") << "\n";
      } else if (call == "dealerplay") {
        game->DealerPlay();
      } else if (call == "settle") {
        game->SettlePlayerBet(p);
      } else if (call == "funds") {
        std::cout << "= " << game->GetPlayerFunds(p) << "\n";
      }
    }
    std::cout << std::flush;
  }
  std::cout << "end\n";
  return 0;
}
