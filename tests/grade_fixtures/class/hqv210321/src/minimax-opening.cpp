// minimax-opening -- Part I: White's move in the opening, MINIMAX.
#include "Game.hpp"

int main(int argc, char** argv) {
    return game::run(argc, argv, {game::Phase::Opening, game::Algorithm::MiniMax, false, false});
}
