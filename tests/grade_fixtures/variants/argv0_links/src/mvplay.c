/* mvplay: all eight programs in one binary, chosen by the name it is called by
 * (bin/minimax-opening is a link to bin/mvplay, made by the Makefile). */
#include <stdio.h>
#include <string.h>

#include "wrap.h"

static const char *const PROGRAMS[][2] = {
    {"minimax-opening", "MiniMaxOpening"},
    {"minimax-game", "MiniMaxGame"},
    {"ab-opening", "ABOpening"},
    {"ab-game", "ABGame"},
    {"minimax-opening-black", "MiniMaxOpeningBlack"},
    {"minimax-game-black", "MiniMaxGameBlack"},
    {"minimax-opening-improved", "MiniMaxOpeningImproved"},
    {"minimax-game-improved", "MiniMaxGameImproved"},
};

int main(int argc, char **argv) {
    const char *called = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    for (size_t i = 0; i < sizeof PROGRAMS / sizeof PROGRAMS[0]; i++)
        if (strcmp(called, PROGRAMS[i][0]) == 0) return wrap(PROGRAMS[i][1], argc, argv);
    fprintf(stderr, "mvplay: call me through one of the links in bin/ (bin/minimax-opening, ...)\n");
    return 64;
}
