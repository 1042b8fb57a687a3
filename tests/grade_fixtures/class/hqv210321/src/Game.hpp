// Game.hpp -- shared engine for the eight programs of the project.
//
// A board is a std::string of 22 characters ('W', 'B', 'x'), listed from the
// bottom-left corner, left to right, bottom row up:
//
//   a0 d0 g0 b1 d1 f1 c2 e2 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6
//    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace game {

using Board = std::string;
constexpr int kPoints = 22;

enum class Phase { Opening, Midgame };

// --- board geometry -------------------------------------------------------
const std::vector<int>& neighbors(int point);
bool closeMill(int point, const Board& b);  // is the piece on `point` in a mill?
int count(const Board& b, char piece);
Board swapColors(const Board& b);

// --- move generation (White to move) --------------------------------------
void generateRemove(const Board& b, std::vector<Board>& out);
std::vector<Board> generateAdd(const Board& b);
std::vector<Board> generateMove(const Board& b);
std::vector<Board> generateHopping(const Board& b);
std::vector<Board> generateMovesOpening(const Board& b);
std::vector<Board> generateMovesMidgameEndgame(const Board& b);

std::vector<Board> whiteMoves(const Board& b, Phase phase);
std::vector<Board> blackMoves(const Board& b, Phase phase);  // by color swap

// How many boards the midgame/endgame generator would return for `me` ('W' or
// 'B'), without building them (the static estimations only need the number).
int countMovesMidgame(const Board& b, char me);
int countWhiteMovesMidgame(const Board& b);
int countBlackMovesMidgame(const Board& b);

// --- static estimations ----------------------------------------------------
using Estimator = std::function<double(const Board&)>;

double estimateOpening(const Board& b);
double estimateMidgameEndgame(const Board& b);
double improvedEstimateOpening(const Board& b);
double improvedEstimateMidgameEndgame(const Board& b);

// --- search ------------------------------------------------------------------
struct Result {
    bool hasMove = false;     // false when White has no legal move at the root
    Board board;              // the chosen position
    double value = 0;         // its MINIMAX value
    long long evaluated = 0;  // how many leaves went through the estimator
};

Result minimax(const Board& root, int depth, Phase phase, const Estimator& estimate);
Result alphaBeta(const Board& root, int depth, Phase phase, const Estimator& estimate);

// --- command line driver shared by the eight programs -----------------------
enum class Algorithm { MiniMax, AlphaBeta };

struct Program {
    Phase phase;
    Algorithm algorithm;
    bool playBlack;
    bool improved;
};

// Exit codes: 0 ok, 2 bad usage / bad input file, 3 the side to move has no move.
int run(int argc, char** argv, const Program& program);

}  // namespace game
