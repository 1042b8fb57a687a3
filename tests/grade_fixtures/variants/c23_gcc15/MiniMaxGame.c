#include "wrap.h"

constexpr int DEFAULT_DEPTH = 3,
              MAX_DEPTH = 12;   /* deeper than this never finished on my laptop */
static int depths[MAX_DEPTH + 1];

int main(int argc, char **argv) {
    static_assert(DEFAULT_DEPTH <= MAX_DEPTH, "depth");
    depths[DEFAULT_DEPTH] = true;
    return wrap("MiniMaxGame", argc, argv);
}
