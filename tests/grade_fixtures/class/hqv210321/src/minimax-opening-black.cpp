// minimax-opening-black -- Part III: Black's move in the opening, MINIMAX.
#include "Game.hpp"

int main(int argc, char** argv) {
    return game::run(argc, argv, {game::Phase::Opening, game::Algorithm::MiniMax, true, false});
}
