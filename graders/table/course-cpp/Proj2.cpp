// CMSC 202 Project 2's provided main(), the grader's own copy (the course's flow: SPEC section 8).
// Provided: do not edit, do not hand in; grading replaces any copy with this one.
//
//   ./Proj2.out <name> <funds> [<name> <funds> ...]      (1 to 7 players, in seat order)
//
// Who prints what: main prints every prompt, the headers of the turns, the player's name before a
// hand, the blank lines between the parts of a round, "Illegal bet--changing to $0", "Busted!" after
// a player's hit, the funds and "Another round?"; the Blackjack class prints to cout what only it
// knows: the cards of a hand (OutputPlayerHand, OutputDealerHand: no line ending), the card a hit
// deals (HitPlayer: a line), the dealer's whole turn after its header (DealerPlay) and the settling
// of each bet (SettlePlayerBet: a line). Input is not echoed: after each word read, main ends the
// prompt's line. A word is read as whitespace separates it; at the end of the input a bet is
// illegal, a play is a stay and "Another round?" is no, so every game ends.
#include <cstdlib>
#include <iostream>
#include <string>

#include "Blackjack.h"

using namespace std;

namespace {
// Prints the prompt, reads a word (false once the input has ended), then ends the line.
bool Ask(const string &prompt, string &word) {
  cout << prompt << flush;
  bool read = static_cast<bool>(cin >> word);
  cout << "\n";
  return read;
}

// A whole number of dollars as typed (an optional '+', then digits) that an int holds.
bool WholeDollars(const string &word, int &dollars) {
  string digits = !word.empty() && word[0] == '+' ? word.substr(1) : word;
  if (digits.empty() || digits.find_first_not_of("0123456789") != string::npos) return false;
  digits.erase(0, digits.find_first_not_of('0'));
  if (digits.size() > 9) return false;  // more than any player's funds
  dollars = digits.empty() ? 0 : atoi(digits.c_str());
  return true;
}

bool StartsWith(const string &word, char lower, char upper) {
  return !word.empty() && (word[0] == lower || word[0] == upper);
}
}  // namespace

int main(int argc, char *argv[]) {
  int numPlayers = (argc - 1) / 2;
  char **names = new char *[numPlayers > 0 ? numPlayers : 1];
  for (int p = 0; p < numPlayers; p++) names[p] = argv[1 + 2 * p];
  Blackjack game(names, numPlayers);
  for (int p = 0; p < numPlayers; p++) game.SetPlayerFunds(p, atoi(argv[2 + 2 * p]));

  cout << "Welcome to CMSC 202 Blackjack!\n";
  int round = 0;
  string word;
  bool again;
  do {
    round++;
    cout << "\nRound " << round << ":\n";
    for (int p = 0; p < game.GetNumPlayers(); p++) {
      int bet = 0;
      bool read = Ask(string("How much does ") + game.GetPlayerName(p) + " bet? ", word);
      if (!read || !WholeDollars(word, bet) || !game.SetPlayerBet(p, bet)) {
        cout << "Illegal bet--changing to $0\n";
        game.SetPlayerBet(p, 0);
      }
    }

    game.NewDeal();
    cout << "The players' hands:\n";
    for (int p = 0; p < game.GetNumPlayers(); p++) {
      cout << game.GetPlayerName(p) << ": ";
      game.OutputPlayerHand(p);
      cout << "\n";
    }
    cout << "Dealer: ";
    game.OutputDealerHand();
    cout << "\n\n";

    for (int p = 0; p < game.GetNumPlayers(); p++) {
      string name = game.GetPlayerName(p);
      cout << ">>" << name << "'s turn:\n";
      for (;;) {
        cout << "Hand: ";
        game.OutputPlayerHand(p);
        cout << "\n";
        if (!Ask(name + "'s play: ", word) || !StartsWith(word, 'h', 'H')) break;
        if (game.HitPlayer(p)) {
          cout << "Busted!\n";
          break;
        }
      }
      cout << "\n";
    }

    cout << "Dealer's turn:\n";
    game.DealerPlay();
    for (int p = 0; p < game.GetNumPlayers(); p++) game.SettlePlayerBet(p);
    cout << "\n";
    for (int p = 0; p < game.GetNumPlayers(); p++)
      cout << game.GetPlayerName(p) << " now has $" << game.GetPlayerFunds(p) << "\n";
    cout << "\n";
    again = Ask("Another round? ", word) && StartsWith(word, 'y', 'Y');
  } while (again);
  cout << "\nGoodbye!\n";
  delete[] names;
  return 0;
}
