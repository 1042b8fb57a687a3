package edu.utd.ai.project2;

import java.io.IOException;
import java.util.List;

/**
 * Part IV, program 2: MINIMAX for White in the midgame/endgame with my own static estimation.
 *
 * Wins and losses are scored like in the handout (+-10000). Otherwise the piece difference
 * still dominates (x1000), and then instead of only "minus the number of black moves" I use
 *  - the mobility difference (white moves - black moves) x2, so White also tries to keep
 *    its own pieces free and not only to block Black,
 *  - open twos (two pieces + an empty point on a line) x10 for each side,
 *  - closed mills x5 (a mill that can be opened and closed again is a threat).
 * A White side that cannot move at all is scored as lost.
 *
 * usage: java -cp out edu.utd.ai.project2.MiniMaxGameImproved board3.txt board4.txt 3
 */
public class MiniMaxGameImproved {

    static int positionsEvaluated = 0;

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: MiniMaxGameImproved <input file> <output file> <depth>");
            System.exit(1);
        }
        char[] board;
        int depth;
        try {
            board = Board.readBoard(args[0]);
            depth = Integer.parseInt(args[2].trim());
        } catch (IOException | NumberFormatException e) {
            System.err.println("Error: " + e.getMessage());
            System.exit(1);
            return;
        }
        if (depth < 1) {
            System.err.println("Error: depth must be at least 1");
            System.exit(1);
        }

        char[] best = null;
        int bestValue = Integer.MIN_VALUE;
        List<char[]> moves = Board.generateMovesMidgameEndgame(board);
        if (moves.isEmpty()) {
            best = board;
            bestValue = -10000;
        }
        for (char[] m : moves) {
            int v = minMax(m, depth - 1);
            if (best == null || v > bestValue) {
                best = m;
                bestValue = v;
            }
        }

        System.out.println("Best move: " + new String(best));
        System.out.println("Number of positions evaluated: " + positionsEvaluated);
        System.out.println("MINIMAX estimate: " + bestValue);
        try {
            Board.writeBoard(args[1], best);
        } catch (IOException e) {
            System.err.println("Error: could not write " + args[1] + ": " + e.getMessage());
            System.exit(1);
        }
    }

    /** my improved estimation for the midgame / endgame */
    static int improvedEstimationMidgameEndgame(char[] b) {
        int numWhite = Board.count(b, 'W');
        int numBlack = Board.count(b, 'B');
        if (numBlack <= 2) return 10000;
        if (numWhite <= 2) return -10000;
        int blackMoves = Board.countBlackMoves(b);
        if (blackMoves == 0) return 10000;
        int whiteMoves = Board.countBlackMoves(Board.swap(b));   // white moves = black moves of the swapped board
        if (whiteMoves == 0) return -10000;

        int score = 1000 * (numWhite - numBlack) + 2 * (whiteMoves - blackMoves);
        for (int[] mill : Board.allMills()) {
            int w = 0, bl = 0, empty = 0;
            for (int p : mill) {
                if (b[p] == 'W') w++;
                else if (b[p] == 'B') bl++;
                else empty++;
            }
            if (w == 3) score += 5;
            if (bl == 3) score -= 5;
            if (w == 2 && empty == 1) score += 10;
            if (bl == 2 && empty == 1) score -= 10;
        }
        return score;
    }

    static int maxMin(char[] b, int depth) {
        if (depth == 0) {
            positionsEvaluated++;
            return improvedEstimationMidgameEndgame(b);
        }
        int v = Integer.MIN_VALUE;
        for (char[] m : Board.generateMovesMidgameEndgame(b)) {
            v = Math.max(v, minMax(m, depth - 1));
        }
        return v;
    }

    static int minMax(char[] b, int depth) {
        if (depth == 0) {
            positionsEvaluated++;
            return improvedEstimationMidgameEndgame(b);
        }
        int v = Integer.MAX_VALUE;
        for (char[] m : Board.generateBlackMovesMidgameEndgame(b)) {
            v = Math.min(v, maxMin(m, depth - 1));
        }
        return v;
    }
}
