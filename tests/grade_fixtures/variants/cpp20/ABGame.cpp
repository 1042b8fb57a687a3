// ABGame: my Project 2 in C++ (CLion, CMAKE_CXX_STANDARD 20).
// Test fixture: runs morris's own program from $MORRIS_CLASSROOM_BIN.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <unistd.h>

#include "programs.h"

int main(int argc, char** argv) {
    std::map<std::string, int> programs = known_programs();
    if (!programs.contains("ABGame")) return 1;  // map::contains is C++20
    const char* dir = std::getenv("MORRIS_CLASSROOM_BIN");
    if (dir == nullptr) {
        std::cerr << "MORRIS_CLASSROOM_BIN is not set" << std::endl;
        return 2;
    }
    std::string path = std::string(dir) + "/ABGame";
    (void)argc;
    argv[0] = path.data();
    execv(path.c_str(), argv);
    std::perror(path.c_str());
    return 2;
}
