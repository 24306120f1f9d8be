// The driver: blackjack [--seed <n>] <bankroll> <hands> <simple|counting>
// Plays the classic game (minimum bet 5) and prints its transcript. Every line ends in '\n' rather
// than std::endl: the bytes are the same, without a flush per line (a long game prints 100,000).

#include <iostream>
#include <string>

#include "card.h"
#include "deck.h"
#include "hand.h"
#include "player.h"
#include "rand.h"

const int MinimumBet = 5;
const int CutsPerShuffle = 7;
const int ReshuffleBelow = 20; // cards left at a hand's start
const int Blackjack = 21;
const int DealerStandsOn = 17; // soft or hard
// The handout promised numbers up to 10000. Above this one the bankroll could outgrow an int.
const int LargestNumber = 100000000;
const unsigned long LargestSeed = 4294967295UL;
const int UsageStatus = 2;

const char *const Usage = "blackjack [--seed <n>] <bankroll> <hands> <simple|counting>";

// What the command line asked for.
struct Game {
    int bankroll;
    int hands;
    Player *player;
};

// The command line, read; false if it is wrong, with the problem in message.
static bool readGame(int argc, char *argv[], Game &game, std::string &message);

static void shuffle(Deck &deck, Player *player) {
    std::cout << "Shuffling the deck\n";
    for (int i = 0; i < CutsPerShuffle; i++) {
        const int cut = get_cut();
        std::cout << "cut at " << cut << '\n';
        deck.shuffle(cut);
    }
    player->shuffled();
}

static void printCard(Card c) {
    std::cout << SpotNames[c.spot] << " of " << SuitNames[c.suit] << '\n';
}

// Deals a card face up to who ("Player" or "Dealer"), announces it and lets the player see it.
static Card dealUp(Deck &deck, Hand &hand, Player *player, const char *who) {
    const Card c = deck.deal();
    hand.addCard(c);
    std::cout << who << " dealt ";
    printCard(c);
    player->expose(c);
    return c;
}

// Plays one hand for wager with the table's two hands, emptied first; returns what it adds to the
// bankroll (negative when the player loses).
static int playHand(Deck &deck, Player *player, Hand &playerHand, Hand &dealerHand, int wager) {
    playerHand.discardAll();
    dealerHand.discardAll();
    dealUp(deck, playerHand, player, "Player");
    const Card upCard = dealUp(deck, dealerHand, player, "Dealer");
    dealUp(deck, playerHand, player, "Player");
    const Card holeCard = deck.deal();
    dealerHand.addCard(holeCard);

    if (playerHand.handValue().count == Blackjack) {
        std::cout << "Player dealt natural 21\n";
        return (3 * wager) / 2;
    }

    while (playerHand.handValue().count <= Blackjack && player->draw(upCard, playerHand)) {
        dealUp(deck, playerHand, player, "Player");
    }
    const int playerCount = playerHand.handValue().count;
    std::cout << "Player's total is " << playerCount << '\n';
    if (playerCount > Blackjack) {
        std::cout << "Player busts\n";
        return -wager;
    }

    std::cout << "Dealer's hole card is ";
    printCard(holeCard);
    player->expose(holeCard);
    while (dealerHand.handValue().count < DealerStandsOn) {
        dealUp(deck, dealerHand, player, "Dealer");
    }
    const int dealerCount = dealerHand.handValue().count;
    std::cout << "Dealer's total is " << dealerCount << '\n';
    if (dealerCount > Blackjack) {
        std::cout << "Dealer busts\n";
        return wager;
    }
    if (dealerCount > playerCount) {
        std::cout << "Dealer wins\n";
        return -wager;
    }
    if (playerCount > dealerCount) {
        std::cout << "Player wins\n";
        return wager;
    }
    std::cout << "Push\n";
    return 0;
}

int main(int argc, char *argv[]) {
    Game game;
    std::string message;
    if (!readGame(argc, argv, game, message)) {
        std::cerr << "blackjack: " << message << " (usage: " << Usage << ")\n";
        return UsageStatus;
    }

    // One deck and two hands for the whole game, as the reference engine plays it.
    Deck deck;
    Hand playerHand;
    Hand dealerHand;
    int bankroll = game.bankroll;
    int thishand = 0;
    shuffle(deck, game.player);
    while (bankroll >= MinimumBet && thishand < game.hands) {
        thishand++;
        std::cout << "Hand " << thishand << " bankroll " << bankroll << '\n';
        if (deck.cardsLeft() < ReshuffleBelow) {
            shuffle(deck, game.player);
        }
        const int wager = game.player->bet(static_cast<unsigned int>(bankroll), MinimumBet);
        std::cout << "Player bets " << wager << '\n';
        bankroll += playHand(deck, game.player, playerHand, dealerHand, wager);
    }
    std::cout << "Player has " << bankroll << " after " << thishand << " hands\n";
    return 0;
}

// Reads a whole number of digits into value, up to largest; false if word is not one or is larger.
static bool readDigits(const std::string &word, unsigned long largest, unsigned long &value) {
    if (word.empty()) {
        return false;
    }
    value = 0;
    for (char c : word) {
        if (c < '0' || c > '9') {
            return false;
        }
        value = value * 10 + static_cast<unsigned long>(c - '0');
        if (value > largest) {
            return false;
        }
    }
    return true;
}

// A positive integer, as the reference CLI reads one: optional sign, digits.
static bool readPositive(const std::string &word, const char *what, int &value, std::string &message) {
    const bool signed_ = !word.empty() && (word[0] == '+' || word[0] == '-');
    const std::string digits = signed_ ? word.substr(1) : word;
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) {
        message = std::string(what) + " must be an integer, got '" + word + "'";
        return false;
    }
    const bool zero = digits.find_first_not_of('0') == std::string::npos;
    if (zero || word[0] == '-') {
        message = std::string(what) + " must be positive, got " + word;
        return false;
    }
    unsigned long number = 0;
    if (!readDigits(digits, LargestNumber, number)) {
        message = std::string(what) + " is too large: " + word + " (at most " + std::to_string(LargestNumber) +
                  ")";
        return false;
    }
    value = static_cast<int>(number);
    return true;
}

static bool readGame(int argc, char *argv[], Game &game, std::string &message) {
    std::string words[3];
    int count = 0;
    for (int i = 1; i < argc; i++) {
        const std::string word = argv[i];
        if (word == "--seed") {
            unsigned long seed = 0;
            if (i + 1 >= argc) {
                message = "option '--seed' needs a value";
                return false;
            }
            const std::string value = argv[++i];
            if (!readDigits(value, LargestSeed, seed)) {
                message = "--seed must be an integer from 0 to " + std::to_string(LargestSeed) + ", got '" +
                          value + "'";
                return false;
            }
            set_cut_seed(static_cast<unsigned int>(seed));
        } else if (word.size() > 2 && word.compare(0, 2, "--") == 0) {
            message = "unknown option '" + word + "'";
            return false;
        } else {
            if (count < 3) {
                words[count] = word;
            }
            count++;
        }
    }
    if (count != 3) {
        message = "expected 3 words, got " + std::to_string(count);
        return false;
    }
    if (!readPositive(words[0], "bankroll", game.bankroll, message) ||
        !readPositive(words[1], "hands", game.hands, message)) {
        return false;
    }
    if (words[2] == "simple") {
        game.player = get_Simple();
    } else if (words[2] == "counting") {
        game.player = get_Counting();
    } else {
        message = "unknown player type '" + words[2] + "' (expected simple or counting)";
        return false;
    }
    return true;
}
