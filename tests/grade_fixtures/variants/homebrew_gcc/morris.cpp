// one file for all 8 programs, pick one with -D (see build.sh)
#include <bits/stdc++.h>
#include "wrap.h"
using namespace std;

#if defined(MINIMAX_OPENING_BLACK)
#define PROGRAM "MiniMaxOpeningBlack"
#elif defined(MINIMAX_GAME_BLACK)
#define PROGRAM "MiniMaxGameBlack"
#elif defined(MINIMAX_OPENING_IMPROVED)
#define PROGRAM "MiniMaxOpeningImproved"
#elif defined(MINIMAX_GAME_IMPROVED)
#define PROGRAM "MiniMaxGameImproved"
#elif defined(MINIMAX_OPENING)
#define PROGRAM "MiniMaxOpening"
#elif defined(MINIMAX_GAME)
#define PROGRAM "MiniMaxGame"
#elif defined(AB_OPENING)
#define PROGRAM "ABOpening"
#elif defined(AB_GAME)
#define PROGRAM "ABGame"
#endif

int main(int argc, char **argv) {
#ifndef PROGRAM
    cout << "compile with -DXXX, see build.sh" << endl;
    return 1;
#else
    return wrap(PROGRAM, argc, argv);
#endif
}
