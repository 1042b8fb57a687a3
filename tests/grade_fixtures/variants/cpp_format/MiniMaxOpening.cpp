// MiniMaxOpening: Project 2, Part I (C++20, written in Visual Studio 2022 and Xcode).
// Every line is printed with std::format, as my C++ course taught it.
// Test fixture: runs morris's own program from $MORRIS_CLASSROOM_BIN.
#include <cstdio>
#include <cstdlib>
#include <format>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << std::format("usage: {} <input> <output> <depth>\n", argv[0]);
        return 1;
    }
    const char* dir = std::getenv("MORRIS_CLASSROOM_BIN");
    if (dir == nullptr) {
        std::cerr << std::format("{:>4} MORRIS_CLASSROOM_BIN is not set\n", "!");
        return 2;
    }
    std::string command = std::format("'{}/MiniMaxOpening' '{}' '{}' '{}'", dir, argv[1], argv[2], argv[3]);
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return 2;
    char line[4096];
    while (std::fgets(line, sizeof line, pipe) != nullptr) std::cout << std::format("{}", line);
    return pclose(pipe) == 0 ? 0 : 1;
}
