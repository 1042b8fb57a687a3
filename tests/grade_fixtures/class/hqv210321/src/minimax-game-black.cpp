// minimax-game-black -- Part III: Black's move in the midgame/endgame, MINIMAX.
#include "Game.hpp"

int main(int argc, char** argv) {
    return game::run(argc, argv, {game::Phase::Midgame, game::Algorithm::MiniMax, true, false});
}
