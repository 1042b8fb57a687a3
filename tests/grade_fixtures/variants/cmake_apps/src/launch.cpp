// The shared code every program links (add_library(morris_core ...)).
// Test fixture: runs morris's own program from $MORRIS_CLASSROOM_BIN.
#include "launch.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <unistd.h>

int launch(const char* program, char** argv) {
    const char* dir = std::getenv("MORRIS_CLASSROOM_BIN");
    if (dir == nullptr) {
        std::cerr << "MORRIS_CLASSROOM_BIN is not set" << std::endl;
        return 2;
    }
    std::string path = std::string(dir) + "/" + program;
    argv[0] = path.data();
    execv(path.c_str(), argv);
    std::perror(path.c_str());
    return 2;
}
