// morris: all eight programs in one executable, the first argument says which
//   ./build/morris MiniMaxOpening board1.txt board2.txt 2
// (the scripts MiniMaxOpening, ABGame, ... at the top call it so)
// Test fixture: the program named runs morris's own from $MORRIS_CLASSROOM_BIN.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <strings.h>
#include <unistd.h>

static const char* const kPrograms[] = {
    "MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame",
    "MiniMaxOpeningBlack", "MiniMaxGameBlack", "MiniMaxOpeningImproved", "MiniMaxGameImproved",
};

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: morris <program> <input file> <output file> <depth>" << std::endl;
        return 2;
    }
    for (const char* name : kPrograms) {
        if (strcasecmp(argv[1], name) != 0) continue;
        const char* dir = std::getenv("MORRIS_CLASSROOM_BIN");
        if (dir == nullptr) {
            std::cerr << "MORRIS_CLASSROOM_BIN is not set" << std::endl;
            return 2;
        }
        std::string path = std::string(dir) + "/" + name;
        argv[1] = path.data();
        execv(path.c_str(), argv + 1);
        std::perror(path.c_str());
        return 2;
    }
    std::cerr << "unknown program " << argv[1] << std::endl;
    return 2;
}
