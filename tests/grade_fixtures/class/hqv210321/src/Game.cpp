// Game.cpp -- board geometry, move generators, estimations and search.
#include "Game.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

namespace game {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// adjacency list, ascending (this is also the order moves are generated in)
const std::vector<std::vector<int>> kNeighbors = {
    {1, 3, 19},        // 0  a0
    {0, 2, 4},         // 1  d0
    {1, 5, 12},        // 2  g0
    {0, 4, 6, 8},      // 3  b1
    {1, 3, 5},         // 4  d1
    {2, 4, 7, 11},     // 5  f1
    {3, 7, 9},         // 6  c2
    {5, 6, 10},        // 7  e2
    {3, 9, 16},        // 8  b3
    {6, 8, 13},        // 9  c3
    {7, 11, 15},       // 10 e3
    {5, 10, 12, 18},   // 11 f3
    {2, 11, 21},       // 12 g3
    {9, 14, 16},       // 13 c4
    {13, 15, 17},      // 14 d4
    {10, 14, 18},      // 15 e4
    {8, 13, 17, 19},   // 16 b5
    {14, 16, 18, 20},  // 17 d5
    {11, 15, 17, 21},  // 18 f5
    {0, 16, 20},       // 19 a6
    {17, 19, 21},      // 20 d6
    {12, 18, 20},      // 21 g6
};

using Line = std::array<int, 3>;

const std::vector<Line> kLines = {
    // horizontal
    {0, 1, 2}, {3, 4, 5}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21},
    // vertical
    {3, 8, 16}, {6, 9, 13}, {7, 10, 15}, {5, 11, 18}, {2, 12, 21}, {14, 17, 20},
    // diagonal
    {0, 3, 6}, {2, 5, 7}, {13, 16, 19}, {15, 18, 21},
};

// for every point, the lines going through it
std::vector<std::vector<Line>> buildLinesThrough() {
    std::vector<std::vector<Line>> through(kPoints);
    for (const Line& l : kLines)
        for (int p : l) through[p].push_back(l);
    return through;
}
const std::vector<std::vector<Line>> kLinesThrough = buildLinesThrough();

// move `from` -> `to` for the piece `me` (from == -1 means placing a new piece)
// closes a mill?
bool closesMill(const Board& b, int from, int to, char me) {
    for (const Line& l : kLinesThrough[to]) {
        bool all = true;
        for (int p : l) {
            if (p == to) continue;
            if (p == from || b[p] != me) {
                all = false;
                break;
            }
        }
        if (all) return true;
    }
    return false;
}

}  // namespace

// ---------------------------------------------------------------------------
// geometry
// ---------------------------------------------------------------------------

const std::vector<int>& neighbors(int point) { return kNeighbors[point]; }

bool closeMill(int point, const Board& b) {
    char c = b[point];
    if (c != 'W' && c != 'B') return false;
    for (const Line& l : kLinesThrough[point])
        if (b[l[0]] == c && b[l[1]] == c && b[l[2]] == c) return true;
    return false;
}

int count(const Board& b, char piece) {
    int n = 0;
    for (char c : b)
        if (c == piece) ++n;
    return n;
}

Board swapColors(const Board& b) {
    Board s = b;
    for (char& c : s) {
        if (c == 'W')
            c = 'B';
        else if (c == 'B')
            c = 'W';
    }
    return s;
}

// ---------------------------------------------------------------------------
// move generation for White (handout pseudo-code)
// ---------------------------------------------------------------------------

void generateRemove(const Board& b, std::vector<Board>& out) {
    bool added = false;
    for (int i = 0; i < kPoints; ++i) {
        if (b[i] == 'B' && !closeMill(i, b)) {
            Board n = b;
            n[i] = 'x';
            out.push_back(n);
            added = true;
        }
    }
    if (!added) out.push_back(b);  // every black piece is in a mill
}

std::vector<Board> generateAdd(const Board& b) {
    std::vector<Board> out;
    for (int i = 0; i < kPoints; ++i) {
        if (b[i] != 'x') continue;
        Board n = b;
        n[i] = 'W';
        if (closeMill(i, n))
            generateRemove(n, out);
        else
            out.push_back(n);
    }
    return out;
}

std::vector<Board> generateMove(const Board& b) {
    std::vector<Board> out;
    for (int i = 0; i < kPoints; ++i) {
        if (b[i] != 'W') continue;
        for (int j : kNeighbors[i]) {
            if (b[j] != 'x') continue;
            Board n = b;
            n[i] = 'x';
            n[j] = 'W';
            if (closeMill(j, n))
                generateRemove(n, out);
            else
                out.push_back(n);
        }
    }
    return out;
}

std::vector<Board> generateHopping(const Board& b) {
    std::vector<Board> out;
    for (int from = 0; from < kPoints; ++from) {
        if (b[from] != 'W') continue;
        for (int to = 0; to < kPoints; ++to) {
            if (b[to] != 'x') continue;
            Board n = b;
            n[from] = 'x';
            n[to] = 'W';
            if (closeMill(to, n))
                generateRemove(n, out);
            else
                out.push_back(n);
        }
    }
    return out;
}

std::vector<Board> generateMovesOpening(const Board& b) { return generateAdd(b); }

std::vector<Board> generateMovesMidgameEndgame(const Board& b) {
    if (count(b, 'W') == 3) return generateHopping(b);
    return generateMove(b);
}

std::vector<Board> whiteMoves(const Board& b, Phase phase) {
    return phase == Phase::Opening ? generateMovesOpening(b) : generateMovesMidgameEndgame(b);
}

std::vector<Board> blackMoves(const Board& b, Phase phase) {
    std::vector<Board> list = whiteMoves(swapColors(b), phase);
    for (Board& n : list) n = swapColors(n);
    return list;
}

// Same loops as generateMove / generateHopping, but only counting, and for
// either color (so the estimator does not have to swap the whole board).
// A move that closes a mill gives one board per removable enemy piece
// (or a single board if all enemy pieces are in mills).
int countMovesMidgame(const Board& b, char me) {
    char them = me == 'W' ? 'B' : 'W';
    int removable = 0;
    for (int i = 0; i < kPoints; ++i)
        if (b[i] == them && !closeMill(i, b)) ++removable;
    int perMill = removable > 0 ? removable : 1;

    // speed-up: a move can only close a mill on an empty point whose line
    // already holds two of my pieces, so only those points need closesMill()
    std::array<bool, kPoints> candidate{};
    for (const Line& l : kLines) {
        int mine = 0, emptyAt = -1;
        for (int p : l) {
            if (b[p] == me)
                ++mine;
            else if (b[p] == 'x')
                emptyAt = p;
        }
        if (mine == 2 && emptyAt >= 0) candidate[emptyAt] = true;
    }
    auto value = [&](int from, int to) {
        return candidate[to] && closesMill(b, from, to, me) ? perMill : 1;
    };

    int total = 0;
    if (count(b, me) == 3) {
        // hopping: every piece can go to every empty point (3 * empties moves);
        // the ones that close a mill count perMill times instead of once
        total = 3 * count(b, 'x');
        for (int to = 0; to < kPoints; ++to) {
            if (!candidate[to]) continue;
            for (int from = 0; from < kPoints; ++from)
                if (b[from] == me && closesMill(b, from, to, me)) total += perMill - 1;
        }
        return total;
    }
    for (int from = 0; from < kPoints; ++from) {
        if (b[from] != me) continue;
        for (int to : kNeighbors[from])
            if (b[to] == 'x') total += value(from, to);
    }
    return total;
}

int countWhiteMovesMidgame(const Board& b) { return countMovesMidgame(b, 'W'); }
int countBlackMovesMidgame(const Board& b) { return countMovesMidgame(b, 'B'); }

// ---------------------------------------------------------------------------
// static estimations from the handout
// ---------------------------------------------------------------------------

double estimateOpening(const Board& b) { return count(b, 'W') - count(b, 'B'); }

double estimateMidgameEndgame(const Board& b) {
    int white = count(b, 'W');
    int black = count(b, 'B');
    if (black <= 2) return 10000;
    if (white <= 2) return -10000;
    int blackMoves = countBlackMovesMidgame(b);
    if (blackMoves == 0) return 10000;
    return 1000.0 * (white - black) - blackMoves;
}

// ---------------------------------------------------------------------------
// improved estimations (part IV) -- see README.md for the reasoning
// ---------------------------------------------------------------------------

namespace {

struct LineStats {
    int mills = 0;      // lines full of my pieces
    int twoOpen = 0;    // two of mine + an empty point
    int blockedBy = 0;  // two of the opponent's + one of mine (I stopped a mill)
};

LineStats lineStats(const Board& b, char me) {
    char them = me == 'W' ? 'B' : 'W';
    LineStats s;
    for (const Line& l : kLines) {
        int mine = 0, theirs = 0, empty = 0;
        for (int p : l) {
            if (b[p] == me)
                ++mine;
            else if (b[p] == them)
                ++theirs;
            else
                ++empty;
        }
        if (mine == 3) ++s.mills;
        if (mine == 2 && empty == 1) ++s.twoOpen;
        if (theirs == 2 && mine == 1) ++s.blockedBy;
    }
    return s;
}

// pieces that cannot slide anywhere
int stuckPieces(const Board& b, char me) {
    int n = 0;
    for (int i = 0; i < kPoints; ++i) {
        if (b[i] != me) continue;
        bool stuck = true;
        for (int j : kNeighbors[i])
            if (b[j] == 'x') stuck = false;
        if (stuck) ++n;
    }
    return n;
}

}  // namespace

double improvedEstimateOpening(const Board& b) {
    LineStats w = lineStats(b, 'W');
    LineStats k = lineStats(b, 'B');
    double pieces = count(b, 'W') - count(b, 'B');
    return 60 * pieces                    // material is still what matters most
           + 7 * (w.twoOpen - k.twoOpen)  // mill threats
           + 4 * (w.blockedBy - k.blockedBy)  // opponent's mills we stopped
           + 2 * (w.mills - k.mills)      // a standing mill can be opened/closed later
           - 2 * (stuckPieces(b, 'W') - stuckPieces(b, 'B'));
}

double improvedEstimateMidgameEndgame(const Board& b) {
    int white = count(b, 'W');
    int black = count(b, 'B');
    if (black <= 2) return 10000;
    if (white <= 2) return -10000;
    int blackMoves = countBlackMovesMidgame(b);
    if (blackMoves == 0) return 10000;
    int whiteMoves = countWhiteMovesMidgame(b);
    if (whiteMoves == 0) return -10000;

    LineStats w = lineStats(b, 'W');
    LineStats k = lineStats(b, 'B');
    double score = 1000.0 * (white - black);
    score += 30 * (w.twoOpen - k.twoOpen);
    score += 15 * (stuckPieces(b, 'B') - stuckPieces(b, 'W'));
    // mobility only matters while sliding; a hopping side can always move
    if (white > 3 && black > 3) score += 4 * (whiteMoves - blackMoves);
    return score;
}

// ---------------------------------------------------------------------------
// search
// ---------------------------------------------------------------------------

namespace {

struct Searcher {
    Phase phase;
    const Estimator& estimate;
    long long evaluated = 0;

    double leaf(const Board& b) {
        ++evaluated;
        return estimate(b);
    }

    // plain MINIMAX
    double maxValue(const Board& b, int depth) {
        if (depth == 0) return leaf(b);
        double v = -kInf;  // no move at all: White is lost
        for (const Board& c : whiteMoves(b, phase)) v = std::max(v, minValue(c, depth - 1));
        return v;
    }
    double minValue(const Board& b, int depth) {
        if (depth == 0) return leaf(b);
        double v = kInf;  // no move at all: Black is lost
        for (const Board& c : blackMoves(b, phase)) v = std::min(v, maxValue(c, depth - 1));
        return v;
    }

    // ALPHA-BETA
    double maxValue(const Board& b, int depth, double alpha, double beta) {
        if (depth == 0) return leaf(b);
        double v = -kInf;
        for (const Board& c : whiteMoves(b, phase)) {
            v = std::max(v, minValue(c, depth - 1, alpha, beta));
            if (v >= beta) return v;
            alpha = std::max(alpha, v);
        }
        return v;
    }
    double minValue(const Board& b, int depth, double alpha, double beta) {
        if (depth == 0) return leaf(b);
        double v = kInf;
        for (const Board& c : blackMoves(b, phase)) {
            v = std::min(v, maxValue(c, depth - 1, alpha, beta));
            if (v <= alpha) return v;
            beta = std::min(beta, v);
        }
        return v;
    }
};

}  // namespace

Result minimax(const Board& root, int depth, Phase phase, const Estimator& estimate) {
    Searcher s{phase, estimate};
    Result r;
    for (const Board& c : whiteMoves(root, phase)) {
        double v = s.minValue(c, depth - 1);
        if (!r.hasMove || v > r.value) {  // ties: keep the first move
            r.hasMove = true;
            r.board = c;
            r.value = v;
        }
    }
    r.evaluated = s.evaluated;
    return r;
}

Result alphaBeta(const Board& root, int depth, Phase phase, const Estimator& estimate) {
    Searcher s{phase, estimate};
    Result r;
    double alpha = -kInf, beta = kInf;
    for (const Board& c : whiteMoves(root, phase)) {
        double v = s.minValue(c, depth - 1, alpha, beta);
        if (!r.hasMove || v > r.value) {
            r.hasMove = true;
            r.board = c;
            r.value = v;
        }
        if (r.value >= beta) break;
        alpha = std::max(alpha, r.value);
    }
    r.evaluated = s.evaluated;
    return r;
}

// ---------------------------------------------------------------------------
// command line
// ---------------------------------------------------------------------------

namespace {

bool readBoard(const std::string& path, Board& board) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "error: cannot read " << path << "\n";
        return false;
    }
    std::string word;
    in >> word;
    if (word.size() != static_cast<size_t>(kPoints) ||
        word.find_first_not_of("WBx") != std::string::npos) {
        std::cerr << "error: " << path << " does not hold a board of 22 W/B/x\n";
        return false;
    }
    board = word;
    return true;
}

}  // namespace

int run(int argc, char** argv, const Program& program) {
    if (argc != 4) {
        std::cerr << "usage: " << argv[0] << " <input board file> <output board file> <depth>\n";
        return 2;
    }
    Board board;
    if (!readBoard(argv[1], board)) return 2;

    int depth = 0;
    {
        std::istringstream ds(argv[3]);
        char extra;
        if (!(ds >> depth) || ds >> extra || depth < 1) {
            std::cerr << "error: depth must be a positive integer\n";
            return 2;
        }
    }

    // Black programs: swap colors, play White, swap back
    Board position = program.playBlack ? swapColors(board) : board;

    Estimator estimate;
    if (program.phase == Phase::Opening)
        estimate = program.improved ? improvedEstimateOpening : estimateOpening;
    else
        estimate = program.improved ? improvedEstimateMidgameEndgame : estimateMidgameEndgame;

    Result r = program.algorithm == Algorithm::AlphaBeta
                   ? alphaBeta(position, depth, program.phase, estimate)
                   : minimax(position, depth, program.phase, estimate);

    if (!r.hasMove) {
        std::cerr << (program.playBlack ? "Black" : "White")
                  << " has no legal move in this position (game lost), nothing to play\n";
        return 3;
    }

    Board chosen = program.playBlack ? swapColors(r.board) : r.board;

    std::ofstream out(argv[2]);
    if (!out) {
        std::cerr << "error: cannot write " << argv[2] << "\n";
        return 2;
    }
    out << chosen << "\n";

    std::cout << "Board: " << chosen << "\n";
    std::cout << "Positions evaluated: " << r.evaluated << "\n";
    std::cout << "Static estimation: " << r.value << "\n";
    return 0;
}

}  // namespace game
