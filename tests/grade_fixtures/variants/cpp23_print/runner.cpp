// runner.cpp: the common main() of the eight programs lives here as run_program.
// Test fixture: runs morris's own program from $MORRIS_CLASSROOM_BIN.
#include "runner.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <print>

std::expected<std::string, std::string> read_board(const std::string& path) {
    std::ifstream in(path);
    std::string board;
    if (!(in >> board)) return std::unexpected(std::format("cannot read {}", path));
    return board;
}

int run_program(const char* name, int argc, char** argv) {
    if (argc != 4) {
        std::println(stderr, "usage: {} <input> <output> <depth>", name);
        return 1;
    }
    if (auto board = read_board(argv[1]); !board) {
        std::println(stderr, "error: {}", board.error());
        return 1;
    }
    const char* dir = std::getenv("MORRIS_CLASSROOM_BIN");
    if (dir == nullptr) {
        std::println(stderr, "MORRIS_CLASSROOM_BIN is not set");
        return 2;
    }
    std::string command = std::format("'{}/{}' '{}' '{}' '{}'", dir, name, argv[1], argv[2], argv[3]);
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return 2;
    char line[4096];
    while (std::fgets(line, sizeof line, pipe) != nullptr) std::print("{}", line);
    return pclose(pipe) == 0 ? 0 : 1;
}
