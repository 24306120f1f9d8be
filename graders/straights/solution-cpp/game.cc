#include "game.h"
#include <algorithm>
#include <string>

static const char *SUIT_NAMES[] = {"Clubs", "Diamonds", "Hearts", "Spades"};

Game::Game(unsigned seed, std::istream &in, std::ostream &out)
    : in{in}, out{out}, seed{seed}, rng{seed}, hands(4), discards(4), table(4), computer(4), scores(4, 0) {
  for (int s = 0; s < 4; ++s)
    for (int r = 1; r <= 13; ++r) deck.push_back(Card{r, static_cast<Suit>(s)});
}

bool Game::isLegal(const Card &card) const {
  bool empty = true;
  for (auto &pile : table)
    if (!pile.empty()) empty = false;
  if (empty) return card.rank == 7 && card.suit == SPADE;
  const std::vector<int> &pile = table[card.suit];
  if (pile.empty()) return card.rank == 7;
  return card.rank == pile.front() - 1 || card.rank == pile.back() + 1;
}

std::vector<Card> Game::legalPlays(const std::vector<Card> &hand) const {
  std::vector<Card> legal;
  for (auto &card : hand)
    if (isLegal(card)) legal.push_back(card);
  return legal;
}

void Game::printTurn() {
  out << "Cards on the table:\n";
  for (int s = 0; s < 4; ++s) {
    out << SUIT_NAMES[s] << ":";
    for (int rank : table[s]) out << " " << rankName(rank);
    out << "\n";
  }
  out << "Your hand:";
  for (auto &card : hands[current]) out << " " << cardName(card);
  out << "\nLegal plays:";
  for (auto &card : legalPlays(hands[current])) out << " " << cardName(card);
  out << "\n";
}

void Game::printDeck() {
  for (int i = 0; i < 52; ++i) out << cardName(deck[i]) << (i % 13 == 12 ? "\n" : " ");
}

void Game::computerMove(bool &played, Card &card) {
  std::vector<Card> legal = legalPlays(hands[current]);
  played = !legal.empty();
  card = played ? legal.front() : hands[current].front();
}

void Game::move(bool play, const Card &card) {
  std::vector<Card> &hand = hands[current];
  hand.erase(std::find(hand.begin(), hand.end(), card));
  if (play) {
    std::vector<int> &pile = table[card.suit];
    if (!pile.empty() && card.rank < pile.front()) pile.insert(pile.begin(), card.rank);
    else pile.push_back(card.rank);
  } else {
    discards[current].push_back(card);
  }
  out << "Player" << current + 1 << (play ? " plays " : " discards ") << cardName(card) << ".\n";
  current = (current + 1) % 4;
}

bool Game::humanTurn() {
  for (;;) {
    out << ">";
    std::string command;
    if (!(in >> command)) return false;
    if (command == "play" || command == "discard") {
      std::string word;
      if (!(in >> word)) return false;
      Card card;
      int bad = parseCard(word, card);
      if (bad == 1) {
        out << "Invalid card rank entered. Try again.\n";
        continue;
      }
      if (bad == 2) {
        out << "Invalid card suit entered. Try again.\n";
        continue;
      }
      std::vector<Card> &hand = hands[current];
      bool held = std::find(hand.begin(), hand.end(), card) != hand.end();
      if (command == "play") {
        if (held && isLegal(card)) {
          move(true, card);
          return true;
        }
        out << "This is not a legal play.\n";
      } else {
        if (held && legalPlays(hand).empty()) {
          move(false, card);
          return true;
        }
        out << "You have a legal play. You may not discard.\n";
      }
    } else if (command == "deck") {
      printDeck();
    } else if (command == "ragequit") {
      out << "Player" << current + 1 << " ragequits. A computer will now take over.\n";
      computer[current] = true;
      bool play;
      Card card;
      computerMove(play, card);
      move(play, card);
      return true;
    } else if (command == "quit") {
      return false;
    } else {
      out << "Invalid command entered. Try again.\n";
    }
  }
}

bool Game::playRound() {
  std::shuffle(deck.begin(), deck.end(), rng);
  for (int p = 0; p < 4; ++p) {
    hands[p].assign(deck.begin() + 13 * p, deck.begin() + 13 * (p + 1));
    discards[p].clear();
    table[p].clear();
    if (std::find(hands[p].begin(), hands[p].end(), Card{7, SPADE}) != hands[p].end()) current = p;
  }
  out << "A new round begins. It's Player" << current + 1 << "'s turn to play.\n";
  for (int turn = 0; turn < 52; ++turn) {
    printTurn();
    if (computer[current]) {
      out << ">";
      bool play;
      Card card;
      computerMove(play, card);
      move(play, card);
    } else if (!humanTurn()) {
      return false;
    }
  }
  for (int p = 0; p < 4; ++p) {
    int gained = 0;
    out << "Player" << p + 1 << "'s discards:";
    for (auto &card : discards[p]) {
      out << " " << cardName(card);
      gained += card.rank;
    }
    out << "\nPlayer" << p + 1 << "'s score: " << scores[p] << " + " << gained << " = "
        << scores[p] + gained << "\n";
    scores[p] += gained;
  }
  return true;
}

void Game::play() {
  for (int p = 0; p < 4; ++p) {
    out << "Is Player" << p + 1 << " a human (h) or a computer (c)?\n>";
    std::string answer;
    if (!(in >> answer)) return;
    computer[p] = answer == "c";
  }
  for (;;) {
    if (!playRound()) return;
    if (*std::max_element(scores.begin(), scores.end()) >= 80) break;
  }
  int lowest = *std::min_element(scores.begin(), scores.end());
  for (int p = 0; p < 4; ++p)
    if (scores[p] == lowest) out << "Player" << p + 1 << " wins!\n";
}
