// ABOpening: Part II, alpha-beta (target ABOpening in CMakeLists.txt).
#include "launch.h"

int main(int argc, char** argv) {
    (void)argc;
    return launch("ABOpening", argv);
}
