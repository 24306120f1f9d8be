// The unit tests' harness for C++ submissions: linked with the one student file under test and the
// reference of the others, it makes the calls the grader sends and writes back what each gave. It
// holds no test and no expected answer: the grader judges every value in its own process.
//
// The grader's side is apps/grader/src/3-sandbox/native-calls.ts. Down stdin: the run's token, then
// requests, each a line `request <id> <scripts>` and, per script, `script <steps>` and one line per step:
//   new <bind> <class>                          Deck or Hand, made
//   fn <bind> <function> <catch> <args...>      getSimple or getCounting: get_Simple(), get_Counting()
//   call <bind> <target> <method> <catch> <args...>
//   same <a> <b>                                whether two slots hold the very same object
// An argument is one word: i<integer>, c<spot>.<suit> (a Card), h<card>,<card>... (a Hand made of
// those cards: a player sees a hand only through handValue()), v<count>.<soft> (a Hand holding that
// value: the student tool's, linked with a stand-in Hand, since it has no Hand of its own to count
// cards with), r<slot>.
// Up fd 3: one JSON line a request, {"token","id","results"} in the executor's encoding (calls.ts).
// Up fd 4: `<script>:<step>` before each call, so that a crash is placed.

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "deck.h"
#include "hand.h"
#include "player.h"

// Defined only by the student tool's stand-in Hand (stand-ins-cpp/hand.cpp): makes `hand` hold that
// value. The grader links a real Hand and never sends `v`, so it is weak: absent there.
void pitbossHandHolding(Hand &hand, int count, bool soft) __attribute__((weak));

namespace {

const int REPLY_FD = 3;
const int PROGRESS_FD = 4;

// Function-local statics: made on first use, so the handshake (which runs before every global's own
// initialiser) cannot see them made again after it.
std::string &token() {
    static std::string text;
    return text;
}

// Reads stdin a line at a time with read(2), never through std::cin, which a student's code may use.
bool readLine(std::string &line) {
    static std::string pending;
    for (;;) {
        const std::string::size_type end = pending.find('\n');
        if (end != std::string::npos) {
            line = pending.substr(0, end);
            pending.erase(0, end + 1);
            return true;
        }
        char buffer[65536];
        const ssize_t got = read(0, buffer, sizeof buffer);
        if (got <= 0) return false;
        pending.append(buffer, static_cast<std::size_t>(got));
    }
}

void writeAll(int fd, const std::string &text) {
    std::size_t at = 0;
    while (at < text.size()) {
        const ssize_t wrote = write(fd, text.data() + at, text.size() - at);
        if (wrote <= 0) std::_Exit(70);
        at += static_cast<std::size_t>(wrote);
    }
}

// Before any of the student's static initialisers (default priority) run: the token, then "ready".
// A process that dies before this line never ran student code: the machinery's fault, not the student's.
__attribute__((constructor(101))) void handshake() {
    std::string line;
    if (!readLine(line)) std::_Exit(71);
    token() = line;
    writeAll(REPLY_FD, "{\"token\":\"" + token() + "\",\"ready\":true}\n");
}

std::string quoted(const std::string &text) {
    std::string out = "\"";
    for (const char c : text.substr(0, 4096)) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20 || u >= 0x80) {
            // Bytes outside ASCII are escaped one by one: the grader reads what was sent, never more.
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", u);
            out += escape;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::vector<std::string> words(const std::string &line) {
    std::vector<std::string> out;
    std::string word;
    for (const char c : line) {
        if (c == ' ') {
            if (!word.empty()) out.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) out.push_back(word);
    return out;
}

struct Slot {
    std::unique_ptr<Deck> deck;
    std::unique_ptr<Hand> hand;
    Player *player = nullptr; // The student's own object: never deleted here.
};

Card cardOf(const std::string &text) {
    const std::string::size_type dot = text.find('.');
    Card card;
    card.spot = static_cast<Spot>(std::atoi(text.substr(0, dot).c_str()));
    card.suit = static_cast<Suit>(std::atoi(text.substr(dot + 1).c_str()));
    return card;
}

struct Argument {
    long long number = 0;
    Card card{};
    std::shared_ptr<Hand> hand;
    long slot = -1;
};

Argument argumentOf(const std::string &word) {
    Argument arg;
    const std::string rest = word.substr(1);
    switch (word[0]) {
    case 'i':
        arg.number = std::atoll(rest.c_str());
        break;
    case 'c':
        arg.card = cardOf(rest);
        break;
    case 'h': {
        arg.hand = std::make_shared<Hand>();
        std::string::size_type start = 0;
        while (start < rest.size()) {
            std::string::size_type end = rest.find(',', start);
            if (end == std::string::npos) end = rest.size();
            arg.hand->addCard(cardOf(rest.substr(start, end - start)));
            start = end + 1;
        }
        break;
    }
    case 'v': {
        arg.hand = std::make_shared<Hand>();
        const std::string::size_type dot = rest.find('.');
        if (pitbossHandHolding != nullptr)
            pitbossHandHolding(*arg.hand, std::atoi(rest.substr(0, dot).c_str()), rest.substr(dot + 1) == "1");
        break;
    }
    case 'r':
        arg.slot = std::atol(rest.c_str());
        break;
    }
    return arg;
}

std::string cardValue(const Card &card) {
    return "{\"$\":\"object\",\"c\":\"Card\",\"v\":{\"spot\":" + std::to_string(static_cast<int>(card.spot)) +
           ",\"suit\":" + std::to_string(static_cast<int>(card.suit)) + "},\"more\":0}";
}

const char *const UNDEFINED = "{\"$\":\"undefined\"}";

std::string thrownOf(const std::string &name, const std::string &message, bool provided) {
    return "{\"t\":{\"error\":true,\"name\":" + quoted(name) + ",\"message\":" + quoted(message) +
           (provided ? ",\"provided\":" + quoted(name) : std::string()) + "}}";
}

// A call the contract does not have (a method the class lacks): what JavaScript would throw.
struct NoSuchCall {
    std::string what;
};

std::string callMethod(Slot &target, const std::string &method, const std::vector<Argument> &args) {
    const auto needs = [&](std::size_t count) {
        if (args.size() < count) throw NoSuchCall{method + " needs " + std::to_string(count) + " arguments"};
    };
    if (target.deck) {
        Deck &deck = *target.deck;
        if (method == "reset") return deck.reset(), UNDEFINED;
        if (method == "shuffle") return needs(1), deck.shuffle(static_cast<int>(args[0].number)), UNDEFINED;
        if (method == "deal") return cardValue(deck.deal());
        if (method == "cardsLeft") return std::to_string(deck.cardsLeft());
    } else if (target.hand) {
        Hand &hand = *target.hand;
        if (method == "discardAll") return hand.discardAll(), UNDEFINED;
        if (method == "addCard") return needs(1), hand.addCard(args[0].card), UNDEFINED;
        if (method == "handValue") {
            const HandValue value = hand.handValue();
            return "{\"$\":\"object\",\"c\":\"HandValue\",\"v\":{\"count\":" + std::to_string(value.count) +
                   ",\"soft\":" + (value.soft ? "true" : "false") + "},\"more\":0}";
        }
    } else if (target.player != nullptr) {
        Player &player = *target.player;
        if (method == "bet") {
            needs(2);
            return std::to_string(player.bet(static_cast<unsigned int>(args[0].number),
                                             static_cast<unsigned int>(args[1].number)));
        }
        if (method == "draw") {
            needs(2);
            if (!args[1].hand) throw NoSuchCall{"draw needs a hand"};
            return player.draw(args[0].card, *args[1].hand) ? "true" : "false";
        }
        if (method == "expose") return needs(1), player.expose(args[0].card), UNDEFINED;
        if (method == "shuffled") return player.shuffled(), UNDEFINED;
    } else {
        throw NoSuchCall{"the slot holds no object"};
    }
    throw NoSuchCall{"no method " + method};
}

std::string playerValue() { return "{\"$\":\"object\",\"c\":\"Player\",\"v\":{},\"more\":0}"; }

// Runs one script; returns its outcomes, a JSON array. A throw the step does not catch ends it.
std::string runScript(const std::vector<std::vector<std::string>> &steps, std::size_t index) {
    std::vector<Slot> slots(steps.size() + 1);
    std::string out = "[";
    bool first = true;
    const auto add = [&](const std::string &outcome) {
        if (!first) out += ',';
        first = false;
        out += outcome;
    };
    for (std::size_t s = 0; s < steps.size(); s++) {
        const std::vector<std::string> &step = steps[s];
        const std::string &op = step.at(0);
        if (op == "same") {
            const Slot &a = slots.at(std::stoul(step.at(1)));
            const Slot &b = slots.at(std::stoul(step.at(2)));
            const bool same = a.player != nullptr ? a.player == b.player
                              : a.deck            ? a.deck.get() == b.deck.get()
                                                  : a.hand && a.hand.get() == b.hand.get();
            add(std::string("{\"v\":") + (same ? "true" : "false") + "}");
            continue;
        }
        writeAll(PROGRESS_FD, std::to_string(index) + ":" + std::to_string(s) + "\n");
        const long bind = std::stol(step.at(1));
        std::size_t firstArg = 0;
        bool catches = false;
        if (op == "fn") {
            catches = step.at(3) == "1";
            firstArg = 4;
        } else if (op == "call") {
            catches = step.at(4) == "1";
            firstArg = 5;
        }
        std::vector<Argument> args;
        for (std::size_t a = firstArg; firstArg > 0 && a < step.size(); a++) args.push_back(argumentOf(step[a]));
        try {
            if (op == "new") {
                Slot &slot = slots.at(static_cast<std::size_t>(bind));
                if (step.at(2) == "Deck") slot.deck.reset(new Deck());
                else if (step.at(2) == "Hand") slot.hand.reset(new Hand());
                else throw NoSuchCall{"no class " + step.at(2)};
                add(std::string("{\"v\":") + UNDEFINED + "}");
            } else if (op == "fn") {
                Player *player = nullptr;
                if (step.at(2) == "getSimple") player = get_Simple();
                else if (step.at(2) == "getCounting") player = get_Counting();
                else throw NoSuchCall{"no function " + step.at(2)};
                if (bind >= 0) slots.at(static_cast<std::size_t>(bind)).player = player;
                add(player == nullptr ? std::string("{\"v\":null}") : "{\"v\":" + playerValue() + "}");
            } else {
                Slot &target = slots.at(std::stoul(step.at(2)));
                const std::string value = callMethod(target, step.at(3), args);
                add("{\"v\":" + value + "}");
            }
        } catch (const NoSuchCall &missing) {
            add(thrownOf("TypeError", missing.what, false));
            return out + "]";
        } catch (const DeckEmpty &) {
            add(thrownOf("DeckEmpty", "", true));
            if (op == "new" || !catches) return out + "]";
        } catch (const std::exception &error) {
            add(thrownOf("std::exception", error.what(), false));
            if (op == "new" || !catches) return out + "]";
        } catch (...) {
            add(thrownOf("exception", "an exception of a type that is not std::exception", false));
            if (op == "new" || !catches) return out + "]";
        }
    }
    return out + "]";
}

} // namespace

int main() {
    std::string line;
    while (readLine(line)) {
        std::vector<std::string> head = words(line);
        if (head.size() != 3 || head[0] != "request") return 72;
        const std::string id = head[1];
        const long scripts = std::stol(head[2]);
        std::string results = "[";
        for (long i = 0; i < scripts; i++) {
            if (!readLine(line)) return 73;
            std::vector<std::string> scriptHead = words(line);
            if (scriptHead.size() != 2 || scriptHead[0] != "script") return 74;
            std::vector<std::vector<std::string>> steps;
            for (long s = std::stol(scriptHead[1]); s > 0; s--) {
                if (!readLine(line)) return 75;
                steps.push_back(words(line));
            }
            if (i > 0) results += ',';
            results += runScript(steps, static_cast<std::size_t>(i));
        }
        writeAll(REPLY_FD, "{\"token\":\"" + token() + "\",\"id\":" + id + ",\"results\":" + results + "]}\n");
    }
    return 0;
}
