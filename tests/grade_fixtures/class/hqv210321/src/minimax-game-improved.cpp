// minimax-game-improved -- Part IV: midgame/endgame MINIMAX with the improved static estimation.
#include "Game.hpp"

int main(int argc, char** argv) {
    return game::run(argc, argv, {game::Phase::Midgame, game::Algorithm::MiniMax, false, true});
}
