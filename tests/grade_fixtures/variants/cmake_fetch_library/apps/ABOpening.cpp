// Part II with {fmt}: the banner on stderr, then the program.
#include <fmt/core.h>

extern "C" {
#include "../wrap.h"
}

int main(int argc, char **argv) {
    fmt::print(stderr, "{} (fmt {})\n", "ABOpening", FMT_VERSION);
    return wrap("ABOpening", argc, argv);
}
