// ABGame in C++ (Part II), the file names trimmed with Boost's string algorithms, which
// I have from Homebrew (brew install boost).
#include <boost/algorithm/string/trim.hpp>
#include <string>
#include <vector>

#include "wrap.h"

int main(int argc, char **argv) {
    std::vector<std::string> args(argv, argv + argc);
    for (auto &a : args) {
        boost::algorithm::trim(a);
    }
    std::vector<char *> trimmed;
    for (auto &a : args) {
        trimmed.push_back(a.data());
    }
    trimmed.push_back(nullptr);
    return wrap("ABGame", argc, trimmed.data());
}
