// ab-opening -- Part II: White's move in the opening, ALPHA-BETA pruning.
#include "Game.hpp"

int main(int argc, char** argv) {
    return game::run(argc, argv, {game::Phase::Opening, game::Algorithm::AlphaBeta, false, false});
}
