// ab-game -- Part II: White's move in the midgame/endgame, ALPHA-BETA pruning.
#include "Game.hpp"

int main(int argc, char** argv) {
    return game::run(argc, argv, {game::Phase::Midgame, game::Algorithm::AlphaBeta, false, false});
}
