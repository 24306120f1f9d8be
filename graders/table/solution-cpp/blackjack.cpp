// The table game (CMSC 202 Project 2): players bet, hit or stay against the dealer, round after round.
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>
#include "card.h"
#include "deck.h"

struct Hand {
  std::vector<Card> cards;
  int value() const {
    int total = 0;
    bool ace = false;
    for (const Card &card : cards) {
      total += card.getRank() == 1 ? 1 : card.getPoints();
      if (card.getRank() == 1) ace = true;
    }
    return ace && total + 10 <= 21 ? total + 10 : total;
  }
  bool blackjack() const { return cards.size() == 2 && value() == 21; }
  std::string show() const {
    std::string text;
    for (size_t i = 0; i < cards.size(); i++) text += (i > 0 ? ", " : "") + cards[i].toString();
    return text;
  }
};

struct Player {
  std::string name;
  long long funds;
  long long bet;
  Hand hand;
};

static bool readWord(std::string &word) { return static_cast<bool>(std::cin >> word); }

// Prints the prompt, reads a word (false once the input has ended), then ends the line.
static bool ask(const std::string &prompt, std::string &word) {
  std::cout << prompt << std::flush;
  bool read = readWord(word);
  std::cout << "\n";
  return read;
}

// A whole number from 0 to `funds`, as typed (an optional '+', then digits).
static bool legalBet(const std::string &word, long long funds, long long &bet) {
  std::string digits = word[0] == '+' ? word.substr(1) : word;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return false;
  digits.erase(0, digits.find_first_not_of('0'));
  if (digits.size() > 15) return false;
  bet = digits.empty() ? 0 : std::atoll(digits.c_str());
  return bet <= funds;
}

int main(int argc, char *argv[]) {
  std::vector<std::string> words(argv + 1, argv + argc);
  unsigned long seed = static_cast<unsigned long>(std::time(nullptr));
  size_t first = 0;
  if (words.size() >= 2 && words[0] == "--seed") {
    seed = std::strtoul(words[1].c_str(), nullptr, 10);
    first = 2;
  }
  std::vector<Player> players;
  for (size_t i = first; i + 1 < words.size(); i += 2)
    players.push_back(Player{words[i], std::atoll(words[i + 1].c_str()), 0, Hand{}});
  seedDeck(seed);

  std::cout << "Welcome to CMSC 202 Blackjack!\n";
  int round = 0;
  std::string word;
  do {
    round++;
    std::cout << "\nRound " << round << ":\n";
    for (Player &player : players) {
      bool read = ask("How much does " + player.name + " bet? ", word);
      if (!read || !legalBet(word, player.funds, player.bet)) {
        std::cout << "Illegal bet--changing to $0\n";
        player.bet = 0;
      }
    }

    Deck deck;
    deck.shuffle();
    Hand dealer;
    for (Player &player : players) player.hand.cards = {deck.deal()};
    dealer.cards = {deck.deal()};
    for (Player &player : players) player.hand.cards.push_back(deck.deal());
    dealer.cards.push_back(deck.deal());
    std::cout << "The players' hands:\n";
    for (Player &player : players) std::cout << player.name << ": " << player.hand.show() << "\n";
    std::cout << "Dealer: " << dealer.cards[0] << ", [hidden card]\n\n";

    for (Player &player : players) {
      std::cout << ">>" << player.name << "'s turn:\n";
      for (;;) {
        std::cout << "Hand: " << player.hand.show() << "\n";
        if (!ask(player.name + "'s play: ", word) || (word[0] != 'h' && word[0] != 'H')) break;
        Card card = deck.deal();
        player.hand.cards.push_back(card);
        std::cout << card << "\n";
        if (player.hand.value() > 21) {
          std::cout << "Busted!\n";
          break;
        }
      }
      std::cout << "\n";
    }

    std::cout << "Dealer's turn:\n";
    for (;;) {
      std::cout << "Hand: " << dealer.show() << "\n";
      if (dealer.value() >= 17) {
        std::cout << "Dealer's play: stay\n";
        break;
      }
      Card card = deck.deal();
      dealer.cards.push_back(card);
      std::cout << "Dealer's play: hit\n" << card << "\n";
      if (dealer.value() > 21) {
        std::cout << "Busted!\n";
        break;
      }
    }
    std::cout << "\n";
    if (dealer.value() > 21) std::cout << "Dealer has busted\n";
    else if (dealer.blackjack()) std::cout << "Dealer has blackjack\n";
    else std::cout << "Dealer has " << dealer.value() << "\n";

    for (Player &player : players) {
      const Hand &hand = player.hand;
      if (hand.value() > 21) {
        std::cout << player.name << " has busted--Dealer wins\n";
        player.funds -= player.bet;
        continue;
      }
      std::cout << player.name << " has ";
      if (hand.blackjack()) std::cout << "blackjack";
      else std::cout << hand.value();
      std::cout << "--";
      int outcome;  // 1 the player wins, 0 a tie, -1 the dealer wins
      if (dealer.value() > 21) outcome = 1;
      else if (hand.blackjack() || dealer.blackjack())
        outcome = hand.blackjack() && dealer.blackjack() ? 0 : hand.blackjack() ? 1 : -1;
      else outcome = hand.value() > dealer.value() ? 1 : hand.value() == dealer.value() ? 0 : -1;
      std::cout << (outcome > 0 ? "Dealer loses" : outcome == 0 ? "Tie" : "Dealer wins") << "\n";
      player.funds += outcome * player.bet;
    }
    std::cout << "\n";
    for (Player &player : players) std::cout << player.name << " now has $" << player.funds << "\n";
    std::cout << "\n";
  } while (ask("Another round? ", word) && (word[0] == 'y' || word[0] == 'Y'));
  std::cout << "\nGoodbye!\n";
}
