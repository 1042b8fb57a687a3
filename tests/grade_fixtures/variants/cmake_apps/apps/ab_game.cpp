// ABGame: Part II, alpha-beta (target ABGame in CMakeLists.txt).
#include "launch.h"

int main(int argc, char** argv) {
    (void)argc;
    return launch("ABGame", argv);
}
