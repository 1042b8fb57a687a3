// minimax-opening-improved -- Part IV: opening MINIMAX with the improved static estimation.
#include "Game.hpp"

int main(int argc, char** argv) {
    return game::run(argc, argv, {game::Phase::Opening, game::Algorithm::MiniMax, false, true});
}
